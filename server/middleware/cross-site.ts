// A form post to a page from another site is refused with 403 before the app
// runs (Remix's own origin check would answer it with a bare 500). /api/v1 is
// left alone: it authorizes by token and has its own CORS rules.
import type { RequestHandler } from "express";
import { refuse } from "./refuse";

const WRITE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

export function crossSiteWrites(): RequestHandler {
  return (req, res, next) => {
    if (!WRITE_METHODS.has(req.method) || req.path.startsWith("/api/")) return next();
    const origin = req.get("Origin");
    let crossSite = req.get("Sec-Fetch-Site") === "cross-site";
    // The Origin against the shop's public origin (server/middleware/public-origin.ts).
    if (origin) crossSite ||= origin !== res.locals.publicOrigin;
    if (!crossSite) return next();
    refuse(req, res, 403, "This form was sent from another site, so it was refused.");
  };
}
