// The product page: a product and its similar products, read in one
// statement. The API's single product is that read; its similar products
// (by product and category id) are a listing of the category.
import { Prisma } from "@prisma/client";
import { readRows } from "~/utils/sql.server";
import { slugLike } from "./catalog";
import { idSchema } from "./catalog-query";
import { fromRow, LISTED_COLUMNS, LISTED_JOINS, type ListedProduct, type ListedSqlRow } from "./listed-product.server";
import { listNewestWhere } from "./listing.server";

/** Similar products on a product page. */
export const SIMILAR_LIMIT = 6;

export type ProductDetail = ListedProduct & { photo: { etag: string; width: number; height: number } | null };

type ProductPageRow = ListedSqlRow & { kind: number; photoWidth: number | null; photoHeight: number | null };

/**
 * The product page: the product and its similar products (newest first, at
 * most SIMILAR_LIMIT); null for an unknown slug. One statement for both.
 */
export async function getProductPage(slug: string | undefined): Promise<{ product: ProductDetail; similar: ListedProduct[] } | null> {
  if (!slugLike(slug)) return null;
  // The limit is written into the text: a plan kept for all values cannot know
  // a parameter's limit, so PostgreSQL would plan again for every page. As it
  // is, each connection plans this statement once (sql.server.ts).
  const rows = await readRows<ProductPageRow>(Prisma.sql`
    SELECT * FROM (
      (SELECT 0 AS kind, 0::bigint AS ord, ${LISTED_COLUMNS}, ph.width AS "photoWidth", ph.height AS "photoHeight"
       FROM "Product" p ${LISTED_JOINS} WHERE p.slug = ${slug})
      UNION ALL
      (SELECT 1, row_number() OVER (ORDER BY p."createdAt" DESC, p.id DESC), ${LISTED_COLUMNS}, NULL::int, NULL::int
       FROM "Product" p ${LISTED_JOINS}
       WHERE p."categoryId" = (SELECT "categoryId" FROM "Product" WHERE slug = ${slug}) AND p.slug <> ${slug}
       ORDER BY p."createdAt" DESC, p.id DESC LIMIT ${Prisma.raw(String(SIMILAR_LIMIT))})
    ) found ORDER BY kind, ord`);
  const [first, ...others] = rows;
  if (!first || Number(first.kind) !== 0) return null;
  const photo = first.photoEtag ? { etag: first.photoEtag, width: Number(first.photoWidth), height: Number(first.photoHeight) } : null;
  return { product: { ...fromRow(first), photo }, similar: others.map(fromRow) };
}

/** One product by its slug, with its category and photo dimensions; null when unknown. Read as the product page reads it. */
export async function getProductBySlug(slug: string | undefined): Promise<ProductDetail | null> {
  return (await getProductPage(slug))?.product ?? null;
}

/** Other products of a category (never the product itself), newest first, at most `limit`: a listing of that category. */
export async function similarProducts(productId: string, categoryId: string, limit = SIMILAR_LIMIT): Promise<ListedProduct[]> {
  if (!idSchema.safeParse(productId).success || !idSchema.safeParse(categoryId).success) return [];
  return listNewestWhere(Prisma.sql`p."categoryId" = ${categoryId} AND p.id <> ${productId}`, `similar ${categoryId} ${productId}`, limit);
}
