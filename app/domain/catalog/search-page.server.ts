// The search results page's read: the results (typos forgiven) and their
// facets, side by side on two pooled connections, for one request. The facets
// are counted for the keyword the results are for: when a keyword that found
// nothing is corrected, for the corrected one.
import type { PriceRange, SortId } from "./catalog";
import { listCategories } from "./category.server";
import { applicableFacets, EMPTY_FACETS, readFacets, type FacetedCounts } from "./facets.server";
import type { FacetChoice, Facets } from "./facets";
import { searchForgivingTypos, type CorrectedSearch } from "./search-correction.server";
import { keywordPatterns, keywordWhere, type SearchFilters } from "./search.server";
import { normalizeKeyword } from "./catalog";

export type SearchPageInput = {
  keyword: unknown;
  page: number;
  sort: SortId | null;
  /** Search exactly what was typed (no correction). */
  exact: boolean;
  categoryIds: string[];
  price: PriceRange | null;
  facets: FacetChoice;
};

export type SearchPage = CorrectedSearch & { facets: Facets; filters: SearchFilters };

/** The filters as applied: unknown categories and options no product has are dropped, not an empty page. */
export async function applicableFilters(input: Pick<SearchPageInput, "categoryIds" | "price" | "facets">): Promise<SearchFilters> {
  const [categories, facets] = await Promise.all([
    input.categoryIds.length ? listCategories() : Promise.resolve([]),
    applicableFacets(input.facets),
  ]);
  const known = new Set(categories.map((category) => category.id));
  return { categoryIds: input.categoryIds.filter((id) => known.has(id)), price: input.price, facets };
}

function facetsFor(keyword: string, filters: SearchFilters): Promise<FacetedCounts> {
  const base = keywordWhere(keyword);
  if (!base) return Promise.resolve({ facets: EMPTY_FACETS, total: 0 });
  const patterns = keywordPatterns(keyword);
  const scope = {
    base,
    key: `search ${keyword.toLowerCase()}\n${patterns.join(" ")}`,
    ...filters,
    choice: filters.facets,
    common: patterns.length <= 2,
  };
  return readFacets(scope);
}

/**
 * The results and the facets side by side; the facets' statement also counts
 * the results with every filter applied ("Found N"), so the matches are read
 * by it and the page's own statement, not by a third count statement too.
 */
export async function searchPage(input: SearchPageInput): Promise<SearchPage> {
  const filters = await applicableFilters(input);
  const typed = normalizeKeyword(input.keyword);
  const typedFacets = facetsFor(typed, filters);
  const counted = typedFacets.then((found) => found.total);
  // Failing alone, the count's promise would be an unhandled rejection when a kept count is used instead.
  counted.catch(() => {});
  const [result, typedCounts] = await Promise.all([
    searchForgivingTypos(typed, { page: input.page, sort: input.sort, exact: input.exact, filters, counted }),
    typedFacets,
  ]);
  const facets = result.keyword === typed ? typedCounts.facets : (await facetsFor(result.keyword, filters)).facets;
  return { ...result, facets, filters };
}
