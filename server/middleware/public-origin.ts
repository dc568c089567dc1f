// The shop's public origin for this request: where every URL that leaves the
// shop and comes back points (Stripe's success and cancel pages, canonical
// links, e-mailed links) and what a form post's Origin must be.
// - APP_URL set (production): that origin. A request for another host is sent
//   there (301, or 308 for a write, path and query kept), so no Host header
//   from outside ever reaches an answer or a redirect.
// - APP_URL unset (`npm start` on a laptop): the origin the shopper's request
//   came in on, so a purchase made at http://127.0.0.1:3000 or at the
//   machine's network address comes back to that address (and its cookies).
//   The scheme is the socket's, or X-Forwarded-Proto's and the host
//   X-Forwarded-Host's only through TRUST_PROXY proxies (as Express reads them).
// The app reads the answer as `context.publicOrigin` (app/http/http.server.ts).
import type { Request, RequestHandler } from "express";
import { refuse } from "./refuse";

/** A host as a URL may hold it: a DNS name or IPv4 address, or a bracketed IPv6 one, and an optional port. */
const HOST = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*\.?|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/** Answered where it is, whatever the host: a load balancer checks an instance by its own address. */
const ANY_HOST_PATHS = new Set(["/healthz", "/readyz"]);

/** The origin this request was sent to, or null when its Host is missing or not a host. */
export function requestOrigin(req: Request, trustProxy: number): string | null {
  // req.protocol is the socket's scheme unless a trusted proxy says otherwise (app.set("trust proxy")).
  const scheme = req.protocol === "https" ? "https" : "http";
  const forwarded = trustProxy > 0 ? req.get("X-Forwarded-Host")?.split(",")[0].trim() : undefined;
  const host = forwarded || req.get("Host");
  if (!host || host.length > 300 || !HOST.test(host)) return null;
  try {
    return new URL(`${scheme}://${host}`).origin;
  } catch {
    return null;
  }
}

export function publicOrigins({ appUrl, trustProxy }: { appUrl?: string; trustProxy: number }): RequestHandler {
  const canonical = appUrl ? new URL(appUrl) : undefined;
  return (req, res, next) => {
    const requested = requestOrigin(req, trustProxy);
    const onCanonicalHost = requested !== null && (!canonical || new URL(requested).host === canonical.host);
    if (onCanonicalHost) {
      res.locals.publicOrigin = canonical?.origin ?? requested;
      return next();
    }
    if (ANY_HOST_PATHS.has(req.path)) return next();
    if (!canonical) return refuse(req, res, 400, "This request names no valid host.");
    const safe = req.method === "GET" || req.method === "HEAD";
    // (An absolute-form request target is not a path of ours: it goes home.)
    res.redirect(safe ? 301 : 308, `${canonical.origin}${req.originalUrl.startsWith("/") ? req.originalUrl : "/"}`);
  };
}
