// ?page=N from a URL: a whole number from 1, anything else is page 1.
export const MAX_PAGE = 10_000;

export function pageFromUrl(url: URL | string, param = "page"): number {
  return pageFromText(new URL(url).searchParams.get(param));
}

/** A page number's text: a whole number from 1 (at most MAX_PAGE), anything else is page 1. */
export function pageFromText(value: string | null | undefined): number {
  if (!value || !/^\d{1,5}$/.test(value)) return 1;
  return Math.min(MAX_PAGE, Math.max(1, Number(value)));
}

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** One page of a list, the one shape every paged list of the screens and the API takes. */
export type Paged<T> = { items: T[]; total: number; page: number; pageSize: number; pageCount: number };

/** `items` as page `page` of `total` in pages of `pageSize`. */
export function pageOf<T>(items: T[], total: number, page: number, pageSize: number): Paged<T> {
  return { items, total, page, pageSize, pageCount: pageCount(total, pageSize) };
}
