// A path that cannot be decoded (a broken %-escape such as /%E0%A4%A) or that
// decodes to control characters (%00) names nothing: it is answered 400 by the
// app's own 400 screen, rendered for a path of ours that no route claims.
import type { RequestHandler } from "express";

export const MALFORMED_URL_PATH = "/__malformed-url";

export function malformedUrls(): RequestHandler {
  return (req, res, next) => {
    let malformed: boolean;
    try {
      malformed = /[\u0000-\u001f\u007f]/.test(decodeURIComponent(req.path));
    } catch {
      malformed = true;
    }
    if (malformed) {
      res.locals.malformedUrl = true;
      res.locals.originalUrl = req.originalUrl;
      req.url = MALFORMED_URL_PATH;
      req.originalUrl = MALFORMED_URL_PATH;
    }
    next();
  };
}
