// Load More's one-page answers (the URL is catalog's chunkHref).
/**
 * Load More's fetcher asks a listing route for one page only with `chunk=1`.
 * A browser navigating to such a URL (it accepts HTML) gets the normal page.
 */
export function isChunkRequest(request: Request): boolean {
  return new URL(request.url).searchParams.get("chunk") === "1" && !(request.headers.get("Accept") ?? "").includes("text/html");
}
