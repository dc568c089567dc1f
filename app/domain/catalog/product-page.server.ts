// The product page: a product and its similar products, read in one
// statement. The API's single product is that read; its similar products
// (by product and category id) are a listing of the category.
import { Prisma } from "@prisma/client";
import { readRows } from "~/utils/sql.server";
import { slugLike } from "./catalog";
import { idSchema } from "./catalog-query";
import { fromRow, LISTED_COLUMNS, LISTED_JOINS, type ListedProduct, type ListedSqlRow } from "./listed-product.server";
import { listNewestWhere } from "./listing.server";
import type { ProductOption, VariantView } from "~/domain/catalog/variants/variants";
import { optionsOf } from "~/domain/catalog/variants/variants.server";

/** Similar products on a product page. */
export const SIMILAR_LIMIT = 6;

export type ProductDetail = ListedProduct & {
  photo: { etag: string; width: number; height: number } | null;
  /** The options it is sold in ([] for a simple product) and its variants on sale, in order. */
  options: ProductOption[];
  variants: VariantView[];
};

type ProductPageRow = ListedSqlRow & {
  kind: number;
  photoWidth: number | null;
  photoHeight: number | null;
  options: unknown;
  variants: VariantView[] | null;
};

// The product's variants on sale, in order, with their photos' tags: one column of the page's one statement
// (and of the API lists' one read of their products sold in options, listed-variants.server.ts).
export const VARIANTS_JSON = Prisma.sql`(SELECT json_agg(json_build_object(
    'id', v.id, 'sku', v.sku, 'title', v.title, 'options', v.options, 'priceCents', v."priceCents", 'quantity', v.quantity,
    'photo', CASE WHEN vp.etag IS NULL THEN NULL ELSE json_build_object('etag', vp.etag, 'width', vp.width, 'height', vp.height) END)
    ORDER BY v.position)
  FROM "ProductVariant" v LEFT JOIN "VariantPhoto" vp ON vp."variantId" = v.id
  WHERE v."productId" = p.id AND v."archivedAt" IS NULL)`;

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
      (SELECT 0 AS kind, 0::bigint AS ord, ${LISTED_COLUMNS}, ph.width AS "photoWidth", ph.height AS "photoHeight",
         p.options, ${VARIANTS_JSON} AS variants
       FROM "Product" p ${LISTED_JOINS} WHERE p.slug = ${slug})
      UNION ALL
      (SELECT 1, row_number() OVER (ORDER BY p."createdAt" DESC, p.id DESC), ${LISTED_COLUMNS}, NULL::int, NULL::int, NULL::jsonb, NULL::json
       FROM "Product" p ${LISTED_JOINS}
       WHERE p."categoryId" = (SELECT "categoryId" FROM "Product" WHERE slug = ${slug}) AND p.slug <> ${slug}
       ORDER BY p."createdAt" DESC, p.id DESC LIMIT ${Prisma.raw(String(SIMILAR_LIMIT))})
    ) found ORDER BY kind, ord`);
  const [first, ...others] = rows;
  if (!first || Number(first.kind) !== 0) return null;
  const photo = first.photoEtag ? { etag: first.photoEtag, width: Number(first.photoWidth), height: Number(first.photoHeight) } : null;
  const product = { ...fromRow(first), photo, options: optionsOf(first.options), variants: first.variants ?? [] };
  return { product, similar: others.map(fromRow) };
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
