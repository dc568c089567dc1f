import type { HeadersFunction } from "@remix-run/node";

/**
 * A route's `headers` export for forms that can be refused with Retry-After
 * (429 from a rate limit): a document post then carries the action's
 * Retry-After too, not only the data request a script makes. The parents'
 * headers (e.g. a toast cookie) are kept.
 */
export const retryAfterFromAction: HeadersFunction = ({ parentHeaders, actionHeaders }) => {
  const headers = new Headers(parentHeaders);
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
};
