// Which products a search's window holds (keyword, sort, filters, page), in
// order, and whether more follow: kept until the catalogue changes (with
// facets, until any change: they depend on stock and variants), like the
// counts and where each tier starts (search.server.ts). A kept window's rows
// are read again by primary key on every request, so prices, stock and photos
// are always current; only which products match, and their order, is
// remembered. A common word's page was one statement of three tiers, each
// walking the order's index and testing every product it passed (1.2–1.5 ms
// of PostgreSQL for "lamp" at 100,000 products, twice a category page's);
// kept, it is one primary-key read (0.4 ms).
import { Prisma } from "@prisma/client";
import { readRows } from "~/utils/sql.server";
import { catalogCache } from "./catalog-cache.server";
import { fromRow, LISTED_COLUMNS, LISTED_JOINS, type ListedProduct, type ListedSqlRow } from "./listed-product.server";

type WindowIds = { ids: string[]; hasMore: boolean };
const windowIds = catalogCache<WindowIds>(5_000);
const facetedWindowIds = catalogCache<WindowIds>(5_000, { everyChange: true });

/** The listed rows of these products, in this order; null when one is gone (the window is read again). */
async function listedByIds(ids: string[]): Promise<ListedSqlRow[] | null> {
  if (!ids.length) return [];
  const rows = await readRows<ListedSqlRow>(
    Prisma.sql`SELECT ${LISTED_COLUMNS} FROM "Product" p ${LISTED_JOINS} WHERE p.id = ANY(${ids}::text[])`,
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  const ordered = ids.map((id) => byId.get(id));
  return ordered.every((row) => row !== undefined) ? (ordered as ListedSqlRow[]) : null;
}

type SearchWindow = { products: ListedProduct[]; hasMore: boolean };

/** The window kept under `key` with its rows read again, or `read()`'s, kept unless the catalogue changed meanwhile. */
export async function keptSearchWindow(key: string, faceted: boolean, read: () => Promise<SearchWindow>): Promise<SearchWindow> {
  const windows = faceted ? facetedWindowIds : windowIds;
  const kept = windows.peek(key);
  const rows = kept ? await listedByIds(kept.ids) : null;
  if (kept && rows) return { products: rows.map(fromRow), hasMore: kept.hasMore };
  const generation = windows.generation();
  const found = await read();
  windows.keep(key, { ids: found.products.map((product) => product.id), hasMore: found.hasMore }, generation);
  return found;
}
