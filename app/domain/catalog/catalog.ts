// The catalog's listing rules that both the browser and the server need: price
// bands, sort orders, page size, URLs of a listing. No schema lives here: this
// module is in the client bundle of every listing page, and zod would come
// with it; the schemas for a listing query are in catalog-query.ts (used by
// loaders and the API only). Database reads live in listing.server.ts, search.server.ts,
// product-page.server.ts and category-page.server.ts.
import { MAX_PAGE } from "~/utils/paging";

export { MAX_PAGE };

/** Products per page on listing screens (Load More adds one page). */
export const PAGE_SIZE = 12;
/**
 * Products per page of search results: a category page's (issue 46: a results
 * page no larger than a category page of the same size). It was 24, which made
 * a common-word search page twice a category page's bytes and rendering.
 */
export const SEARCH_PAGE_SIZE = PAGE_SIZE;
/** Longest search keyword used; longer input is cut (never an error). */
export const MAX_KEYWORD_LENGTH = 200;
/** At most this many category ids in one filter. */
export const MAX_FILTER_CATEGORIES = 50;
/** A price band whose upper dollar is at least this has no upper bound ("$100 or more"). */
export const OPEN_ENDED_DOLLARS = 9999;

/** A price filter in integer cents: minCents inclusive, maxCents exclusive (null: no upper bound). */
export type PriceRange = { minCents: number; maxCents: number | null };

/**
 * A band [min, max] in whole dollars, as the old app's radios sent it, covers
 * every price from min.00 up to max.99, so adjacent bands (0-19, 20-39) leave
 * no gap for $19.50. A fractional max is taken as written (inclusive), and a
 * max of 9999 or more means "no upper bound".
 */
export function dollarBandToRange(min: number, max: number): PriceRange {
  const minCents = Math.round(min * 100);
  if (max >= OPEN_ENDED_DOLLARS) return { minCents, maxCents: null };
  const maxCents = Number.isInteger(max) ? (max + 1) * 100 : Math.round(max * 100) + 1;
  return { minCents, maxCents };
}

function band(id: string, label: string, min: number, max: number) {
  return { id, label, range: [min, max] as const, ...dollarBandToRange(min, max) };
}

/** The spec's price filter options, each with its own id (the old app reused one). */
export const PRICE_BANDS = [
  band("0-19", "0 to 19", 0, 19),
  band("20-39", "20 to 39", 20, 39),
  band("40-59", "40 to 59", 40, 59),
  band("60-79", "60 to 79", 60, 79),
  band("80-99", "80 to 99", 80, 99),
  band("100-9999", "$100 or more", 100, 9999),
];
export type PriceBand = (typeof PRICE_BANDS)[number];

export function bandForRange(range: PriceRange | null): PriceBand | undefined {
  if (!range) return undefined;
  return PRICE_BANDS.find((b) => b.minCents === range.minCents && b.maxCents === range.maxCents);
}

export const SORTS = [
  { id: "newest", label: "Newest" },
  { id: "price-asc", label: "Price: low to high" },
  { id: "price-desc", label: "Price: high to low" },
  { id: "name", label: "Name" },
] as const;
export type SortId = (typeof SORTS)[number]["id"];
export const SORT_IDS = SORTS.map((s) => s.id) as [SortId, ...SortId[]];
export const DEFAULT_SORT: SortId = "newest";

/** The one listing query: which categories, which price range, which order, up to which page (its schema: catalog-query.ts). */
export type ListingQuery = { categoryIds: string[]; price: PriceRange | null; sort: SortId; page: number };

/** A `sort` query value, or null when it is missing or unknown. */
export function sortFromParam(value: string | null): SortId | null {
  return SORT_IDS.find((id) => id === value) ?? null;
}

export const DEFAULT_LISTING: ListingQuery = { categoryIds: [], price: null, sort: DEFAULT_SORT, page: 1 };

/** A page number from a query string: anything odd becomes 1, anything huge MAX_PAGE. */
export function lenientPage(value: string | null): number {
  const page = Math.floor(Number(value));
  if (!Number.isFinite(page) || page < 1) return 1;
  return Math.min(page, MAX_PAGE);
}

/** The query string for a listing state (filters and sort only; add the page with `withPage`). */
export function listingSearch(query: Pick<ListingQuery, "categoryIds" | "price" | "sort">): string {
  const params = new URLSearchParams();
  for (const id of query.categoryIds) params.append("category", id);
  const band = bandForRange(query.price);
  if (band) params.set("price", band.id);
  if (query.sort !== DEFAULT_SORT) params.set("sort", query.sort);
  return params.toString();
}

/** `search` plus `page=N` (page 1 is left out so the first page has one URL). */
export function withPage(search: string, page: number): string {
  const params = new URLSearchParams(search);
  params.delete("page");
  if (page > 1) params.set("page", String(page));
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** Load More's fetcher URL for one page of a listing: `base` with the filters of `search`, the page and `chunk=1`. */
export function chunkHref(base: string, search: string, page: number): string {
  const params = new URLSearchParams(search);
  params.set("page", String(page));
  params.set("chunk", "1");
  return `${base}${base.includes("?") ? "&" : "?"}${params}`;
}

/** Half of a UTF-16 pair on its own: not text, and the database driver refuses it. */
export const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** A search keyword from any input: text, trimmed, at most MAX_KEYWORD_LENGTH characters. */
export function normalizeKeyword(raw: unknown): string {
  if (typeof raw !== "string") return "";
  // Control characters (NUL above all: PostgreSQL text cannot hold it) count as spaces.
  return raw
    .replace(LONE_SURROGATE, "\ufffd")
    .replace(/[\u0000-\u001f\u007f\s]+/g, " ")
    .trim()
    .slice(0, MAX_KEYWORD_LENGTH)
    .replace(LONE_SURROGATE, "")
    .trim();
}

/**
 * Whether a slug from a URL can name anything: short text without control
 * characters (NUL cannot even be sent to PostgreSQL) or half a UTF-16 pair.
 */
export const slugLike = (slug: string | undefined): slug is string =>
  typeof slug === "string" &&
  slug.length > 0 &&
  slug.length <= 200 &&
  !/[\u0000-\u001f\u007f]/.test(slug) &&
  !new RegExp(LONE_SURROGATE.source).test(slug);

/** One product as a card shows it (listing payloads carry nothing more). `photoVersion`: the photo's etag, null without a photo. */
export type ProductCardData = {
  id: string;
  name: string;
  slug: string;
  description: string;
  priceCents: number;
  quantity: number;
  photoVersion: string | null;
  /** With options: the highest of its variants' prices (priceCents is the lowest on sale), so the card says "From". Absent or null: no options. */
  maxPriceCents?: number | null;
};

/** What a listing loader answers when asked for one page only (`chunk=1`), for Load More. */
export type ProductChunk = {
  chunk: true;
  listKey: string;
  products: ProductCardData[];
  /** Products in the whole listing, when the server had the count at hand (Load More never counts). */
  total: number | null;
  /** Whether products follow this page. */
  hasMore: boolean;
  page: number;
};

/** The card-sized photo's width (a square). */
export const THUMB_WIDTH = 400;
/** The product page's photo widths below the original, for srcset (made at upload when the original is wider). */
export const PHOTO_WIDTHS = [480, 800, 1200] as const;
export type PhotoSize = "full" | "thumb" | `${(typeof PHOTO_WIDTHS)[number]}`;
export const PHOTO_SIZES: readonly PhotoSize[] = ["full", "thumb", ...PHOTO_WIDTHS.map((width) => `${width}` as const)];

/**
 * The product page's photo as a srcset: each width the original is wider
 * than, and the original itself (the card-sized copy is cropped square, so
 * it is not one of them).
 */
export function productPhotoSrcSet(productId: string, photo: { etag: string; width: number }): string {
  return [
    ...PHOTO_WIDTHS.filter((width) => width < photo.width).map(
      (width) => `${productPhotoPath(productId, photo.etag, `${width}`)} ${width}w`,
    ),
    `${productPhotoPath(productId, photo.etag)} ${photo.width}w`,
  ].join(", ");
}

/**
 * A product photo's URL. With the photo's version (its content hash) in the
 * URL, the endpoint can let browsers cache it forever: a new photo gets a new URL.
 */
export function productPhotoPath(productId: string, version?: string | null, size?: Exclude<PhotoSize, "full">): string {
  const params = new URLSearchParams();
  if (size) params.set("size", size);
  if (version) params.set("v", version);
  const query = params.toString();
  return `/api/v1/product/product-photo/${productId}${query ? `?${query}` : ""}`;
}
