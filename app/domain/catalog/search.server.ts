// Catalogue search: a product matches when every word of a keyword is in its
// name or description (substrings, by the trigram indexes), or when its search
// document matches the words (full text: stems, accents folded, category and
// option values, a prefix of the last word; the GIN index over
// Product.searchVector, kept by triggers), or when a variant's SKU is the
// keyword. By relevance (exact name or SKU, then name holds every word, then
// the rest) or in a listing order; one statement a page, and the count of
// matches kept like a listing's. A keyword that finds nothing may be corrected
// word by word against the catalogue's own words (search-correction.server.ts).
import { Prisma } from "@prisma/client";
import { readRows } from "~/utils/sql.server";
import { normalizeKeyword, SEARCH_PAGE_SIZE, type PriceRange, type SortId } from "./catalog";
import { facetSearch, hasFacets, type FacetChoice } from "./facets";
import { facetWhere } from "./facets.server";
import { fromRow, LISTED_COLUMNS, LISTED_JOINS, ORDER_SQL, windowFor, type ListedSqlRow, type Window } from "./listed-product.server";
import { catalogCache, listingGeneration } from "./catalog-cache.server";
import { countFor, countListing, peekCount, WHOLE_CATALOGUE, type CountMode } from "./listing-counts.server";
import { listingWhereSql, type ProductPage } from "./listing.server";
import { keptSearchWindow } from "./search-windows.server";

/** At most this many words of a keyword are matched. */
const MAX_SEARCH_WORDS = 8;

// Search's fallback sorts every match instead of walking a sort order's
// index: the expressions only keep the planner off those indexes (same order
// as ORDER_SQL). See searchTiersSql for when a walk is used instead.
const SEARCH_ORDER_SQL: Record<SortId, Prisma.Sql> = {
  newest: Prisma.sql`(p."createdAt" + interval '0 seconds') DESC, p.id DESC`,
  "price-asc": Prisma.sql`(p."priceCents" + 0) ASC, p.id ASC`,
  "price-desc": Prisma.sql`(p."priceCents" + 0) DESC, p.id DESC`,
  name: Prisma.sql`(p.name || '') ASC, p.id ASC`,
};

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

/**
 * A keyword shaped like a SKU also finds the product whose variant on sale
 * has it (exact, any case): one unique-index lookup, run once per statement
 * (an InitPlan), OR-ed with the words' match so the trigram indexes still serve it.
 */
function withSkuMatch(keyword: string, where: Prisma.Sql): Prisma.Sql {
  if (!skuShaped(keyword)) return where;
  return Prisma.sql`(p.id = (SELECT v."productId" FROM "ProductVariant" v WHERE lower(v.sku) = lower(${keyword}) AND v."archivedAt" IS NULL) OR (${where}))`;
}

/**
 * Where a tier's first match sits in its order (sort value and id), or that
 * it has none: learnt from a page that started at the first match, kept until
 * the catalogue changes (any change that adds, removes, renames, re-describes,
 * re-prices or re-dates a product, or changes a SKU, empties it). A tier's
 * walk then starts there instead of at the top of the order: a word whose
 * matches are bunched late in it (every "Steel …" name when sorting by name;
 * a brand in front of its products' names) was walked in vain and then sorted
 * in full on every request, 60 ms of PostgreSQL at 100,000 products, and is
 * now found by its first walk from the second request on.
 */
type TierStart = { value: string | number; id: string } | "none";
const tierStarts = catalogCache<TierStart>(5_000);

/** Products at or after `start` in `sort`'s order (its index serves the comparison). */
function fromStart(sort: SortId, start: { value: string | number; id: string }): Prisma.Sql {
  switch (sort) {
    case "name":
      return Prisma.sql`(p.name, p.id) >= (${String(start.value)}::text, ${start.id}::text)`;
    case "price-asc":
      return Prisma.sql`(p."priceCents", p.id) >= (${Number(start.value)}::int, ${start.id}::text)`;
    case "price-desc":
      return Prisma.sql`(p."priceCents", p.id) <= (${Number(start.value)}::int, ${start.id}::text)`;
    case "newest":
      return Prisma.sql`(p."createdAt", p.id) <= (${String(start.value)}::timestamp(3), ${start.id}::text)`;
  }
}

/** A row's value of `sort`'s first key, as fromStart compares it (a UTC timestamp as PostgreSQL writes it). */
function sortValue(row: ListedSqlRow, sort: SortId): string | number {
  if (sort === "name") return row.name;
  if (sort === "newest") return new Date(row.createdAt).toISOString().slice(0, 23).replace("T", " ");
  return row.priceCents;
}

function nameMatchesAll(patterns: string[]): Prisma.Sql {
  return Prisma.join(
    patterns.map((p) => Prisma.sql`p."name" ILIKE ${p} ESCAPE '\\'`),
    " AND ",
  );
}

/**
 * The keyword's words as the full-text query sees them: runs of letters and
 * digits, lower case (at most MAX_SEARCH_WORDS, duplicates dropped). Accents are
 * folded in SQL, as the documents' are.
 */
export function keywordTokens(keyword: string): string[] {
  return [
    ...new Set(
      normalizeKeyword(keyword)
        .toLowerCase()
        .split(/[^\p{L}\p{N}]+/u)
        .filter(Boolean),
    ),
  ].slice(0, MAX_SEARCH_WORDS);
}

/**
 * A to_tsquery text of the tokens: every one, the last also as a prefix (people
 * type it), each limited to `weight` when given ("A": name and SKUs). The
 * tokens hold only letters and digits, so quoting them is safe.
 */
export function tsQueryText(tokens: string[], weight = ""): string {
  return tokens.map((token, i) => `'${token}'${i === tokens.length - 1 ? `:*${weight}` : weight ? `:${weight}` : ""}`).join(" & ");
}

/** The document matches the query text (computed once per statement: an InitPlan, which the GIN index takes). */
function documentMatches(query: string): Prisma.Sql {
  return Prisma.sql`p."searchVector" @@ (SELECT to_tsquery('english', search_unaccent(${query})))`;
}

/** Whether a keyword is shaped like a SKU (see withSkuMatch). */
function skuShaped(keyword: string): boolean {
  return keyword.length <= 64 && /^[A-Za-z0-9][A-Za-z0-9._/-]*$/.test(keyword);
}

/**
 * Products whose name is the keyword (ignoring case and accents), or whose
 * variant on sale has it as SKU: their ids found once per statement (an
 * InitPlan) by the folded-name index and the SKU index, so the exact tier
 * reads those few rows by primary key. Written as a condition on each row
 * (the folded name compared, OR the SKU's product), the planner read every
 * match of a common word to keep none: 54–61 ms of each "lamp" or "lam"
 * page and suggestion at 100,000 products (bench EXPLAIN, issue 46).
 */
function exactMatch(keyword: string): Prisma.Sql {
  const byName = Prisma.sql`SELECT q.id FROM "Product" q WHERE lower(search_unaccent(q.name)) = lower(search_unaccent(${keyword}))`;
  const bySku = skuShaped(keyword)
    ? Prisma.sql` UNION ALL SELECT v."productId" FROM "ProductVariant" v WHERE lower(v.sku) = lower(${keyword}) AND v."archivedAt" IS NULL`
    : Prisma.empty;
  return Prisma.sql`(p.id = ANY(ARRAY(${byName}${bySku})))`;
}

/** Every word in the name or description (substrings), or the search document matches the words. */
export function keywordWhere(keyword: string): Prisma.Sql | null {
  const patterns = keywordPatterns(keyword);
  if (!patterns.length) return null;
  const tokens = keywordTokens(keyword);
  const words = searchWhere(patterns);
  return withSkuMatch(keyword, tokens.length ? Prisma.sql`(${words} OR ${documentMatches(tsQueryText(tokens))})` : words);
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
function searchTiersSql(
  tiers: Prisma.Sql[],
  sort: SortId,
  need: number,
  budget: number | null,
  starts: (TierStart | undefined)[] = [],
  sortedTiers: number[] = [],
): Prisma.Sql {
  const columns = Prisma.sql`p.id, p."createdAt", p."priceCents", p.name`;
  return Prisma.join(
    tiers.map((where, i) => {
      const walk = Prisma.raw(`walk${i}`);
      const tier = Prisma.raw(`tier${i}`);
      const start = starts[i];
      if (start === "none") return Prisma.sql`${tier} AS MATERIALIZED (SELECT ${columns} FROM "Product" p WHERE false)`;
      const after = start ? fromStart(sort, start) : null;
      const from = after ? Prisma.sql`WHERE ${after}` : Prisma.empty;
      const before = tiers.slice(0, i).map((_, j) => Prisma.sql`(SELECT count(*) FROM ${Prisma.raw(`tier${j}`)})`);
      const wanted = before.length ? Prisma.sql`GREATEST(${need} - ${Prisma.join(before, " - ")}, 0)` : Prisma.sql`${need}`;
      const matching = after ? Prisma.sql`${where} AND ${after}` : where;
      const sorted = Prisma.sql`SELECT ${columns} FROM "Product" p WHERE ${matching} ORDER BY ${SEARCH_ORDER_SQL[sort]} LIMIT ${wanted}`;
      if (budget === null || sortedTiers.includes(i)) return Prisma.sql`${tier} AS MATERIALIZED (${sorted})`;
      return Prisma.sql`${walk} AS MATERIALIZED (
        SELECT ${columns} FROM (SELECT ${columns}, p.description, p."searchVector", p."categoryId", p.quantity, p."facetValues", p."facetValuesInStock" FROM "Product" p ${from} ORDER BY ${ORDER_SQL[sort]} LIMIT ${budget}) p
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
  const catalogue = peekCount(WHOLE_CATALOGUE) ?? 100_000;
  return Math.min(50_000, Math.max(1_000, Math.round(Math.sqrt(catalogue * need))));
}

/** A search's page: a listing's, with the keyword as applied instead of the listing query. */
export type SearchResult<Total extends number | null = number> = Omit<ProductPage<Total>, "query"> & { keyword: string };

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
  /** Categories, a price band and facets (options, "In stock only"), applied with the keyword. */
  filters?: SearchFilters;
  /** The number of matches when the caller counts them anyway (the facets' total): no count statement of its own. */
  counted?: Promise<number>;
};

/** What narrows a search beside its keyword (the facets of the results page). */
export type SearchFilters = { categoryIds: string[]; price: PriceRange | null; facets: FacetChoice };

/** The filters' condition (products as `p`), or null for none. */
function filtersWhere(filters: SearchFilters | undefined): Prisma.Sql | null {
  if (!filters) return null;
  const conditions: Prisma.Sql[] = [];
  if (filters.categoryIds.length || filters.price) conditions.push(listingWhereSql(filters));
  const chosen = facetWhere(filters.facets);
  if (chosen) conditions.push(chosen);
  return conditions.length ? Prisma.join(conditions, " AND ") : null;
}

/** The filters' part of a search's cache keys ("" for none). */
export function filtersKey(filters: SearchFilters | undefined): string {
  if (!filters) return "";
  const categories = [...filters.categoryIds].sort().join(",");
  const price = filters.price ? `${filters.price.minCents}-${filters.price.maxCents ?? ""}` : "";
  const facets = facetSearch(filters.facets);
  return categories || price || facets
    ? `
${categories}
${price}
${facets}`
    : "";
}
export function searchProducts(rawKeyword: unknown, options?: SearchOptions & { count?: "always" }): Promise<SearchResult>;
export function searchProducts(rawKeyword: unknown, options: SearchOptions): Promise<SearchResult<number | null>>;
export async function searchProducts(
  rawKeyword: unknown,
  {
    page: askedPage = 1,
    mode = "through",
    pageSize = SEARCH_PAGE_SIZE,
    count = "always",
    sort = null,
    budget,
    filters,
    counted,
  }: SearchOptions = {},
): Promise<SearchResult<number | null>> {
  const keyword = normalizeKeyword(rawKeyword);
  const patterns = keywordPatterns(keyword);
  const matching = keywordWhere(keyword);
  const narrowing = filtersWhere(filters);
  // Facets depend on stock and variants: their counts are kept apart, and where a tier starts is not kept for them.
  const faceted = filters !== undefined && hasFacets(filters.facets);
  const where = matching && narrowing ? Prisma.sql`(${matching}) AND ${narrowing}` : matching;
  if (!where) return { keyword, products: [], total: 0, hasMore: false, page: 1, pageSize, offset: 0 };
  // Relevance: the product named exactly so (or with that SKU), then products whose name holds
  // every word (or whose name and SKUs match the words), then the others; newest first within each.
  const tokens = keywordTokens(keyword);
  const exact = exactMatch(keyword);
  const inName = tokens.length
    ? Prisma.sql`(${nameMatchesAll(patterns)} OR ${documentMatches(tsQueryText(tokens, "A"))})`
    : nameMatchesAll(patterns);
  const tiers = sort
    ? [where]
    : [
        Prisma.sql`${exact} AND ${where}`,
        Prisma.sql`${where} AND NOT ${exact} AND ${inName}`,
        Prisma.sql`${where} AND NOT ${exact} AND NOT ${inName}`,
      ];
  const tierSort = sort ?? "newest";
  const order = ORDER_SQL[tierSort];
  const countKey = `search ${patterns.join(" ")}${filtersKey(filters)}`;
  // The keyword itself, not only its patterns: a SKU-shaped one also matches that SKU's product.
  const startKeys = tiers.map((_, i) => `${keyword.toLowerCase()}\n${sort ?? "relevance"}\n${i}${filtersKey(filters)}`);
  const windowKey = ({ skip, take }: Window) => `${keyword.toLowerCase()}\n${sort ?? "relevance"}\n${skip}+${take}${filtersKey(filters)}`;
  // Tests that set a budget exercise the walk: they never read a kept window.
  const read = (window: Window) =>
    budget === undefined ? keptSearchWindow(windowKey(window), faceted, () => readWindow(window)) : readWindow(window);
  const readWindow = async ({ skip, take }: Window) => {
    const need = skip + take + 1;
    // Walk unless the count (when known) says the matches are few enough to sort at once.
    const walkUpTo = budget ?? walkBudget(need);
    const known = peekCount(countKey, faceted);
    const sortAtOnce = walkUpTo === 0 || (known !== undefined && known < walkUpTo);
    const generation = listingGeneration();
    const starts = budget === undefined && !faceted ? startKeys.map((key) => tierStarts.peek(key)) : [];
    // The exact tier has one or two matches, found by indexes: never walked for.
    const tiersSql = searchTiersSql(tiers, tierSort, need, sortAtOnce ? null : walkUpTo, starts, sort ? [] : [0]);
    // Named for keywords of one or two words (nearly every search), so each connection parses and
    // plans each shape once: planning this statement took 1–2 ms, more than running it (about 1 ms).
    // The plan hardly depends on the words: walk or sort is decided inside the statement (one-time
    // filters), and the sort's expressions keep the planner off the order indexes. Each shape kept
    // costs a connection about 0.3 MB; longer keywords, whose shapes are many and rare, stay unnamed.
    const rows = await readRows<ListedSqlRow & { searchTier: number }>(
      Prisma.sql`
      WITH ${tiersSql},
      page AS (SELECT * FROM (${Prisma.join(
        tiers.map((_, i) => Prisma.sql`SELECT *, ${Prisma.raw(String(i))} AS tier FROM ${Prisma.raw(`tier${i}`)}`),
        " UNION ALL ",
      )}) p ORDER BY p.tier, ${order} LIMIT ${take + 1} OFFSET ${skip})
      SELECT ${LISTED_COLUMNS}, page.tier AS "searchTier" FROM page JOIN "Product" p ON p.id = page.id ${LISTED_JOINS}
      ORDER BY page.tier, ${order}`,
      { prepared: patterns.length <= 2 && Object.keys(filters?.facets.options ?? {}).length <= 1 },
    );
    // A page from the first match on shows where each tier starts; one that ended early, which tiers have none.
    if (skip === 0 && !faceted) {
      tiers.forEach((_, i) => {
        const first = rows.find((row) => row.searchTier === i);
        if (first) tierStarts.keep(startKeys[i], { value: sortValue(first, tierSort), id: first.id }, generation);
        else if (rows.length <= take) tierStarts.keep(startKeys[i], "none", generation);
      });
    }
    return { products: rows.slice(0, take).map(fromRow), hasMore: rows.length > take };
  };

  let page = Math.max(1, askedPage);
  const [first, total] = await Promise.all([
    read(windowFor(mode, page, pageSize)),
    countFor(countKey, mode === "through" ? "always" : count, () => counted ?? countListing(where), faceted),
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
