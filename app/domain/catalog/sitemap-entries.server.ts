// What the sitemap lists: every category and every product, with last change
// times (the XML itself is app/http/sitemap.server.ts).
import { db } from "~/utils/db.server";

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
