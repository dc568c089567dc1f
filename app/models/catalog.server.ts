// Every read of the catalog: listings with filters, sort and paging, search,
// product and category pages, similar products, photos and the sitemap. Each
// page is one indexed statement; totals ("Found N") come from a count kept in
// memory until the catalogue changes (one more statement on a miss), and
// Load More learns whether more follow from one extra row. Listings select
// explicit columns and never touch photo bytes.
import { Prisma } from "@prisma/client";
import { catalogBarrier, catalogBus, listingCachesUsable } from "~/utils/catalog-bus";
import { db } from "~/utils/db.server";
import { listCategories, type CategorySummary } from "./category.server";
import { catalogCache } from "./catalog-cache.server";
import {
  DEFAULT_SORT,
  LONE_SURROGATE,
  PAGE_SIZE,
  SEARCH_PAGE_SIZE,
  normalizeKeyword,
  type ListingQuery,
  type ProductCardData,
  type ProductChunk,
  type SortId,
} from "./catalog";
import { idSchema } from "./catalog-query";

/**
 * A no-JavaScript page N shows products 1..N*pageSize, but never more than
 * this many at once: deeper, it shows the last MAX_SHOWN up to page N, and its
 * Load More link leads to page N+1.
 */
export const MAX_SHOWN = 48;
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

/** Some products of a listing and where they stand in it (`total`: null when not counted, see CountMode). */
type ListingSlice = { products: ListedProduct[]; total: number | null; hasMore: boolean; page: number; offset: number };

/** A listing's one-page answer to Load More (`chunk=1`), as cards. */
export function productChunk(slice: ListingSlice, listKey: string): ProductChunk {
  return {
    chunk: true,
    listKey,
    products: slice.products.map(toProductCard),
    total: slice.total,
    hasMore: slice.hasMore,
    page: slice.page,
  };
}

/** A listing page's grid data, as cards (`listKey` names the filters; Load More's pages must match it). */
export function productGrid(slice: ListingSlice & { total: number }, listKey: string) {
  return {
    listKey,
    products: slice.products.map(toProductCard),
    total: slice.total,
    hasMore: slice.hasMore,
    page: slice.page,
    offset: slice.offset,
  };
}

// Listings are hand-written SQL: one statement reads the page's rows with
// their category and photo tag (Prisma's findMany with relations sends three,
// and its per-call overhead showed at catalogue scale; see the README).

/** The columns of a listed product, the category's and the photo tag flattened (see fromRow). */
const LISTED_COLUMNS = Prisma.sql`p.id, p.name, p.slug, p.description, p."priceCents", p.quantity, p.shipping, p."createdAt", p."updatedAt",
  c.id AS "categoryId", c.name AS "categoryName", c.slug AS "categorySlug", ph.etag AS "photoEtag"`;
const LISTED_JOINS = Prisma.sql`JOIN "Category" c ON c.id = p."categoryId" LEFT JOIN "ProductPhoto" ph ON ph."productId" = p.id`;

/** A listed row as the raw queries return it. */
type ListedSqlRow = Omit<ListedProduct, "category" | "photoVersion"> & {
  categoryId: string;
  categoryName: string;
  categorySlug: string;
  photoEtag: string | null;
};

function fromRow(row: ListedSqlRow): ListedProduct {
  return {
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
  };
}

// Every order ends with the id so equal prices, names or times still page
// deterministically: each product appears on exactly one page. Each has a
// matching index (see the migrations).
const ORDER_BY: Record<SortId, Prisma.ProductOrderByWithRelationInput[]> = {
  newest: [{ createdAt: "desc" }, { id: "desc" }],
  "price-asc": [{ priceCents: "asc" }, { id: "asc" }],
  "price-desc": [{ priceCents: "desc" }, { id: "desc" }],
  name: [{ name: "asc" }, { id: "asc" }],
};
const ORDER_SQL: Record<SortId, Prisma.Sql> = {
  newest: Prisma.sql`p."createdAt" DESC, p.id DESC`,
  "price-asc": Prisma.sql`p."priceCents" ASC, p.id ASC`,
  "price-desc": Prisma.sql`p."priceCents" DESC, p.id DESC`,
  name: Prisma.sql`p.name ASC, p.id ASC`,
};

// Search's fallback sorts every match instead of walking a sort order's
// index: the expressions only keep the planner off those indexes (same order
// as ORDER_SQL). See searchTiersSql for when a walk is used instead.
const SEARCH_ORDER_SQL: Record<SortId, Prisma.Sql> = {
  newest: Prisma.sql`(p."createdAt" + interval '0 seconds') DESC, p.id DESC`,
  "price-asc": Prisma.sql`(p."priceCents" + 0) ASC, p.id ASC`,
  "price-desc": Prisma.sql`(p."priceCents" + 0) DESC, p.id DESC`,
  name: Prisma.sql`(p.name || '') ASC, p.id ASC`,
};

function listingWhereSql(query: Pick<ListingQuery, "categoryIds" | "price">): Prisma.Sql {
  const conditions: Prisma.Sql[] = [];
  if (query.categoryIds.length) conditions.push(Prisma.sql`p."categoryId" = ANY(${query.categoryIds}::text[])`);
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

/**
 * How many products match a listing filter or a search: remembered per filter
 * until the catalogue changes, so a page does not count on every request.
 */
const counts = catalogCache<number>(5_000);

/** `always`: count (from memory when possible); `if-cached`: only what memory holds, else null (Load More needs no total). */
export type CountMode = "always" | "if-cached";

function countFor(key: string, mode: CountMode, count: () => Promise<number>): Promise<number | null> {
  return mode === "always" ? counts.get(key, count) : Promise.resolve(counts.peek(key) ?? null);
}

async function countListing(where: Prisma.Sql): Promise<number> {
  const rows = await db.$queryRaw<{ total: number }[]>`SELECT count(*)::int AS total FROM "Product" p WHERE ${where}`;
  return Number(rows[0]?.total ?? 0);
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

type Window = { skip: number; take: number };

/** `through`: products 1..page*pageSize, capped at MAX_SHOWN ending at that page; `page`: that page only. */
function windowFor(mode: "through" | "page", page: number, pageSize: number): Window {
  return mode === "page"
    ? { skip: (page - 1) * pageSize, take: pageSize }
    : { skip: Math.max(0, page * pageSize - MAX_SHOWN), take: Math.min(page * pageSize, MAX_SHOWN) };
}

/** Each order's leading column, how it is cast back from text, and the comparison that means "at or after" in that order. */
const ORDER_KEY: Record<SortId, { column: Prisma.Sql; cast: Prisma.Sql; from: Prisma.Sql }> = {
  newest: { column: Prisma.sql`p."createdAt"`, cast: Prisma.sql`timestamp(3)`, from: Prisma.sql`<=` },
  "price-asc": { column: Prisma.sql`p."priceCents"`, cast: Prisma.sql`int`, from: Prisma.sql`>=` },
  "price-desc": { column: Prisma.sql`p."priceCents"`, cast: Prisma.sql`int`, from: Prisma.sql`<=` },
  name: { column: Prisma.sql`p.name`, cast: Prisma.sql`text`, from: Prisma.sql`>=` },
};

/**
 * Deep pages without walking the index from the start: per listing (filter
 * and order), the key of every BOUNDARY_EVERY-th product ((leading column, id)
 * at positions K, 2K, …), read by one scan of the order's index the first
 * time a page that deep is asked for, and kept until the catalogue changes
 * (catalogCache: emptied by every change on any instance). Page N then starts
 * from the nearest boundary at or before it by keyset and skips fewer than K
 * entries. Without the change listener (remix-serve, models called directly)
 * nothing is kept and pages use OFFSET alone.
 */
export const BOUNDARY_EVERY = 1000;
type Boundary = { value: string; id: string };
const boundaryTables = catalogCache<Boundary[]>(500);

function readBoundaries(where: Prisma.Sql, sort: SortId, order: Prisma.Sql): Promise<Boundary[]> {
  const { column } = ORDER_KEY[sort];
  return db.$queryRaw<Boundary[]>`
    SELECT value, id FROM (
      SELECT ${column}::text AS value, p.id, row_number() OVER (ORDER BY ${order}) AS rn FROM "Product" p WHERE ${where}
    ) numbered
    WHERE rn % ${BOUNDARY_EVERY} = 1 AND rn > 1 ORDER BY rn`;
}

type Listing = { where: Prisma.Sql; order: Prisma.Sql; sort: SortId; key: string };

/** A listing filter's key for the counts and the boundary tables. */
function listingKey(query: Pick<ListingQuery, "categoryIds" | "price">): string {
  return `listing ${[...query.categoryIds].sort().join(",")} ${query.price?.minCents ?? ""}-${query.price?.maxCents ?? ""}`;
}

/** The key of the unfiltered listing: every product. */
const WHOLE_CATALOGUE = listingKey({ categoryIds: [], price: null });

/** How many boundary keys this process holds for a listing (0: none yet); for tests and diagnostics. */
export function cachedBoundaryCount(query: Pick<ListingQuery, "categoryIds" | "price" | "sort">): number {
  return boundaryTables.peek(`${query.sort} ${listingKey(query)}`)?.length ?? 0;
}

/**
 * Reads a window of an ordered listing, one row more than asked to learn
 * whether more follow. Deep windows first find their ids in the sort order's
 * index alone (an index-only scan skips the rows before the window without
 * reading them), then read only the window's rows; from BOUNDARY_EVERY on,
 * that scan starts at the nearest boundary (see readBoundaries).
 */
async function readWindow(listing: Listing, window: Window) {
  const { where, order } = listing;
  const { skip, take } = window;
  if (skip >= BOUNDARY_EVERY && listingCachesUsable()) {
    const fromBoundary = await readFromBoundary(listing, window);
    if (fromBoundary) return fromBoundary;
  }
  const rows =
    skip < DEEP_OFFSET
      ? await db.$queryRaw<ListedSqlRow[]>`
          SELECT ${LISTED_COLUMNS} FROM "Product" p ${LISTED_JOINS}
          WHERE ${where} ORDER BY ${order} LIMIT ${take + 1} OFFSET ${skip}`
      : await db.$queryRaw<ListedSqlRow[]>`
          WITH ids AS (SELECT p.id FROM "Product" p WHERE ${where} ORDER BY ${order} LIMIT ${take + 1} OFFSET ${skip})
          SELECT ${LISTED_COLUMNS} FROM ids JOIN "Product" p ON p.id = ids.id ${LISTED_JOINS}
          ORDER BY ${order}`;
  return { products: rows.slice(0, take).map(fromRow), hasMore: rows.length > take };
}

/**
 * The window read from its nearest boundary, or undefined when it cannot be
 * (no boundary that deep: the listing is shorter; or the catalogue changed
 * meanwhile, see below), and OFFSET reads it instead.
 */
async function readFromBoundary({ where, order, sort, key }: Listing, { skip, take }: Window) {
  const generation = catalogBus().listingGeneration;
  const boundaries = await boundaryTables.get(`${sort} ${key}`, () => readBoundaries(where, sort, order));
  const index = Math.min(Math.floor(skip / BOUNDARY_EVERY), boundaries.length);
  if (index === 0) return undefined;
  const boundary = boundaries[index - 1];
  const { column, cast, from } = ORDER_KEY[sort];
  const rows = await db.$queryRaw<ListedSqlRow[]>`
    WITH ids AS (
      SELECT p.id FROM "Product" p
      WHERE ${where} AND (${column}, p.id) ${from} (${boundary.value}::${cast}, ${boundary.id})
      ORDER BY ${order} LIMIT ${take + 1} OFFSET ${skip - index * BOUNDARY_EVERY})
    SELECT ${LISTED_COLUMNS} FROM ids JOIN "Product" p ON p.id = ids.id ${LISTED_JOINS}
    ORDER BY ${order}`;
  // The boundaries belong to the catalogue as it was when they were read. If a
  // change committed since (seen by this read, or not), its NOTIFY has
  // arrived once the listener's round trip returns, and moved the generation:
  // then positions may have shifted and OFFSET answers instead.
  try {
    await catalogBarrier();
  } catch {
    return undefined;
  }
  if (catalogBus().listingGeneration !== generation || !listingCachesUsable()) return undefined;
  return { products: rows.slice(0, take).map(fromRow), hasMore: rows.length > take };
}

/** From this offset on, a window is found in the index first (see readWindow). */
const DEEP_OFFSET = 240;

/**
 * One listing query, and the count from memory (or one count query).
 *  - `through`: products 1..page*pageSize (the no-JavaScript Load More page),
 *    capped at MAX_SHOWN products ending at that page; the page is clamped to the last one.
 *  - `page`: only the products of that page (what Load More appends, and the API's pages).
 */
type ListingOptions = { mode?: "through" | "page"; pageSize?: number; count?: CountMode };
export function listProducts(rawQuery: ListingQuery, options?: ListingOptions & { count?: "always" }): Promise<ProductPage>;
export function listProducts(rawQuery: ListingQuery, options: ListingOptions): Promise<ProductPage<number | null>>;
export async function listProducts(
  rawQuery: ListingQuery,
  { mode = "through", pageSize = PAGE_SIZE, count = "always" }: ListingOptions = {},
): Promise<ProductPage<number | null>> {
  const query = await withKnownCategories(rawQuery);
  const where = listingWhereSql(query);
  const order = ORDER_SQL[query.sort] ?? ORDER_SQL[DEFAULT_SORT];
  const countKey = listingKey(query);
  const sort = ORDER_SQL[query.sort] ? query.sort : DEFAULT_SORT;
  const listing: Listing = { where, order, sort, key: countKey };
  const countMode: CountMode = mode === "through" ? "always" : count;

  let page = query.page;
  // The rows and (on a miss) the count run side by side on two pooled connections.
  const [first, total] = await Promise.all([
    readWindow(listing, windowFor(mode, page, pageSize)),
    countFor(countKey, countMode, () => countListing(where)),
  ]);
  let { products, hasMore } = first;
  if (mode === "through" && total !== null) {
    const lastPage = Math.max(1, Math.ceil(total / pageSize));
    if (page > lastPage) {
      page = lastPage;
      // Only a capped window can have started past the end; fetch the real last window.
      if (windowFor(mode, query.page, pageSize).skip > 0)
        ({ products, hasMore } = await readWindow(listing, windowFor(mode, page, pageSize)));
    }
  }
  return { products, total, hasMore, page, pageSize, offset: windowFor(mode, page, pageSize).skip, query: { ...query, page } };
}

/** Every product, counted once per catalogue change. */
export async function countProducts(): Promise<number> {
  return (await countFor(WHOLE_CATALOGUE, "always", () => countListing(Prisma.sql`TRUE`))) ?? 0;
}

/** The newest products (the API's get-product list). */
export async function listNewestProducts(limit = API_LIST_LIMIT): Promise<ListedProduct[]> {
  const listing: Listing = { where: Prisma.sql`TRUE`, order: ORDER_SQL.newest, sort: "newest", key: WHOLE_CATALOGUE };
  return (await readWindow(listing, { skip: 0, take: limit })).products;
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

/**
 * The CTEs `tier0`, `tier1`, …: the first `need` matches of each tier (a
 * WHERE) in `sort`'s order, for a page that ends at position `need`; a tier
 * reads only what the tiers before it left unfilled. A tier is read in one of
 * two ways:
 *  - a walk down the order's own index over its first `budget` products,
 *    kept when it holds enough matches. A common word is found within a few
 *    hundred products whatever the catalogue's size (at 1M products, "lamp"
 *    matches 58,800: sorting them all takes 60–100 ms, the walk under 1 ms);
 *  - otherwise every match, found by the trigram indexes and sorted: a rare
 *    word has few. A word that is common but bunched late in the order (every
 *    "Steel …" name sorts near the end) also lands here, and costs what
 *    sorting its matches costs.
 * With a budget, the statement walks and falls back to sorting when the walk
 * comes up short (the branch not taken never runs: its condition is a
 * one-time filter above it); without one, it only sorts.
 */
function searchTiersSql(tiers: Prisma.Sql[], sort: SortId, need: number, budget: number | null): Prisma.Sql {
  const columns = Prisma.sql`p.id, p."createdAt", p."priceCents", p.name`;
  return Prisma.join(
    tiers.map((where, i) => {
      const walk = Prisma.raw(`walk${i}`);
      const tier = Prisma.raw(`tier${i}`);
      const before = tiers.slice(0, i).map((_, j) => Prisma.sql`(SELECT count(*) FROM ${Prisma.raw(`tier${j}`)})`);
      const wanted = before.length ? Prisma.sql`GREATEST(${need} - ${Prisma.join(before, " - ")}, 0)` : Prisma.sql`${need}`;
      const sorted = Prisma.sql`SELECT ${columns} FROM "Product" p WHERE ${where} ORDER BY ${SEARCH_ORDER_SQL[sort]} LIMIT ${wanted}`;
      if (budget === null) return Prisma.sql`${tier} AS MATERIALIZED (${sorted})`;
      return Prisma.sql`${walk} AS MATERIALIZED (
        SELECT ${columns} FROM (SELECT ${columns}, p.description FROM "Product" p ORDER BY ${ORDER_SQL[sort]} LIMIT ${budget}) p
        WHERE ${where} ORDER BY ${ORDER_SQL[sort]} LIMIT ${wanted}),
      ${tier} AS MATERIALIZED (
        SELECT * FROM ${walk} WHERE (SELECT count(*) FROM ${walk}) >= ${wanted}
        UNION ALL
        SELECT * FROM (${sorted}) p WHERE (SELECT count(*) FROM ${walk}) < ${wanted})`;
    }),
    ", ",
  );
}

/**
 * How far a walk may go: about sqrt(catalogue × need) products, where walking
 * and sorting cost alike. A keyword known to have fewer matches is sorted at
 * once; one with more is walked (spread evenly, its matches fill the page well
 * within the budget), and a walk that comes up short has spent at most the
 * budget before it sorts.
 */
function walkBudget(need: number): number {
  const catalogue = counts.peek(WHOLE_CATALOGUE) ?? 100_000;
  return Math.min(50_000, Math.max(1_000, Math.round(Math.sqrt(catalogue * need))));
}

export type SearchResult<Total extends number | null = number> = {
  keyword: string;
  products: ListedProduct[];
  total: Total;
  hasMore: boolean;
  page: number;
  pageSize: number;
  offset: number;
};

/**
 * Products whose name or description contains every word of the keyword:
 * by relevance unless a sort is asked for (products whose name holds every
 * word first, newest first within each group). An empty keyword finds nothing; odd
 * characters are matched literally; long keywords are cut to MAX_KEYWORD_LENGTH.
 * Modes and counting work as in listProducts.
 */
type SearchOptions = {
  page?: number;
  mode?: "through" | "page";
  pageSize?: number;
  count?: CountMode;
  sort?: SortId | null;
  /** Products a walk may read before it gives way to sorting every match (see searchTiersSql; 0: sort at once); tests set it small. */
  budget?: number;
};
export function searchProducts(rawKeyword: unknown, options?: SearchOptions & { count?: "always" }): Promise<SearchResult>;
export function searchProducts(rawKeyword: unknown, options: SearchOptions): Promise<SearchResult<number | null>>;
export async function searchProducts(
  rawKeyword: unknown,
  { page: askedPage = 1, mode = "through", pageSize = SEARCH_PAGE_SIZE, count = "always", sort = null, budget }: SearchOptions = {},
): Promise<SearchResult<number | null>> {
  const keyword = normalizeKeyword(rawKeyword);
  const patterns = keywordPatterns(keyword);
  if (!patterns.length) return { keyword, products: [], total: 0, hasMore: false, page: 1, pageSize, offset: 0 };
  const where = searchWhere(patterns);
  // Relevance: products whose name holds every word, then the others; newest first within each.
  const inName = nameMatchesAll(patterns);
  const tiers = sort ? [where] : [Prisma.sql`${where} AND ${inName}`, Prisma.sql`${where} AND NOT (${inName})`];
  const order = ORDER_SQL[sort ?? "newest"];
  const countKey = `search ${patterns.join(" ")}`;
  const read = async ({ skip, take }: Window) => {
    const need = skip + take + 1;
    // Walk unless the count (when known) says the matches are few enough to sort at once.
    const walkUpTo = budget ?? walkBudget(need);
    const known = counts.peek(countKey);
    const sortAtOnce = walkUpTo === 0 || (known !== undefined && known < walkUpTo);
    const tiersSql = searchTiersSql(tiers, sort ?? "newest", need, sortAtOnce ? null : walkUpTo);
    const rows = await db.$queryRaw<ListedSqlRow[]>`
      WITH ${tiersSql},
      page AS (SELECT * FROM (${Prisma.join(
        tiers.map((_, i) => Prisma.sql`SELECT *, ${Prisma.raw(String(i))} AS tier FROM ${Prisma.raw(`tier${i}`)}`),
        " UNION ALL ",
      )}) p ORDER BY p.tier, ${order} LIMIT ${take + 1} OFFSET ${skip})
      SELECT ${LISTED_COLUMNS} FROM page JOIN "Product" p ON p.id = page.id ${LISTED_JOINS}
      ORDER BY page.tier, ${order}`;
    return { products: rows.slice(0, take).map(fromRow), hasMore: rows.length > take };
  };

  let page = Math.max(1, askedPage);
  const [first, total] = await Promise.all([
    read(windowFor(mode, page, pageSize)),
    countFor(countKey, mode === "through" ? "always" : count, () => countListing(where)),
  ]);
  let { products, hasMore } = first;
  if (mode === "through" && total !== null) {
    const lastPage = Math.max(1, Math.ceil(total / pageSize));
    if (page > lastPage) {
      const overshot = windowFor(mode, page, pageSize).skip > 0;
      page = lastPage;
      if (overshot) ({ products, hasMore } = await read(windowFor(mode, page, pageSize)));
    }
  }
  return { keyword, products, total, hasMore, page, pageSize, offset: windowFor(mode, page, pageSize).skip };
}

// ---------------------------------------------------------------- products and categories

// Slugs are short URL-safe text; anything with control characters (NUL cannot
// even be sent to PostgreSQL) or of absurd length names nothing.
const slugLike = (slug: string | undefined): slug is string =>
  typeof slug === "string" &&
  slug.length > 0 &&
  slug.length <= 200 &&
  !/[\u0000-\u001f\u007f]/.test(slug) &&
  !new RegExp(LONE_SURROGATE.source).test(slug);

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

type ProductPageRow = ListedSqlRow & { kind: number; photoWidth: number | null; photoHeight: number | null };

/**
 * The product page: the product and its similar products (newest first, at
 * most SIMILAR_LIMIT); null for an unknown slug. One statement for both.
 */
export async function getProductPage(slug: string | undefined): Promise<{ product: ProductDetail; similar: ListedProduct[] } | null> {
  if (!slugLike(slug)) return null;
  const rows = await db.$queryRaw<ProductPageRow[]>`
    SELECT * FROM (
      (SELECT 0 AS kind, 0::bigint AS ord, ${LISTED_COLUMNS}, ph.width AS "photoWidth", ph.height AS "photoHeight"
       FROM "Product" p ${LISTED_JOINS} WHERE p.slug = ${slug})
      UNION ALL
      (SELECT 1, row_number() OVER (ORDER BY p."createdAt" DESC, p.id DESC), ${LISTED_COLUMNS}, NULL::int, NULL::int
       FROM "Product" p ${LISTED_JOINS}
       WHERE p."categoryId" = (SELECT "categoryId" FROM "Product" WHERE slug = ${slug}) AND p.slug <> ${slug}
       ORDER BY p."createdAt" DESC, p.id DESC LIMIT ${SIMILAR_LIMIT})
    ) found ORDER BY kind, ord`;
  const [first, ...others] = rows;
  if (!first || Number(first.kind) !== 0) return null;
  const photo = first.photoEtag ? { etag: first.photoEtag, width: Number(first.photoWidth), height: Number(first.photoHeight) } : null;
  return { product: { ...fromRow(first), photo }, similar: others.map(fromRow) };
}

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
/** At most this many URLs in one sitemap file (the protocol's limit). */
export const SITEMAP_FILE_URLS = 50_000;
const SITEMAP_BATCH = 5_000;

/** The sitemap's fixed part: every category, by name. */
export function sitemapCategories() {
  return db.category.findMany({ select: { slug: true }, orderBy: { name: "asc" } });
}

/** How many product sitemap files there are (at least one, so the index never points nowhere). */
export async function sitemapProductFiles(): Promise<number> {
  const [{ count }] = await db.$queryRaw<{ count: number }[]>`SELECT count(*)::int AS count FROM "Product"`;
  return Math.max(1, Math.ceil(count / SITEMAP_FILE_URLS));
}

/**
 * The products of sitemap file `file` (1-based), in id order, in batches read
 * by keyset so that one file never holds more than a batch in memory.
 */
export async function* sitemapProducts(file: number): AsyncGenerator<{ slug: string; updatedAt: Date }[]> {
  const [first] = await db.$queryRaw<{ id: string }[]>`
    SELECT id FROM "Product" ORDER BY id OFFSET ${(file - 1) * SITEMAP_FILE_URLS} LIMIT 1`;
  if (!first) return;
  let after: string | null = null;
  let left = SITEMAP_FILE_URLS;
  while (left > 0) {
    const take = Math.min(SITEMAP_BATCH, left);
    const rows: { id: string; slug: string; updatedAt: Date }[] =
      after === null
        ? await db.$queryRaw`SELECT id, slug, "updatedAt" FROM "Product" WHERE id >= ${first.id} ORDER BY id LIMIT ${take}`
        : await db.$queryRaw`SELECT id, slug, "updatedAt" FROM "Product" WHERE id > ${after} ORDER BY id LIMIT ${take}`;
    if (rows.length === 0) return;
    yield rows;
    left -= rows.length;
    after = rows[rows.length - 1].id;
    if (rows.length < take) return;
  }
}
