// Deep listing pages start from a boundary key kept in memory (see
// readBoundaries in app/domain/catalog/listing-boundaries.server.ts) instead of walking the index
// from the first row. Whatever the path, every page must be exactly what
// OFFSET paging gives: checked here page by page, for every order, with a
// filter, on a catalogue of several thousand rows full of ties (equal times,
// prices and names), and again after rows are inserted and deleted in the
// middle. Nothing here measures time; bench/ does.
import { Prisma } from "@prisma/client";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { listenForCatalogChanges, type CatalogListener } from "../../server/cache/catalog-listener";
import { DEFAULT_LISTING, PAGE_SIZE, SORT_IDS, type ListingQuery, type SortId } from "~/domain/catalog/catalog";
import { MAX_SHOWN } from "~/domain/catalog/listed-product.server";
import { listProducts } from "~/domain/catalog/listing.server";
import { BOUNDARY_EVERY, cachedBoundaryCount } from "~/domain/catalog/listing-boundaries.server";
import { createCategory } from "~/domain/catalog/category.server";
import { catalogBus, catalogCachesUsable } from "~/utils/catalog-bus";
import { db } from "~/utils/db.server";

vi.setConfig({ testTimeout: 120_000 });

const ORDER: Record<SortId, string> = {
  newest: `p."createdAt" DESC, p.id DESC`,
  "price-asc": `p."priceCents" ASC, p.id ASC`,
  "price-desc": `p."priceCents" DESC, p.id DESC`,
  name: `p.name ASC, p.id ASC`,
};
const ROWS = 3_500;
const API_PAGE = 100;

let listener: CatalogListener;
let categoryId: string;
let otherCategoryId: string;

/** The ids OFFSET paging gives for that window. */
async function offsetIds(query: ListingQuery, skip: number, take: number): Promise<string[]> {
  const conditions = [Prisma.sql`TRUE`];
  if (query.categoryIds.length) conditions.push(Prisma.sql`p."categoryId" = ANY(${query.categoryIds}::text[])`);
  if (query.price) {
    conditions.push(Prisma.sql`p."priceCents" >= ${query.price.minCents}`);
    if (query.price.maxCents !== null) conditions.push(Prisma.sql`p."priceCents" < ${query.price.maxCents}`);
  }
  const rows = await db.$queryRaw<{ id: string }[]>`
    SELECT p.id FROM "Product" p WHERE ${Prisma.join(conditions, " AND ")}
    ORDER BY ${Prisma.raw(ORDER[query.sort])} LIMIT ${take} OFFSET ${skip}`;
  return rows.map((row) => row.id);
}

/** Waits until the caches are in use again (a write's NOTIFY came back) and a change has been heard since `since`. */
async function changesHeard(since: number) {
  await vi.waitFor(() => {
    expect(catalogBus().generation).toBeGreaterThan(since);
    expect(catalogCachesUsable()).toBe(true);
  });
}

/** Every page of `query` in `pageSize`s equals OFFSET paging; returns how many pages there were. */
async function expectEveryPageLikeOffset(query: Omit<ListingQuery, "page">, pageSize: number) {
  const first = await listProducts({ ...query, page: 1 }, { mode: "page", pageSize });
  const pages = Math.ceil(first.total / pageSize);
  for (let page = 1; page <= pages + 1; page++) {
    const listing = await listProducts({ ...query, page }, { mode: "page", pageSize, count: "if-cached" });
    const expected = await offsetIds({ ...query, page }, (page - 1) * pageSize, pageSize + 1);
    expect(
      listing.products.map((p) => p.id),
      `${query.sort} page ${page}`,
    ).toEqual(expected.slice(0, pageSize));
    expect(listing.hasMore, `${query.sort} page ${page}`).toBe(expected.length > pageSize);
  }
  return pages;
}

beforeAll(async () => {
  listener = listenForCatalogChanges(process.env.DATABASE_URL!);
  await listener.ready;
  const made = await createCategory({ name: `Paging ${Date.now()}` });
  if (!made.ok) throw new Error(made.message);
  categoryId = made.category.id;
  const other = await createCategory({ name: `Paging other ${Date.now()}` });
  if (!other.ok) throw new Error(other.message);
  otherCategoryId = other.category.id;
  const since = catalogBus().generation;
  // Ties everywhere: 7 products per second, 50 prices; names are unique (an index says so)
  // but share 300 prefixes, so name order jumps across ids and times.
  await db.$executeRaw`
    INSERT INTO "Product" (id, name, slug, description, "priceCents", quantity, shipping, "categoryId", "createdAt", "updatedAt")
    SELECT 'pg' || lpad(g::text, 22, '0'), 'Paging item ' || (g % 300) || '.' || g, 'paging-' || g, 'A thing', 100 * (g % 50), 3, true,
           CASE WHEN g % 3 = 0 THEN ${categoryId} ELSE ${otherCategoryId} END,
           timestamp '2026-01-01' + make_interval(secs => g / 7), now()
    FROM generate_series(1, ${ROWS}::int) g`;
  await changesHeard(since);
});

afterAll(async () => {
  await listener?.stop();
});

describe("deep pages from boundary keys", () => {
  it("equal OFFSET paging on every page, in every order", async () => {
    for (const sort of SORT_IDS) {
      const pages = await expectEveryPageLikeOffset({ ...DEFAULT_LISTING, sort }, API_PAGE);
      expect(pages * API_PAGE).toBeGreaterThan(3 * BOUNDARY_EVERY);
      // The deep pages did use boundaries: three or more were kept for this order.
      expect(cachedBoundaryCount({ ...DEFAULT_LISTING, sort })).toBeGreaterThanOrEqual(3);
    }
  });

  it("equal OFFSET paging with a filter, in the API's and the screens' page sizes", async () => {
    const query = { ...DEFAULT_LISTING, categoryIds: [categoryId], price: { minCents: 0, maxCents: 4000 }, sort: "price-desc" as const };
    await expectEveryPageLikeOffset(query, API_PAGE);
    await expectEveryPageLikeOffset({ ...DEFAULT_LISTING, sort: "name" }, PAGE_SIZE * 20);
  });

  it("equal OFFSET paging filtered on several categories (each category's rows read in order, merged), in every order", async () => {
    const price = { minCents: 0, maxCents: 4000 };
    for (const sort of SORT_IDS) {
      const pages = await expectEveryPageLikeOffset(
        { ...DEFAULT_LISTING, categoryIds: [categoryId, otherCategoryId], price, sort },
        API_PAGE,
      );
      expect(pages * API_PAGE).toBeGreaterThan(2 * BOUNDARY_EVERY);
    }
    await expectEveryPageLikeOffset(
      { ...DEFAULT_LISTING, categoryIds: [otherCategoryId, categoryId], price: null, sort: "name" },
      PAGE_SIZE * 3,
    );
  });

  it("equal OFFSET for a deep no-JavaScript page (the last 48 up to it)", async () => {
    const page = Math.floor(2_500 / PAGE_SIZE);
    const listing = await listProducts({ ...DEFAULT_LISTING, page });
    expect(listing.offset).toBe(page * PAGE_SIZE - MAX_SHOWN);
    expect(listing.products.map((p) => p.id)).toEqual(await offsetIds({ ...DEFAULT_LISTING, page }, listing.offset, MAX_SHOWN));
  });

  it("stay equal after rows are inserted and deleted in the middle", async () => {
    for (const sort of SORT_IDS) await listProducts({ ...DEFAULT_LISTING, sort, page: 30 }, { mode: "page", pageSize: API_PAGE });
    expect(cachedBoundaryCount({ ...DEFAULT_LISTING, sort: "newest" })).toBeGreaterThan(0);
    const since = catalogBus().generation;
    await db.$executeRaw`DELETE FROM "Product" WHERE id IN (SELECT id FROM "Product" WHERE id LIKE 'pg%' ORDER BY "createdAt", id OFFSET 700 LIMIT 61)`;
    await db.$executeRaw`
      INSERT INTO "Product" (id, name, slug, description, "priceCents", quantity, shipping, "categoryId", "createdAt", "updatedAt")
      SELECT 'pn' || lpad(g::text, 22, '0'), 'Paging item ' || (g % 300) || 'b.' || g, 'paging-new-' || g, 'A thing', 100 * (g % 50) + 50, 3, true, ${categoryId},
             timestamp '2026-01-01' + make_interval(secs => 100 + g / 3), now()
      FROM generate_series(1, 173) g`;
    await changesHeard(since);
    // The change dropped what was kept; the next deep pages read new boundaries.
    expect(cachedBoundaryCount({ ...DEFAULT_LISTING, sort: "newest" })).toBe(0);
    for (const sort of SORT_IDS) await expectEveryPageLikeOffset({ ...DEFAULT_LISTING, sort }, API_PAGE);
  });
});
