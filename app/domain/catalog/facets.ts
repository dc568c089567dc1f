// Facets, the rules the browser needs too: which facets a URL chooses
// (`?Size=M&Colour=Red&inStock=1`, beside the listing's own `category` and
// `price`), the query string of a choice, and the counts a page shows. No zod
// and no server import: this module is in the search and category pages'
// bundles. The counts are read by facets.server.ts.
import { bandForRange, type PriceRange } from "./catalog";

/** At most this many options (Size, Colour, …) chosen at once, as a product has at most three. */
export const MAX_FACET_OPTIONS = 3;
/** At most this many values of one option chosen at once. */
export const MAX_FACET_VALUES = 20;
const MAX_NAME_LENGTH = 40;
const MAX_VALUE_LENGTH = 60;

/** Parameters of a listing URL that are never an option's name. */
const RESERVED = new Set(["keyword", "sort", "page", "price", "category", "chunk", "exact", "inStock", "index", "_data"]);
const NAME_SHAPE = /^\p{L}[\p{L}\p{N} _-]*$/u;

/** The chosen option values (a product matches when one variant on sale has them all) and "In stock only". */
export type FacetChoice = { options: Record<string, string[]>; inStock: boolean };
export const NO_FACETS: FacetChoice = { options: {}, inStock: false };

/**
 * The facets a query string chooses. Every parameter that is not the
 * listing's own and is shaped like an option's name is taken as one; the
 * server then drops names no product has (facets.server.ts), so a stray
 * `utm_source` changes nothing. Never fails on a hand-edited URL.
 */
export function facetChoiceFromSearchParams(params: URLSearchParams): FacetChoice {
  const options: Record<string, string[]> = {};
  for (const name of new Set(params.keys())) {
    if (RESERVED.has(name) || name.length > MAX_NAME_LENGTH || !NAME_SHAPE.test(name)) continue;
    const values = [
      ...new Set(
        params
          .getAll(name)
          .map((value) => value.trim())
          .filter((value) => value && value.length <= MAX_VALUE_LENGTH && !/[\u0000-\u001f\u007f\ud800-\udfff]/.test(value)),
      ),
    ].slice(0, MAX_FACET_VALUES);
    if (values.length) options[name] = values.sort();
    if (Object.keys(options).length >= MAX_FACET_OPTIONS) break;
  }
  return { options, inStock: params.get("inStock") === "1" };
}

/** Whether anything is chosen. */
export function hasFacets(choice: FacetChoice): boolean {
  return choice.inStock || Object.keys(choice.options).length > 0;
}

/** The query string of a choice, in one order (names sorted), so one choice has one URL and one cache key. */
export function facetSearch(choice: FacetChoice): string {
  const params = new URLSearchParams();
  for (const name of Object.keys(choice.options).sort()) for (const value of choice.options[name]) params.append(name, value);
  if (choice.inStock) params.set("inStock", "1");
  return params.toString();
}

/** The query string of a listing's narrowing: its categories, its price band, then its facets. */
export function narrowingSearch(filters: { categoryIds: string[]; price: PriceRange | null; facets: FacetChoice }): string {
  const params = new URLSearchParams();
  for (const id of [...filters.categoryIds].sort()) params.append("category", id);
  const band = bandForRange(filters.price);
  if (band) params.set("price", band.id);
  const facets = facetSearch(filters.facets);
  return [params.toString(), facets].filter(Boolean).join("&");
}

/** A facet value with how many products the listing would show if it were chosen (the other facets as they are). */
export type FacetValue = { value: string; label: string; count: number; selected: boolean };
export type FacetGroup = { name: string; values: FacetValue[] };

/**
 * What a listing page offers: categories (search only; null on a category
 * page), price bands, each option's values, and "In stock only". A value that
 * would give no results is never offered, unless it is chosen (then it shows,
 * checked, so it can be taken off).
 */
export type Facets = {
  categories: FacetValue[] | null;
  prices: FacetValue[];
  options: FacetGroup[];
  inStock: { count: number; selected: boolean };
};
