// Suggestions as people type (the header's search box, the API's
// product/suggest): up to SUGGESTED_PRODUCTS products by the search's own
// relevance (the exact name first, the last word as a prefix), one statement
// and no count, a misspelt keyword corrected as the results page does; and up
// to SUGGESTED_CATEGORIES categories whose name holds every word, from the
// category list every page already keeps in memory. The answer is the same
// for everyone (nothing personal, no stock): kept per lower-case keyword until
// the catalogue changes, as a count is, since every shopper types the same
// few prefixes ("la", "lam", "lamp").
import { centsToDollars } from "~/utils/money";
import { normalizeKeyword, productPhotoPath } from "./catalog";
import { catalogCache } from "./catalog-cache.server";
import { listCategories, type CategorySummary } from "./category.server";
import { correctedKeyword } from "./search-correction.server";
import { keywordTokens, searchProducts } from "./search.server";

export const SUGGESTED_PRODUCTS = 6;
export const SUGGESTED_CATEGORIES = 3;

export type SuggestedProduct = { id: string; name: string; slug: string; priceCents: number; price: number; photo: string | null };
export type Suggestions = { keyword: string; products: SuggestedProduct[]; categories: CategorySummary[] };

/** Lower case without accents, as the search index folds text. */
const fold = (text: string) => text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();

const answers = catalogCache<Omit<Suggestions, "keyword">>(5_000);

export async function suggest(rawKeyword: unknown): Promise<Suggestions> {
  const keyword = normalizeKeyword(rawKeyword);
  const tokens = keywordTokens(fold(keyword));
  if (!tokens.length) return { keyword, products: [], categories: [] };
  return { keyword, ...(await answers.get(keyword.toLowerCase(), () => readSuggestions(keyword, tokens))) };
}

async function readSuggestions(keyword: string, tokens: string[]): Promise<Omit<Suggestions, "keyword">> {
  const options = { page: 1, mode: "page", pageSize: SUGGESTED_PRODUCTS, count: "if-cached" } as const;
  const [found, categories] = await Promise.all([searchProducts(keyword, options), listCategories()]);
  let products = found.products;
  if (!products.length) {
    const corrected = await correctedKeyword(keyword);
    if (corrected) products = (await searchProducts(corrected, options)).products;
  }
  // Every word in the category's name, the last as a prefix of one of its words.
  const last = tokens[tokens.length - 1];
  const matching = categories.filter((category) => {
    const words = keywordTokens(fold(category.name));
    return tokens.slice(0, -1).every((token) => words.includes(token)) && words.some((word) => word.startsWith(last));
  });
  return {
    products: products.map((p) => ({
      id: p.id,
      name: p.name,
      slug: p.slug,
      priceCents: p.priceCents,
      price: centsToDollars(p.priceCents),
      photo: p.photoVersion ? productPhotoPath(p.id, p.photoVersion, "thumb") : null,
    })),
    categories: matching.slice(0, SUGGESTED_CATEGORIES),
  };
}
