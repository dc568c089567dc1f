// The product listings: the home page's filters, sort and paging (a category
// page is one of them), the API's lists. Each page is one indexed statement;
// totals come from the kept counts (listing-counts.server.ts) and Load More
// learns whether more follow from one extra row.
import { Prisma } from "@prisma/client";
import { listingCachesUsable } from "~/utils/catalog-bus";
import { readRows } from "~/utils/sql.server";
import { DEFAULT_SORT, PAGE_SIZE, type ListingQuery } from "./catalog";
import { listCategories } from "./category.server";
import {
  fromRow,
  LISTED_COLUMNS,
  LISTED_JOINS,
  ORDER_SQL,
  windowFor,
  type ListedProduct,
  type ListedSqlRow,
  type Window,
} from "./listed-product.server";
import { BOUNDARY_EVERY, listingRows, readFromBoundary, type Listing } from "./listing-boundaries.server";
import { countFor, countListing, listingKey, WHOLE_CATALOGUE, type CountMode } from "./listing-counts.server";
import { facetWhere } from "./facets.server";
import { facetSearch, hasFacets, type FacetChoice } from "./facets";

/** Most products one API list answer carries (clients page with product-list). */
export const API_LIST_LIMIT = 100;

export function listingWhereSql(query: Pick<ListingQuery, "categoryIds" | "price">): Prisma.Sql {
  const conditions: Prisma.Sql[] = [];
  // One category (a category page) by equality: then its (categoryId, order) index gives the order;
  // PostgreSQL only filters by `= ANY(…)`, even with one element.
  if (query.categoryIds.length === 1) conditions.push(Prisma.sql`p."categoryId" = ${query.categoryIds[0]}`);
  else if (query.categoryIds.length) conditions.push(Prisma.sql`p."categoryId" = ANY(${query.categoryIds}::text[])`);
  if (query.price) {
    conditions.push(Prisma.sql`p."priceCents" >= ${query.price.minCents}`);
    if (query.price.maxCents !== null) conditions.push(Prisma.sql`p."priceCents" < ${query.price.maxCents}`);
  }
  return conditions.length ? Prisma.join(conditions, " AND ") : Prisma.sql`TRUE`;
}

/** Drops category ids that name no category, so a stale or invented id is ignored rather than emptying the list. */
async function withKnownCategories<Q extends Pick<ListingQuery, "categoryIds">>(query: Q): Promise<Q> {
  if (!query.categoryIds.length) return query;
  const ids = new Set((await listCategories()).map((c) => c.id));
  return { ...query, categoryIds: query.categoryIds.filter((id) => ids.has(id)) };
}

export type ProductPage<Total extends number | null = number> = {
  products: ListedProduct[];
  /** Products matching the filters (not just the ones returned); null when not counted. */
  total: Total;
  /** Whether products follow this page (read as one extra row, never counted). */
  hasMore: boolean;
  /** The page asked for, clamped to the last page in "through" mode. */
  page: number;
  pageSize: number;
  /** Index (0-based) of the first returned product in the whole ordered list. */
  offset: number;
  /** The query as applied (unknown category ids removed). */
  query: ListingQuery;
};

/**
 * Reads a window of an ordered listing, one row more than asked to learn
 * whether more follow. Deep windows first find their ids in the sort order's
 * index alone (an index-only scan skips the rows before the window without
 * reading them), then read only the window's rows; from BOUNDARY_EVERY on,
 * that scan starts at the nearest boundary (see listing-boundaries.server.ts).
 * A filter on a few categories finds its ids among each category's first
 * rows in the order, merged (listingRows), at any depth.
 */
async function readWindow(listing: Listing, window: Window, faceted = false) {
  const { where, order } = listing;
  const { skip, take } = window;
  // Boundaries are kept until a listing change; a faceted listing also moves with stock and variants.
  if (skip >= BOUNDARY_EVERY && listingCachesUsable() && !faceted) {
    const fromBoundary = await readFromBoundary(listing, window);
    if (fromBoundary) return fromBoundary;
  }
  const rows =
    skip < DEEP_OFFSET && !listing.perCategory
      ? await readRows<ListedSqlRow>(Prisma.sql`
          SELECT ${LISTED_COLUMNS} FROM "Product" p ${LISTED_JOINS}
          WHERE ${where} ORDER BY ${order} LIMIT ${take + 1} OFFSET ${skip}`)
      : await readRows<ListedSqlRow>(Prisma.sql`
          WITH ids AS (SELECT p.id FROM ${listingRows(listing, skip + take + 1)} ORDER BY ${order} LIMIT ${take + 1} OFFSET ${skip})
          SELECT ${LISTED_COLUMNS} FROM ids JOIN "Product" p ON p.id = ids.id ${LISTED_JOINS}
          ORDER BY ${order}`);
  return { products: rows.slice(0, take).map(fromRow), hasMore: rows.length > take };
}

/** Listings filtered on at most this many categories read each category's index range and merge them. */
const MERGED_CATEGORIES = 8;

/** From this offset on, a window is found in the index first (see readWindow). */
const DEEP_OFFSET = 240;

/**
 * One listing query, and the count from memory (or one count query).
 *  - `through`: products 1..page*pageSize (the no-JavaScript Load More page),
 *    capped at MAX_SHOWN products ending at that page; the page is clamped to the last one.
 *  - `page`: only the products of that page (what Load More appends, and the API's pages).
 */
type ListingOptions = {
  mode?: "through" | "page";
  pageSize?: number;
  count?: CountMode;
  /** Options and "In stock only" (category pages; facets.server.ts), applied after the query's own filters. */
  facets?: FacetChoice;
};
export function listProducts(rawQuery: ListingQuery, options?: ListingOptions & { count?: "always" }): Promise<ProductPage>;
export function listProducts(rawQuery: ListingQuery, options: ListingOptions): Promise<ProductPage<number | null>>;
export async function listProducts(
  rawQuery: ListingQuery,
  { mode = "through", pageSize = PAGE_SIZE, count = "always", facets }: ListingOptions = {},
): Promise<ProductPage<number | null>> {
  const query = await withKnownCategories(rawQuery);
  const faceted = facets !== undefined && hasFacets(facets);
  const chosen = faceted ? facetWhere(facets) : null;
  const withFacets = (sql: Prisma.Sql) => (chosen ? Prisma.sql`${sql} AND ${chosen}` : sql);
  const where = withFacets(listingWhereSql(query));
  const order = ORDER_SQL[query.sort] ?? ORDER_SQL[DEFAULT_SORT];
  const countKey = faceted ? `${listingKey(query)} ${facetSearch(facets)}` : listingKey(query);
  const sort = ORDER_SQL[query.sort] ? query.sort : DEFAULT_SORT;
  const categoryIds = [...new Set(query.categoryIds)];
  // A few categories are read per category and merged (listingRows); among many, the catalogue's order finds rows soon enough.
  const perCategory =
    categoryIds.length > 1 && categoryIds.length <= MERGED_CATEGORIES
      ? categoryIds.map((id) => withFacets(listingWhereSql({ ...query, categoryIds: [id] })))
      : undefined;
  const listing: Listing = { where, order, sort, key: countKey, perCategory };
  const countMode: CountMode = mode === "through" ? "always" : count;

  let page = query.page;
  // The rows and (on a miss) the count run side by side on two pooled connections.
  const [first, total] = await Promise.all([
    readWindow(listing, windowFor(mode, page, pageSize), faceted),
    countFor(countKey, countMode, () => countListing(where), faceted),
  ]);
  let { products, hasMore } = first;
  if (mode === "through" && total !== null) {
    const lastPage = Math.max(1, Math.ceil(total / pageSize));
    if (page > lastPage) {
      page = lastPage;
      // Only a capped window can have started past the end; fetch the real last window.
      if (windowFor(mode, query.page, pageSize).skip > 0)
        ({ products, hasMore } = await readWindow(listing, windowFor(mode, page, pageSize), faceted));
    }
  }
  return { products, total, hasMore, page, pageSize, offset: windowFor(mode, page, pageSize).skip, query: { ...query, page } };
}

/** Every product, counted once per catalogue change. */
export async function countProducts(): Promise<number> {
  return (await countFor(WHOLE_CATALOGUE, "always", () => countListing(Prisma.sql`TRUE`))) ?? 0;
}

/** The newest products matching `where`, at most `limit` (the API's newest list, a product's similar ones). */
export async function listNewestWhere(where: Prisma.Sql, key: string, limit: number): Promise<ListedProduct[]> {
  const listing: Listing = { where, order: ORDER_SQL.newest, sort: "newest", key };
  return (await readWindow(listing, { skip: 0, take: limit })).products;
}

/** The newest products (the API's get-product list). */
export function listNewestProducts(limit = API_LIST_LIMIT): Promise<ListedProduct[]> {
  return listNewestWhere(Prisma.sql`TRUE`, WHOLE_CATALOGUE, limit);
}
