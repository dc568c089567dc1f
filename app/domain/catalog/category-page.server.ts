// Category screens: every category with its product count (/categories), and
// one category's page, a listing of its products.
import { Prisma } from "@prisma/client";
import { db } from "~/utils/db.server";
import { DEFAULT_SORT, PAGE_SIZE, slugLike, type PriceRange, type SortId } from "./catalog";
import { catalogCache } from "./catalog-cache.server";
import { listCategories, type CategorySummary } from "./category.server";
import { listProducts, type ProductPage } from "./listing.server";
import type { CountMode } from "./listing-counts.server";
import { applicableFacets, readFacets } from "./facets.server";
import { NO_FACETS, type FacetChoice, type Facets } from "./facets";

export type CategoryWithCount = { id: string; name: string; slug: string; productCount: number };

const categoriesWithCounts = catalogCache<CategoryWithCount[]>(1);

/** Every category with how many products it has, by name (from memory until the catalogue changes). */
export function listCategoriesWithCounts(): Promise<CategoryWithCount[]> {
  return categoriesWithCounts.get("all", async () => {
    const rows = await db.category.findMany({
      select: { id: true, name: true, slug: true, _count: { select: { products: true } } },
      orderBy: { name: "asc" },
    });
    return rows.map(({ _count, ...c }) => ({ ...c, productCount: _count.products }));
  });
}

/** A category by its slug, from the category list (in memory while the catalogue listener runs). */
export async function getCategoryBySlug(slug: string | undefined): Promise<CategorySummary | null> {
  if (!slugLike(slug)) return null;
  return (await listCategories()).find((category) => category.slug === slug) ?? null;
}

/**
 * A category and its products (newest first unless sorted, paged like the
 * home page), narrowed by a price band and facets; with its facets' counts
 * (read beside the products) unless only a page is asked for (Load More).
 * Null for an unknown slug.
 */
type CategoryPageOptions = {
  page?: number;
  mode?: "through" | "page";
  pageSize?: number;
  count?: CountMode;
  sort?: SortId | null;
  price?: PriceRange | null;
  facets?: FacetChoice;
};
type CategoryPage<Total extends number | null> = ProductPage<Total> & {
  category: CategorySummary;
  /** Null when only a page was asked for. */
  facets: Facets | null;
  /** The facets as applied (options no product has dropped). */
  choice: FacetChoice;
};
export function getCategoryPage(
  slug: string | undefined,
  options?: CategoryPageOptions & { count?: "always" },
): Promise<CategoryPage<number> | null>;
export function getCategoryPage(slug: string | undefined, options: CategoryPageOptions): Promise<CategoryPage<number | null> | null>;
export async function getCategoryPage(
  slug: string | undefined,
  {
    page = 1,
    mode = "through",
    pageSize = PAGE_SIZE,
    count = "always",
    sort = null,
    price = null,
    facets: rawFacets = NO_FACETS,
  }: CategoryPageOptions = {},
): Promise<CategoryPage<number | null> | null> {
  const [category, choice] = await Promise.all([getCategoryBySlug(slug), applicableFacets(rawFacets)]);
  if (!category) return null;
  const [listing, counted] = await Promise.all([
    listProducts({ categoryIds: [category.id], price, sort: sort ?? DEFAULT_SORT, page }, { mode, pageSize, count, facets: choice }),
    mode === "through"
      ? readFacets({
          base: Prisma.sql`p."categoryId" = ${category.id}`,
          key: `category ${category.id}`,
          categoryIds: null,
          price,
          choice,
          common: true,
        })
      : null,
  ]);
  return { category, ...listing, facets: counted?.facets ?? null, choice };
}
