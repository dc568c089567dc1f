// Category screens: every category with its product count (/categories), and
// one category's page, a listing of its products.
import { db } from "~/utils/db.server";
import { DEFAULT_SORT, PAGE_SIZE, slugLike, type SortId } from "./catalog";
import { catalogCache } from "./catalog-cache.server";
import { listCategories, type CategorySummary } from "./category.server";
import { listProducts, type ProductPage } from "./listing.server";
import type { CountMode } from "./listing-counts.server";

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

/** A category and its products (newest first unless sorted, paged like the home page); null for an unknown slug. */
type CategoryPageOptions = { page?: number; mode?: "through" | "page"; pageSize?: number; count?: CountMode; sort?: SortId | null };
type CategoryPage<Total extends number | null> = ProductPage<Total> & { category: CategorySummary };
export function getCategoryPage(
  slug: string | undefined,
  options?: CategoryPageOptions & { count?: "always" },
): Promise<CategoryPage<number> | null>;
export function getCategoryPage(slug: string | undefined, options: CategoryPageOptions): Promise<CategoryPage<number | null> | null>;
export async function getCategoryPage(
  slug: string | undefined,
  { page = 1, mode = "through", pageSize = PAGE_SIZE, count = "always", sort = null }: CategoryPageOptions = {},
): Promise<CategoryPage<number | null> | null> {
  const category = await getCategoryBySlug(slug);
  if (!category) return null;
  const listing = await listProducts(
    { categoryIds: [category.id], price: null, sort: sort ?? DEFAULT_SORT, page },
    { mode, pageSize, count },
  );
  return { category, ...listing };
}
