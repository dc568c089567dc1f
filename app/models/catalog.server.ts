// Every read of the catalog: listings with filters, sort and paging (with the
// total in the same call), search, product and category pages, similar
// products, photos and the sitemap. Each is one indexed query (plus a count);
// listings select explicit columns and never touch photo bytes.
import { Prisma } from "@prisma/client";
import { db } from "~/utils/db.server";
import {
  DEFAULT_SORT,
  LONE_SURROGATE,
  PAGE_SIZE,
  SEARCH_PAGE_SIZE,
  idSchema,
  normalizeKeyword,
  type ListingQuery,
  type ProductCardData,
  type ProductChunk,
  type SortId,
} from "./catalog";

/** A no-JavaScript page N shows products 1..N*pageSize, but never more than this many at once. */
export const MAX_SHOWN = 600;
/** Similar products on a product page. */
export const SIMILAR_LIMIT = 6;
/** Most products one API list answer carries (clients page with product-list). */
export const API_LIST_LIMIT = 100;
/** At most this many words of a keyword are matched. */
const MAX_SEARCH_WORDS = 8;

/** The columns every product read selects (the admin's too): never the photo's bytes, only its etag. */
export const listedSelect = {
  id: true,
  name: true,
  slug: true,
  description: true,
  priceCents: true,
  quantity: true,
  shipping: true,
  createdAt: true,
  updatedAt: true,
  category: { select: { id: true, name: true, slug: true } },
  photo: { select: { etag: true } },
} satisfies Prisma.ProductSelect;

/** A product row as `listedSelect` reads it. */
export type ListedRow = Prisma.ProductGetPayload<{ select: typeof listedSelect }>;

/** A product as listings, cards and the API use it. `photoVersion` is the photo's etag (null: no photo). */
export type ListedProduct = Omit<ListedRow, "photo"> & { photoVersion: string | null };

function toListed({ photo, ...row }: ListedRow): ListedProduct {
  return { ...row, photoVersion: photo?.etag ?? null };
}

/** What a product card needs, and nothing more (keeps listing payloads small). */
export function toProductCard(product: ListedProduct): ProductCardData {
  return {
    id: product.id,
    name: product.name,
    slug: product.slug,
    description: product.description.slice(0, 60),
    priceCents: product.priceCents,
    quantity: product.quantity,
    photoVersion: product.photoVersion,
  };
}

/** Some products of a listing and where they stand in it. */
type ListingSlice = { products: ListedProduct[]; total: number; page: number; offset: number };

/** A listing's one-page answer to Load More (`chunk=1`), as cards. */
export function productChunk(slice: ListingSlice, listKey: string): ProductChunk {
  return { chunk: true, listKey, products: slice.products.map(toProductCard), total: slice.total, page: slice.page };
}

/** A listing page's grid data, as cards (`listKey` names the filters; Load More's pages must match it). */
export function productGrid(slice: ListingSlice, listKey: string) {
  return { listKey, products: slice.products.map(toProductCard), total: slice.total, page: slice.page, offset: slice.offset };
}

// Every order ends with the id so equal prices, names or times still page
// deterministically: each product appears on exactly one page.
const ORDER_BY: Record<SortId, Prisma.ProductOrderByWithRelationInput[]> = {
  newest: [{ createdAt: "desc" }, { id: "desc" }],
  "price-asc": [{ priceCents: "asc" }, { id: "asc" }],
  "price-desc": [{ priceCents: "desc" }, { id: "desc" }],
  name: [{ name: "asc" }, { id: "asc" }],
};

function listingWhere(query: Pick<ListingQuery, "categoryIds" | "price">): Prisma.ProductWhereInput {
  const where: Prisma.ProductWhereInput = {};
  if (query.categoryIds.length) where.categoryId = { in: query.categoryIds };
  if (query.price) {
    where.priceCents = { gte: query.price.minCents, ...(query.price.maxCents !== null ? { lt: query.price.maxCents } : {}) };
  }
  return where;
}

/** Drops category ids that name no category, so a stale or invented id is ignored rather than emptying the list. */
async function withKnownCategories<Q extends Pick<ListingQuery, "categoryIds">>(query: Q): Promise<Q> {
  if (!query.categoryIds.length) return query;
  const known = await db.category.findMany({ where: { id: { in: query.categoryIds } }, select: { id: true } });
  const ids = new Set(known.map((c) => c.id));
  return { ...query, categoryIds: query.categoryIds.filter((id) => ids.has(id)) };
}

export type ProductPage = {
  products: ListedProduct[];
  /** Products matching the filters (not just the ones returned). */
  total: number;
  /** The page asked for, clamped to the last page in "through" mode. */
  page: number;
  pageSize: number;
  /** Index (0-based) of the first returned product in the whole ordered list. */
  offset: number;
  /** The query as applied (unknown category ids removed). */
  query: ListingQuery;
};

/**
 * One listing query and its count.
 *  - `through`: products 1..page*pageSize (the no-JavaScript Load More page),
 *    capped at MAX_SHOWN products ending at that page; the page is clamped to the last one.
 *  - `page`: only the products of that page (what Load More appends, and the API's pages).
 */
export async function listProducts(
  rawQuery: ListingQuery,
  { mode = "through", pageSize = PAGE_SIZE }: { mode?: "through" | "page"; pageSize?: number } = {},
): Promise<ProductPage> {
  const query = await withKnownCategories(rawQuery);
  const where = listingWhere(query);
  const orderBy = ORDER_BY[query.sort] ?? ORDER_BY[DEFAULT_SORT];
  const window = (page: number) =>
    mode === "page"
      ? { skip: (page - 1) * pageSize, take: pageSize }
      : { skip: Math.max(0, page * pageSize - MAX_SHOWN), take: Math.min(page * pageSize, MAX_SHOWN) };

  // The rows and the count run side by side on two pooled connections.
  let page = query.page;
  const [rows, total] = await Promise.all([
    db.product.findMany({ where, orderBy, select: listedSelect, ...window(page) }),
    db.product.count({ where }),
  ]);
  let products = rows;
  if (mode === "through") {
    const lastPage = Math.max(1, Math.ceil(total / pageSize));
    if (page > lastPage) {
      page = lastPage;
      // Only a capped window can have started past the end; fetch the real last window.
      if (window(query.page).skip > 0) products = await db.product.findMany({ where, orderBy, select: listedSelect, ...window(page) });
    }
  }
  return { products: products.map(toListed), total, page, pageSize, offset: window(page).skip, query: { ...query, page } };
}

export function countProducts(): Promise<number> {
  return db.product.count();
}

/** The newest products (the API's get-product list). */
export async function listNewestProducts(limit = API_LIST_LIMIT): Promise<ListedProduct[]> {
  const rows = await db.product.findMany({ orderBy: ORDER_BY.newest, select: listedSelect, take: limit });
  return rows.map(toListed);
}

// ---------------------------------------------------------------- search

/** `text` as a LIKE pattern that matches it literally: `%`, `_` and `\` lose their meaning. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, "\\$&");
}

/** The words of a keyword as `%word%` patterns (at most MAX_SEARCH_WORDS, duplicates dropped). */
export function keywordPatterns(keyword: string): string[] {
  const words = [...new Set(normalizeKeyword(keyword).toLowerCase().split(" ").filter(Boolean))].slice(0, MAX_SEARCH_WORDS);
  return words.map((word) => `%${escapeLike(word)}%`);
}

/**
 * Every word must appear in the name or the description, case-insensitively.
 * ILIKE with these patterns is served by the trigram GIN indexes on
 * Product.name and Product.description (pg_trgm), not a sequential scan.
 */
export function searchWhere(patterns: string[]): Prisma.Sql {
  return Prisma.join(
    patterns.map((p) => Prisma.sql`(p."name" ILIKE ${p} ESCAPE '\\' OR p."description" ILIKE ${p} ESCAPE '\\')`),
    " AND ",
  );
}

function nameMatchesAll(patterns: string[]): Prisma.Sql {
  return Prisma.join(
    patterns.map((p) => Prisma.sql`p."name" ILIKE ${p} ESCAPE '\\'`),
    " AND ",
  );
}

/** A search hit as the raw query returns it: the listed columns, the category's and the photo's flattened. */
type SearchRow = Omit<ListedProduct, "category" | "photoVersion"> & {
  categoryId: string;
  categoryName: string;
  categorySlug: string;
  photoEtag: string | null;
};

export type SearchResult = { keyword: string; products: ListedProduct[]; total: number; page: number; pageSize: number; offset: number };

/**
 * Products whose name or description contains every word of the keyword,
 * name matches first (then by name). An empty keyword finds nothing; odd
 * characters are matched literally; long keywords are cut to MAX_KEYWORD_LENGTH.
 * Modes work as in listProducts.
 */
export async function searchProducts(
  rawKeyword: unknown,
  { page: askedPage = 1, mode = "through", pageSize = SEARCH_PAGE_SIZE }: { page?: number; mode?: "through" | "page"; pageSize?: number } = {},
): Promise<SearchResult> {
  const keyword = normalizeKeyword(rawKeyword);
  const patterns = keywordPatterns(keyword);
  if (!patterns.length) return { keyword, products: [], total: 0, page: 1, pageSize, offset: 0 };
  const where = searchWhere(patterns);
  const window = (page: number) =>
    mode === "page"
      ? { skip: (page - 1) * pageSize, take: pageSize }
      : { skip: Math.max(0, page * pageSize - MAX_SHOWN), take: Math.min(page * pageSize, MAX_SHOWN) };
  const select = ({ skip, take }: { skip: number; take: number }) => db.$queryRaw<SearchRow[]>`
    SELECT p.id, p.name, p.slug, p.description, p."priceCents", p.quantity, p.shipping, p."createdAt", p."updatedAt",
           c.id AS "categoryId", c.name AS "categoryName", c.slug AS "categorySlug", ph.etag AS "photoEtag"
    FROM "Product" p
    JOIN "Category" c ON c.id = p."categoryId"
    LEFT JOIN "ProductPhoto" ph ON ph."productId" = p.id
    WHERE ${where}
    ORDER BY (${nameMatchesAll(patterns)}) DESC, p.name ASC, p.id ASC
    LIMIT ${take} OFFSET ${skip}`;

  let page = Math.max(1, askedPage);
  const [firstRows, countRows] = await Promise.all([
    select(window(page)),
    db.$queryRaw<{ total: number }[]>`SELECT count(*)::int AS total FROM "Product" p WHERE ${where}`,
  ]);
  let rows = firstRows;
  const total = Number(countRows[0]?.total ?? 0);
  if (mode === "through") {
    const lastPage = Math.max(1, Math.ceil(total / pageSize));
    if (page > lastPage) {
      const overshot = window(page).skip > 0;
      page = lastPage;
      if (overshot) rows = await select(window(page));
    }
  }
  const offset = window(page).skip;
  const products = rows.map((row) => ({
    id: row.id,
    name: row.name,
    slug: row.slug,
    description: row.description,
    priceCents: Number(row.priceCents),
    quantity: Number(row.quantity),
    shipping: row.shipping,
    createdAt: new Date(row.createdAt),
    updatedAt: new Date(row.updatedAt),
    category: { id: row.categoryId, name: row.categoryName, slug: row.categorySlug },
    photoVersion: row.photoEtag,
  }));
  return { keyword, products, total, page, pageSize, offset };
}

// ---------------------------------------------------------------- products and categories

// Slugs are short URL-safe text; anything with control characters (NUL cannot
// even be sent to PostgreSQL) or of absurd length names nothing.
const slugLike = (slug: string | undefined): slug is string =>
  typeof slug === "string" && slug.length > 0 && slug.length <= 200 && !/[\u0000-\u001f\u007f]/.test(slug) && !new RegExp(LONE_SURROGATE.source).test(slug);

export type ProductDetail = ListedProduct & { photo: { etag: string; width: number; height: number } | null };

/** One product by its slug, with its category and photo dimensions; null when unknown. */
export async function getProductBySlug(slug: string | undefined): Promise<ProductDetail | null> {
  if (!slugLike(slug)) return null;
  const row = await db.product.findUnique({
    where: { slug },
    select: { ...listedSelect, photo: { select: { etag: true, width: true, height: true } } },
  });
  if (!row) return null;
  return { ...toListed(row), photo: row.photo };
}

/** Other products of the same category (never the product itself), newest first, at most `limit`. */
export async function similarProducts(productId: string, categoryId: string, limit = SIMILAR_LIMIT): Promise<ListedProduct[]> {
  if (!idSchema.safeParse(productId).success || !idSchema.safeParse(categoryId).success) return [];
  const rows = await db.product.findMany({
    where: { categoryId, id: { not: productId } },
    orderBy: ORDER_BY.newest,
    select: listedSelect,
    take: limit,
  });
  return rows.map(toListed);
}

/** The product page: the product and its similar products; null for an unknown slug. */
export async function getProductPage(slug: string | undefined) {
  const product = await getProductBySlug(slug);
  if (!product) return null;
  const similar = await similarProducts(product.id, product.category.id);
  return { product, similar };
}

export type CategoryWithCount = { id: string; name: string; slug: string; productCount: number };

/** Every category with how many products it has, by name. */
export async function listCategoriesWithCounts(): Promise<CategoryWithCount[]> {
  const rows = await db.category.findMany({
    select: { id: true, name: true, slug: true, _count: { select: { products: true } } },
    orderBy: { name: "asc" },
  });
  return rows.map(({ _count, ...c }) => ({ ...c, productCount: _count.products }));
}

export function getCategoryBySlug(slug: string | undefined) {
  if (!slugLike(slug)) return Promise.resolve(null);
  return db.category.findUnique({ where: { slug }, select: { id: true, name: true, slug: true } });
}

/** A category and its products (newest first, paged like the home page); null for an unknown slug. */
export async function getCategoryPage(
  slug: string | undefined,
  { page = 1, mode = "through", pageSize = PAGE_SIZE }: { page?: number; mode?: "through" | "page"; pageSize?: number } = {},
) {
  const category = await getCategoryBySlug(slug);
  if (!category) return null;
  const listing = await listProducts({ categoryIds: [category.id], price: null, sort: DEFAULT_SORT, page }, { mode, pageSize });
  return { category, ...listing };
}

// ---------------------------------------------------------------- photos and sitemap

export type PhotoSize = "full" | "thumb";

/**
 * A product's photo (or its card-sized copy). With `withBytes: false` only the
 * metadata is read, so a conditional request answered 304 never loads the image.
 */
export async function getProductPhoto(productId: string | undefined, size: PhotoSize, { withBytes = true } = {}) {
  if (!idSchema.safeParse(productId).success) return null;
  const thumb = size === "thumb";
  const row = await db.productPhoto.findUnique({
    where: { productId },
    select: { etag: true, contentType: true, thumbType: true, data: withBytes && !thumb, thumbData: withBytes && thumb },
  });
  if (!row) return null;
  return {
    /** The content hash of the original upload; it changes whenever the photo does. */
    version: row.etag,
    etag: thumb ? `"${row.etag}-thumb"` : `"${row.etag}"`,
    contentType: thumb ? row.thumbType : row.contentType,
    bytes: (thumb ? row.thumbData : row.data) ?? null,
  };
}

/** What the sitemap lists: every category and every product, with last change times. */
export async function sitemapEntries() {
  const [categories, products] = await Promise.all([
    db.category.findMany({ select: { slug: true }, orderBy: { name: "asc" } }),
    db.product.findMany({ select: { slug: true, updatedAt: true }, orderBy: { createdAt: "desc" } }),
  ]);
  return { categories, products };
}
