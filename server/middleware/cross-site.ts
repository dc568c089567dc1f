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
    if (origin) {
      // The same comparison Remix makes: the Origin's host against the host the request was sent to.
      const host = (req.get("X-Forwarded-Host") ?? "").split(",")[0].trim() || req.get("Host");
      let originHost = "null";
      try {
        if (origin !== "null") originHost = new URL(origin).host;
      } catch {
        originHost = "invalid";
      }
      crossSite ||= originHost !== host;
    }
    if (!crossSite) return next();
    refuse(req, res, 403, "This form was sent from another site, so it was refused.");
  };
}
