// The schemas of a listing query: the home page's GET query string and the
// API's product-filters body both end up in one ListingQuery. Kept apart from
// catalog.ts so that only loaders and the API import them, and zod stays out
// of the listing pages' client bundles.
import { idSchema as anyIdSchema } from "~/utils/id";
import { z } from "~/utils/zod";
import {
  DEFAULT_SORT,
  dollarBandToRange,
  lenientPage,
  MAX_FILTER_CATEGORIES,
  MAX_PAGE,
  PRICE_BANDS,
  SORT_IDS,
  type ListingQuery,
  type PriceRange,
} from "./catalog";

const MAX_DOLLARS = 1_000_000;

export const idSchema = anyIdSchema();

export const priceRangeSchema = z
  .object({
    minCents: z.number().int().min(0),
    maxCents: z.number().int().positive().nullable(),
  })
  .refine((range) => range.maxCents === null || range.maxCents > range.minCents, "The price range is empty");

export const listingQuerySchema = z.object({
  categoryIds: z
    .array(idSchema)
    .max(MAX_FILTER_CATEGORIES, `At most ${MAX_FILTER_CATEGORIES} categories`)
    .transform((ids) => [...new Set(ids)]),
  price: priceRangeSchema.nullable(),
  sort: z.enum(SORT_IDS),
  page: z.number().int().min(1).max(MAX_PAGE),
});

// The plain types in catalog.ts are what these schemas produce (checked here, at compile time).
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
const sameRange: Same<z.output<typeof priceRangeSchema>, PriceRange> = true;
const sameQuery: Same<z.output<typeof listingQuerySchema>, ListingQuery> = true;
void sameRange;
void sameQuery;

/**
 * The home page's query string (`?category=<id>&category=<id>&price=20-39&sort=price-asc&page=2`)
 * as a listing query. A screen never fails on a hand-edited URL: malformed
 * ids, unknown bands or sorts are dropped and the page number is clamped.
 */
export function listingQueryFromSearchParams(params: URLSearchParams): ListingQuery {
  const categoryIds = params
    .getAll("category")
    .filter((id) => idSchema.safeParse(id).success)
    .slice(0, MAX_FILTER_CATEGORIES);
  const band = PRICE_BANDS.find((b) => b.id === params.get("price"));
  const sortParam = params.get("sort");
  const sort = SORT_IDS.find((id) => id === sortParam) ?? DEFAULT_SORT;
  return listingQuerySchema.parse({
    categoryIds,
    price: band ? { minCents: band.minCents, maxCents: band.maxCents } : null,
    sort,
    page: lenientPage(params.get("page")),
  });
}

/** Dollars as a number or numeric text ("19", "19.5"); never NaN, never negative. */
const dollarsSchema = z
  .union([
    z.number(),
    z
      .string()
      .trim()
      .regex(/^\d+(\.\d+)?$/, "Expected a number")
      .transform(Number),
  ])
  .pipe(z.number().finite().min(0).max(MAX_DOLLARS));

/**
 * The API's POST /api/v1/product/product-filters body as the old clients send
 * it: `{ checked: [categoryId...], radio: [min, max] | [] }` with the band in
 * dollars (optionally `page` and `sort`), turned into the same listing query
 * the home page uses.
 */
export const productFiltersBodySchema = z
  .object({
    checked: z.array(idSchema).max(MAX_FILTER_CATEGORIES, `At most ${MAX_FILTER_CATEGORIES} categories`).default([]),
    radio: z
      .union([z.tuple([]), z.tuple([dollarsSchema, dollarsSchema])])
      .default([])
      .refine((radio) => radio.length === 0 || radio[0] <= radio[1], "radio must be [min, max] with min <= max"),
    sort: z.enum(SORT_IDS).default(DEFAULT_SORT),
    page: z.number().int().min(1).max(MAX_PAGE).default(1),
  })
  .transform((body) => ({
    categoryIds: body.checked,
    price: body.radio.length === 2 ? dollarBandToRange(body.radio[0], body.radio[1]) : null,
    sort: body.sort,
    page: body.page,
  }))
  .pipe(listingQuerySchema);
