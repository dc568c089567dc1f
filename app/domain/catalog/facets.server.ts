// Facets on search results and category pages: the filter a choice adds to a
// listing's statement, and the counts beside each value, one statement per
// listing and choice, kept until the catalogue changes (any change: stock and
// a variant's options are "details" changes, and "In stock only" and the
// option values depend on them).
//
// A product matches an option facet when one of its variants on sale has the
// chosen value (any of them, when several values of one option are chosen) and
// every other chosen option's value, and is in stock when "In stock only" is
// chosen: one variant must have them all, so "M" and "Red" finds the products
// sold in M / Red. A product without variants has no option values; it is in
// stock when its own stock is. A product's stock is the sum of its variants'
// (a trigger keeps it), so "In stock only" alone reads the product row.
//
// The counts are the standard ones: a facet's values are counted with every
// OTHER facet applied, so each count is what the listing would show if that
// value were chosen (or, for a chosen value, added to its option's values),
// and a value that would give nothing is never offered.
import { Prisma } from "@prisma/client";
import { readRows } from "~/utils/sql.server";
import { bandForRange, PRICE_BANDS, type PriceRange } from "./catalog";
import { catalogCache, type CatalogCache } from "./catalog-cache.server";
import { listCategories } from "./category.server";
import { facetSearch, hasFacets, NO_FACETS, type FacetChoice, type FacetGroup, type Facets, type FacetValue } from "./facets";

/** The values chosen for one option, as the jsonb objects a variant's options must contain (one of them). */
function optionValues(name: string, values: string[]): string[] {
  return values.map((value) => JSON.stringify({ [name]: value }));
}

/** Variant options `column` hold one of the chosen values of every chosen option. */
function optionsMatch(column: Prisma.Sql, choice: FacetChoice): Prisma.Sql[] {
  return Object.entries(choice.options).map(([name, values]) => Prisma.sql`${column} @> ANY(${optionValues(name, values)}::jsonb[])`);
}

/**
 * The condition a choice adds to a listing's WHERE (products as `p`), or null
 * for none. One option: the values kept on the product's row (migration
 * 20261128150000_facet_values). Several: one variant must hold them all, so
 * one probe of the product's variants on sale (the partial index over
 * ProductVariant's productId, see migration 20261128140000_facets);
 * the values travel as one array, so a statement's text depends only on which
 * options are chosen and each shape is planned once per connection.
 */
export function facetWhere(choice: FacetChoice): Prisma.Sql | null {
  const chosen = Object.entries(choice.options);
  // One option: the product's row says whether a variant on sale (in stock) has one of its values.
  if (chosen.length === 1) {
    const [[name, values]] = chosen;
    return Prisma.sql`${storedValues("p", choice.inStock)} && ${storedPairs(name, values)}::text[]`;
  }
  const options = optionsMatch(Prisma.sql`v.options`, choice);
  if (!options.length) return choice.inStock ? Prisma.sql`p.quantity > 0` : null;
  const stock = choice.inStock ? Prisma.sql` AND v.quantity > 0` : Prisma.empty;
  return Prisma.sql`EXISTS (SELECT 1 FROM "ProductVariant" v WHERE v."productId" = p.id AND v."archivedAt" IS NULL AND ${Prisma.join(options, " AND ")}${stock})`;
}

/** Cache entries depend on stock and variants: emptied by every change. */
// The options' names change only with a product's declared options, a "catalog" change
// (migration 20261128190000): kept through stock changes, so an order does not make the
// next faceted page read every product's options again (150 ms at 100,000 products).
const optionNames: CatalogCache<string[]> = catalogCache<string[]>(1);
const facetCounts: CatalogCache<FacetRows> = catalogCache<FacetRows>(2_000, { everyChange: true });

/**
 * The choice with only options some product has: a parameter that names no
 * option (`utm_source`, a renamed option's old name) is ignored rather than
 * emptying the page. The names are read only when a URL chooses an option.
 */
export async function applicableFacets(choice: FacetChoice): Promise<FacetChoice> {
  const names = Object.keys(choice.options);
  if (!names.length) return choice;
  const known = new Set(
    await optionNames.get("all", async () =>
      (
        await readRows<{ name: string }>(
          Prisma.sql`SELECT DISTINCT o->>'name' AS name FROM "Product" p CROSS JOIN LATERAL jsonb_array_elements(p.options) o
                     WHERE p.options <> '[]'::jsonb AND jsonb_typeof(p.options) = 'array' AND o ? 'name'`,
          { prepared: false },
        )
      ).map((row) => row.name),
    ),
  );
  const options = Object.fromEntries(Object.entries(choice.options).filter(([name]) => known.has(name)));
  return { ...choice, options };
}

type FacetRow = {
  facet: "total" | "stock" | "category" | "price" | "option" | "order";
  name: string | null;
  value: string | null;
  n: number;
};
type FacetRows = FacetRow[];

/** What a listing's facets are counted over. */
export type FacetScope = {
  /** The listing's own products, before any facet (the keyword's matches; one category's products). Products as `p`. */
  base: Prisma.Sql;
  /** Its cache key (the keyword's patterns; the category's id). */
  key: string;
  /** The chosen categories; null on a category page, which has no category facet. */
  categoryIds: string[] | null;
  price: PriceRange | null;
  choice: FacetChoice;
  /** The base's text is one of few shapes (a keyword of one or two words, a category), worth a named statement. */
  common?: boolean;
};

/** The rows of one statement: the total, "In stock only", each category, each band, each option value, and the options' declared order. */
function readFacetRows(scope: FacetScope): Promise<FacetRows> {
  // Named for the common shapes (see FacetScope.common), so a connection parses and plans each
  // once: planning this statement costs more than running it over a few hundred products.
  const prepared = scope.common === true && Object.keys(scope.choice.options).length <= 1;
  return readRows<FacetRow>(facetStatement(scope), { prepared });
}

/** The facets' one statement (exported for EXPLAIN): from the products' rows unless several options are chosen. */
export function facetStatement(scope: FacetScope): Prisma.Sql {
  return Object.keys(scope.choice.options).length <= 1 ? storedFacetStatement(scope) : variantFacetStatement(scope);
}

/** A product's stored values (migration 20261128150000_facet_values): all on sale, or those in stock. */
function storedValues(column: string, inStock: boolean): Prisma.Sql {
  return Prisma.raw(`${column}."${inStock ? "facetValuesInStock" : "facetValues"}"`);
}

/** One option's chosen values as the stored texts ("Size<US>M"). */
function storedPairs(name: string, values: string[]): string[] {
  return values.map((value) => `${name}\u001f${value}`);
}

/** The category and price facets' conditions over `m` (the listing's products). */
function narrowingOk({ categoryIds, price }: Pick<FacetScope, "categoryIds" | "price">) {
  const categoryOk = categoryIds?.length ? Prisma.sql`m.category = ANY(${categoryIds}::text[])` : Prisma.sql`TRUE`;
  const priceOk = price
    ? price.maxCents === null
      ? Prisma.sql`m.price >= ${price.minCents}`
      : Prisma.sql`(m.price >= ${price.minCents} AND m.price < ${price.maxCents})`
    : Prisma.sql`TRUE`;
  return { categoryOk, priceOk };
}

/**
 * The rows every statement ends with: categories, price bands, and the
 * options' declared order. Bands are disjoint, so each product falls in one
 * (a CASE, not a join of every product with every band). The order is a
 * value's average place in its products' lists, taken over each distinct list
 * once with its number of products: a listing's products declare few distinct
 * lists, so tens of thousands of products are a handful of rows here.
 */
function sharedFacetRows(categoryIds: string[] | null): { categories: Prisma.Sql; prices: Prisma.Sql; order: Prisma.Sql } {
  const band = Prisma.join(
    PRICE_BANDS.map((band) =>
      band.maxCents === null
        ? Prisma.sql`WHEN f.price >= ${band.minCents}::int THEN ${band.id}`
        : Prisma.sql`WHEN f.price >= ${band.minCents}::int AND f.price < ${band.maxCents}::int THEN ${band.id}`,
    ),
    " ",
  );
  return {
    categories:
      categoryIds === null
        ? Prisma.empty
        : Prisma.sql`UNION ALL SELECT 'category', NULL, f.category, count(*)::int FROM f WHERE f.p_ok AND f.ok GROUP BY f.category`,
    prices: Prisma.sql`UNION ALL SELECT 'price', NULL, b.band, count(*)::int
      FROM (SELECT CASE ${band} END AS band FROM f WHERE f.c_ok AND f.ok) b WHERE b.band IS NOT NULL GROUP BY b.band`,
    order: Prisma.sql`UNION ALL SELECT 'order', o.x->>'name', w.value,
        (round(sum(o.i * d.n)::numeric / sum(d.n)) * 100000 + round(sum(w.j * d.n)::numeric / sum(d.n) * 100))::int
      FROM (SELECT m.declared, count(*) AS n FROM m WHERE m.declared <> '[]'::jsonb AND jsonb_typeof(m.declared) = 'array' GROUP BY m.declared) d
      CROSS JOIN LATERAL jsonb_array_elements(d.declared) WITH ORDINALITY o(x, i)
      CROSS JOIN LATERAL jsonb_array_elements_text(CASE WHEN jsonb_typeof(o.x->'values') = 'array' THEN o.x->'values' ELSE '[]' END) WITH ORDINALITY w(value, j)
      GROUP BY 2, 3`,
  };
}

/**
 * No option chosen, or one (Size: M or L): counted from the listing's product
 * rows. A product's option values on sale (in stock, for "In stock only") are
 * kept on its row (Product.facetValues, facetValuesInStock), so a value's
 * count is how many of the listing's products hold it: exactly what choosing
 * it would show, and with one option chosen, whether a product matches. Only
 * the other options' values then need the variants ("a variant in Red that
 * is also M or L"), and only those of the products that match.
 */
function storedFacetStatement({ base, categoryIds, price, choice }: FacetScope): Prisma.Sql {
  const { categoryOk, priceOk } = narrowingOk({ categoryIds, price });
  const values = storedValues("p", choice.inStock);
  const { categories, prices, order } = sharedFacetRows(categoryIds);
  const [one] = Object.entries(choice.options);
  const pairs = one ? storedPairs(...one) : [];
  const ok = one ? Prisma.sql`${values} && ${pairs}::text[]` : choice.inStock ? Prisma.sql`p.quantity > 0` : Prisma.sql`TRUE`;
  const okStocked = one ? Prisma.sql`p."facetValuesInStock" && ${pairs}::text[]` : Prisma.sql`p.quantity > 0`;
  const otherOptions = one
    ? Prisma.sql`UNION ALL SELECT 'option', d.key, d.value, count(*)::int FROM (
      SELECT DISTINCT f.id, e.key, e.value FROM f CROSS JOIN LATERAL (
        SELECT v.options FROM "ProductVariant" v
        WHERE v."productId" = f.id AND v."archivedAt" IS NULL AND v.options @> ANY(${optionValues(...one)}::jsonb[])
          ${choice.inStock ? Prisma.sql`AND v.quantity > 0` : Prisma.empty} OFFSET 0) v
      CROSS JOIN LATERAL jsonb_each_text(v.options) e
      WHERE f.c_ok AND f.p_ok AND f.ok AND e.key <> ${one[0]}) d GROUP BY d.key, d.value`
    : Prisma.empty;
  return Prisma.sql`
    WITH m AS MATERIALIZED (
      SELECT p.id, p."categoryId" AS category, p."priceCents" AS price, p.options AS declared, ${values} AS pairs,
        ${ok} AS ok, ${okStocked} AS ok_stocked
      FROM "Product" p WHERE ${base}),
    f AS MATERIALIZED (SELECT m.id, m.category, m.price, m.pairs, m.ok, m.ok_stocked, ${categoryOk} AS c_ok, ${priceOk} AS p_ok FROM m)
    SELECT 'total' AS facet, NULL AS name, NULL AS value, (count(*) FILTER (WHERE f.c_ok AND f.p_ok AND f.ok))::int AS n FROM f
    UNION ALL SELECT 'stock', NULL, NULL, (count(*) FILTER (WHERE f.c_ok AND f.p_ok AND f.ok_stocked))::int FROM f
    ${categories}
    ${prices}
    UNION ALL SELECT 'option', split_part(e.pair, chr(31), 1), substr(e.pair, strpos(e.pair, chr(31)) + 1), sum(g.n)::int
      FROM (SELECT f.pairs, count(*) AS n FROM f WHERE f.c_ok AND f.p_ok AND f.pairs <> '{}' GROUP BY f.pairs) g
      CROSS JOIN LATERAL unnest(g.pairs) e(pair) ${one ? Prisma.sql`WHERE split_part(e.pair, chr(31), 1) = ${one[0]}` : Prisma.empty}
      GROUP BY e.pair
    ${otherOptions}
    ${order}`;
}

/**
 * Several options chosen: a product matches when one variant holds every chosen
 * option (see the top of this file), which a product's row cannot say, so its
 * variants on sale are read (from the partial index alone).
 */
function variantFacetStatement({ base, categoryIds, price, choice }: FacetScope): Prisma.Sql {
  const { categoryOk, priceOk } = narrowingOk({ categoryIds, price });
  const allOptions = optionsMatch(Prisma.sql`u.o`, choice);
  const optionsOk = Prisma.join(allOptions, " AND ");
  const stockOk = choice.inStock ? Prisma.sql`u.stocked` : Prisma.sql`TRUE`;
  // For an option's own values, every chosen option but that one.
  const otherOptionsOk = Prisma.join(
    Object.entries(choice.options).map(
      ([name, values]) => Prisma.sql`(e.key = ${name} OR u.o @> ANY(${optionValues(name, values)}::jsonb[]))`,
    ),
    " AND ",
  );
  const { categories, prices, order } = sharedFacetRows(categoryIds);
  // m: the listing's products. u: the variants on sale (options, whether in stock) of those that
  // declare options (a product without options sells no variants: variants.schema.ts), each
  // product's read from the partial index alone (the lateral OFFSET 0 keeps it a probe per product:
  // flattened, the planner hashed every variant of the catalogue instead). f: per product, whether
  // the category and price facets hold, and whether a variant holds every chosen option (in stock,
  // when asked); a product without variants holds none.
  return Prisma.sql`
    WITH m AS MATERIALIZED (
      SELECT p.id, p."categoryId" AS category, p."priceCents" AS price, p.options AS declared
      FROM "Product" p WHERE ${base}),
    u AS MATERIALIZED (
      SELECT m.id, v.options AS o, v.quantity > 0 AS stocked
      FROM m CROSS JOIN LATERAL (
        SELECT v.options, v.quantity FROM "ProductVariant" v WHERE v."productId" = m.id AND v."archivedAt" IS NULL OFFSET 0) v
      WHERE m.declared <> '[]'::jsonb),
    f AS MATERIALIZED (
      SELECT m.id, m.category, m.price, ${categoryOk} AS c_ok, ${priceOk} AS p_ok,
        COALESCE(x.ok, FALSE) AS ok, COALESCE(x.ok_stocked, FALSE) AS ok_stocked
      FROM m LEFT JOIN (
        SELECT u.id, bool_or(${optionsOk} AND ${stockOk}) AS ok, bool_or(${optionsOk} AND u.stocked) AS ok_stocked FROM u GROUP BY u.id
      ) x ON x.id = m.id)
    SELECT 'total' AS facet, NULL AS name, NULL AS value, (count(*) FILTER (WHERE f.c_ok AND f.p_ok AND f.ok))::int AS n FROM f
    UNION ALL SELECT 'stock', NULL, NULL, (count(*) FILTER (WHERE f.c_ok AND f.p_ok AND f.ok_stocked))::int FROM f
    ${categories}
    ${prices}
    UNION ALL SELECT 'option', d.key, d.value, count(*)::int FROM (
      SELECT DISTINCT u.id, e.key, e.value FROM u JOIN f ON f.id = u.id CROSS JOIN LATERAL jsonb_each_text(u.o) e
      WHERE f.c_ok AND f.p_ok AND ${stockOk} AND ${otherOptionsOk}) d GROUP BY d.key, d.value
    ${order}`;
}

/** The key of a scope's counts: the listing, its category and price filters, and the choice. */
function scopeKey({ key, categoryIds, price, choice }: FacetScope): string {
  return `${key}\n${categoryIds === null ? "-" : [...categoryIds].sort().join(",")}\n${price?.minCents ?? ""}-${price?.maxCents ?? ""}\n${facetSearch(choice)}`;
}

/** A listing's facets and the number of products it shows with every facet applied. */
export type FacetedCounts = { facets: Facets; total: number };

/** The facets of a listing (one statement, or memory); see the top of this file for what each count means. */
export async function readFacets(scope: FacetScope): Promise<FacetedCounts> {
  const [rows, allCategories] = await Promise.all([
    facetCounts.get(scopeKey(scope), () => readFacetRows(scope)),
    scope.categoryIds === null ? Promise.resolve([]) : listCategories(),
  ]);
  const { choice } = scope;
  const count = (facet: FacetRow["facet"], value: string | null = null, name: string | null = null) =>
    rows.find((row) => row.facet === facet && row.value === value && row.name === name)?.n ?? 0;
  // Offered when it gives something, or shown because it is chosen (to be taken off).
  const offered = (values: FacetValue[]) => values.filter((value) => value.count > 0 || value.selected);

  const chosenCategories = new Set(scope.categoryIds ?? []);
  const categories =
    scope.categoryIds === null
      ? null
      : offered(
          allCategories.map((category) => ({
            value: category.id,
            label: category.name,
            count: count("category", category.id),
            selected: chosenCategories.has(category.id),
          })),
        );
  const chosenBand = bandForRange(scope.price)?.id ?? null;
  const prices = offered(
    PRICE_BANDS.map((band) => ({ value: band.id, label: band.label, count: count("price", band.id), selected: band.id === chosenBand })),
  );

  // Options in the order products declare them (Size before Colour; S, M, L, XL): by a value's
  // average place in its products' lists (a product sold in M and L only puts M first), then by name.
  const rank = new Map<string, number>();
  const nameRank = new Map<string, number>();
  for (const row of rows) {
    if (row.facet !== "order" || row.name === null || row.value === null) continue;
    rank.set(`${row.name}\n${row.value}`, row.n % 100000);
    nameRank.set(row.name, Math.min(nameRank.get(row.name) ?? Infinity, Math.floor(row.n / 100000)));
  }
  const groups = new Map<string, FacetValue[]>();
  const group = (name: string) => groups.get(name) ?? groups.set(name, []).get(name)!;
  for (const row of rows) {
    if (row.facet !== "option" || row.name === null || row.value === null || row.n <= 0) continue;
    group(row.name).push({
      value: row.value,
      label: row.value,
      count: row.n,
      selected: choice.options[row.name]?.includes(row.value) ?? false,
    });
  }
  for (const [name, values] of Object.entries(choice.options))
    for (const value of values)
      if (!group(name).some((v) => v.value === value)) group(name).push({ value, label: value, count: 0, selected: true });
  const byRank = (a: number | undefined, b: number | undefined) => (a ?? Infinity) - (b ?? Infinity);
  const options: FacetGroup[] = [...groups.entries()]
    .sort(([a], [b]) => byRank(nameRank.get(a), nameRank.get(b)) || a.localeCompare(b))
    .map(([name, values]) => ({
      name,
      values: values.sort(
        (a, b) => byRank(rank.get(`${name}\n${a.value}`), rank.get(`${name}\n${b.value}`)) || a.value.localeCompare(b.value),
      ),
    }));

  return {
    facets: { categories, prices, options, inStock: { count: count("stock"), selected: choice.inStock } },
    total: count("total"),
  };
}

/** A listing with no products to count over (an empty keyword). */
export const EMPTY_FACETS: Facets = { categories: null, prices: [], options: [], inStock: { count: 0, selected: false } };

export { hasFacets, NO_FACETS };
