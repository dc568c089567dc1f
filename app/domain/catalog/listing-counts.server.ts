// How many products match a listing filter or a search ("Found N"):
// remembered per filter until the catalogue changes (catalogCache), so a page
// does not count on every request; a miss is one count statement.
import { Prisma } from "@prisma/client";
import { readRows } from "~/utils/sql.server";
import { catalogCache } from "./catalog-cache.server";
import type { ListingQuery } from "./catalog";

/** Counts by listing or search key. */
const counts = catalogCache<number>(5_000);
/** Counts of listings with facets: they depend on stock and variants, so every change empties them. */
const facetedCounts = catalogCache<number>(5_000, { everyChange: true });

/** `always`: count (from memory when possible); `if-cached`: only what memory holds, else null (Load More needs no total). */
export type CountMode = "always" | "if-cached";

/** `faceted`: the key's filter depends on stock or variants (facets.server.ts). */
export function countFor(key: string, mode: CountMode, count: () => Promise<number>, faceted = false): Promise<number | null> {
  const cache = faceted ? facetedCounts : counts;
  return mode === "always" ? cache.get(key, count) : Promise.resolve(cache.peek(key) ?? null);
}

export async function countListing(where: Prisma.Sql): Promise<number> {
  // Unnamed: a count's best plan depends on its filter's values, and its answer is kept anyway.
  const rows = await readRows<{ total: number }>(Prisma.sql`SELECT count(*)::int AS total FROM "Product" p WHERE ${where}`, {
    prepared: false,
  });
  return Number(rows[0]?.total ?? 0);
}

/** The count kept for `key`, if any (the search's walk budget and sort choice read it without counting). */
export function peekCount(key: string, faceted = false): number | undefined {
  return (faceted ? facetedCounts : counts).peek(key);
}

/** A listing filter's key for the counts and the boundary tables (listing-boundaries.server.ts). */
export function listingKey(query: Pick<ListingQuery, "categoryIds" | "price">): string {
  return `listing ${[...query.categoryIds].sort().join(",")} ${query.price?.minCents ?? ""}-${query.price?.maxCents ?? ""}`;
}

/** The key of the unfiltered listing: every product. */
export const WHOLE_CATALOGUE = listingKey({ categoryIds: [], price: null });
