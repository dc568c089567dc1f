// Small HTTP helpers shared by HTML routes and /api/v1 resource routes.
import { json, type AppLoadContext } from "@remix-run/node";
import { env } from "~/utils/env.server";

/** The `{ success: false, message }` error shape every /api/v1 failure uses. */
export function apiError(status: number, message: string, extra: Record<string, unknown> = {}, init: ResponseInit = {}) {
  return json({ success: false, message, ...extra }, { ...init, status });
}

/** The one way an /api/v1 handler says a thing does not exist: JSON 404 with a message naming it. */
export function apiNotFound(message: string) {
  return apiError(404, message);
}

/** What a page's loader data may hold: what JSON holds, so the server renders exactly what the browser hydrates with. */
type JsonValue = string | number | boolean | null | readonly JsonValue[] | { readonly [key: string]: JsonValue | undefined };

/**
 * A page loader's data, returned as it is rather than as `json(data)`: for a
 * document request Remix would serialise a Response's body and parse it back
 * before rendering (about 4 % of an uncached product page's CPU), and a data
 * request serialises plain data itself. Only for loaders that set no headers;
 * the type admits JSON values only (no Date), as the browser receives them.
 */
export function plainData<T extends JsonValue>(data: T): T {
  return data;
}

/** The one way a page says a thing does not exist: throw it, and the ErrorBoundary shows the not-found screen with status 404. */
export function notFound(message = "Not Found") {
  return new Response(message, { status: 404, statusText: "Not Found" });
}

/** `value`, or a thrown 404 (the route's ErrorBoundary shows the not-found screen) when there is none. */
export function foundOr404<T>(value: T | null, message = "Not Found"): T {
  if (value === null) throw notFound(message);
  return value;
}

/**
 * The shop's public origin for this request: the base of every URL that leaves the shop and comes
 * back (Stripe's return pages, canonical links, links in e-mails sent while answering a request).
 * Our server decides it once (server/middleware/public-origin.ts: APP_URL when configured, else the
 * origin the shopper's request came in on) and hands it over in the load context; under another
 * server (or a test calling a route directly) the same rule is applied to the request here.
 */
export function publicOrigin(request: Request, context?: AppLoadContext): string {
  return context?.publicOrigin ?? env().APP_URL?.replace(/\/$/, "") ?? new URL(request.url).origin;
}

/**
 * The public origin for links built outside a request (a job's e-mail): APP_URL when configured,
 * else the origin recorded when the order or change was made (Order.origin), else this machine.
 */
export function publicOriginFor(recorded: string | null | undefined): string {
  return env().APP_URL?.replace(/\/$/, "") ?? recorded ?? `http://localhost:${env().PORT}`;
}

/**
 * Cross-site request forgery defence for cookie-authenticated writes, on top
 * of SameSite=Lax cookies: a browser always sends Origin on POST, and
 * Sec-Fetch-Site on modern browsers; either one naming another site is refused.
 */
export function isCrossSite(request: Request, context?: AppLoadContext): boolean {
  if (request.method === "GET" || request.method === "HEAD") return false;
  const origin = request.headers.get("Origin");
  if (origin && origin !== "null") return origin !== publicOrigin(request, context);
  if (origin === "null") return true;
  return request.headers.get("Sec-Fetch-Site") === "cross-site";
}

export function assertSameOrigin(request: Request, context?: AppLoadContext) {
  if (isCrossSite(request, context)) {
    throw json({ success: false, message: "Cross-site request refused" }, { status: 403 });
  }
}

const REDIRECT_BASE = "http://redirect.invalid";

/**
 * A same-site path to go to (after login, after adding to the cart); anything
 * else becomes `fallback`. Refused: other hosts and schemes, `//x` and `/\x`
 * (browsers read both as another host), backslashes anywhere, control
 * characters, spaces and non-ASCII (raw, or percent-encoded into the path),
 * malformed percent-encoding, and paths that normalise to `//x` (`/..//x`).
 * The result is the normalised path, query and fragment: plain ASCII, safe
 * in a Location header. Never throws.
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (!to || typeof to !== "string" || to.length > 2000) return fallback;
  // Printable ASCII only, no backslash, and a path (not `//host`).
  if (!/^\/(?![/\\])[\x21-\x5b\x5d-\x7e]*$/.test(to)) return fallback;
  let decoded: string;
  try {
    decoded = decodeURIComponent(to);
  } catch {
    return fallback;
  }
  // Encoded tricks: %5C, %2F%2F, %00, encoded non-ASCII in the path.
  const [decodedPath] = decoded.split(/[?#]/, 1);
  if (/[\\\u0000-\u001f\u007f]/.test(decoded) || decodedPath.startsWith("//") || /[^\x20-\x7e]/.test(decodedPath)) return fallback;
  let url: URL;
  try {
    url = new URL(to, REDIRECT_BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== REDIRECT_BASE || url.pathname.startsWith("//")) return fallback;
  return url.pathname + url.search + url.hash;
}
