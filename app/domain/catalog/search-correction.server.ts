// Typos forgiven: a keyword that finds nothing is corrected word by word
// against the catalogue's own words ("SearchWord", kept by triggers: see
// migration 20261128100000_search_index), by pg_trgm similarity as
// PostgreSQL's documentation suggests for spelling. Only a word that matches
// nothing on its own is replaced, by the most similar word that does match
// something, so "hedphones" reads "headphones" and "tshirt" "t-shirt".
// A correction is kept until the catalogue changes, like a count.
import { Prisma } from "@prisma/client";
import { readRows } from "~/utils/sql.server";
import { normalizeKeyword } from "./catalog";
import { catalogCache } from "./catalog-cache.server";
import { keywordTokens, keywordWhere, searchProducts, type SearchResult } from "./search.server";

/** Words shorter than this are never corrected: too little to go on. */
const MIN_CORRECTED_LENGTH = 3;
/** Most similar candidates tried for a word, best first. */
const CANDIDATES = 5;

const corrections = catalogCache<string | null>(2_000);

/** What to search for instead of `word`, or null when it matches something or nothing close does. */
async function correctWord(word: string): Promise<string | null> {
  const where = keywordWhere(word);
  const letters = keywordTokens(word).join("");
  if (!where || letters.length < MIN_CORRECTED_LENGTH) return null;
  const [row] = await readRows<{ found: boolean; suggestion: string | null }>(
    Prisma.sql`
    WITH found AS (SELECT EXISTS (SELECT 1 FROM "Product" p WHERE ${where}) AS found)
    SELECT found.found, CASE WHEN found.found THEN NULL ELSE (
      SELECT c.word FROM (
        SELECT w.word, similarity(w.word, lower(search_unaccent(${word}))) AS s FROM "SearchWord" w
        WHERE w.word % lower(search_unaccent(${word})) ORDER BY s DESC, w.word LIMIT ${CANDIDATES}) c
      WHERE EXISTS (SELECT 1 FROM "Product" p WHERE p."searchVector" @@ plainto_tsquery('english', c.word))
      ORDER BY c.s DESC, c.word LIMIT 1) END AS suggestion
    FROM found`,
    { prepared: false },
  );
  return row?.found ? null : (row?.suggestion ?? null);
}

/** The keyword with each word that matches nothing replaced by its correction, or null when none was. */
export function correctedKeyword(rawKeyword: unknown): Promise<string | null> {
  const keyword = normalizeKeyword(rawKeyword).toLowerCase();
  if (!keyword) return Promise.resolve(null);
  return corrections.get(keyword, async () => {
    const words = [...new Set(keyword.split(" "))].slice(0, 8);
    const replaced = await Promise.all(words.map(correctWord));
    if (replaced.every((word) => word === null)) return null;
    return words.map((word, i) => replaced[i] ?? word).join(" ");
  });
}

/** A search's page, and when the keyword was corrected, what was typed. */
export type CorrectedSearch = SearchResult & { typed: string | null };

/**
 * `searchProducts`, but a keyword that finds nothing is corrected (see above)
 * and the corrected keyword's results are answered, with `typed` saying what
 * was typed. `exact` searches only what was typed.
 */
export async function searchForgivingTypos(
  rawKeyword: unknown,
  options: Parameters<typeof searchProducts>[1] & { exact?: boolean } = {},
): Promise<CorrectedSearch> {
  // `counted` is the typed keyword's count: never the corrected one's.
  const { exact = false, counted, ...rest } = options;
  const result = await searchProducts(rawKeyword, { ...rest, counted, count: "always" });
  if (exact || result.total > 0 || !result.keyword) return { ...result, typed: null };
  const corrected = await correctedKeyword(result.keyword);
  if (!corrected) return { ...result, typed: null };
  const instead = await searchProducts(corrected, { ...rest, count: "always" });
  return instead.total > 0 ? { ...instead, typed: result.keyword } : { ...result, typed: null };
}
