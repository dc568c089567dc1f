// A page address that cannot be decoded (a broken %-escape such as /%E0%A4%A)
// or that decodes to control characters (%00 in the path or the query string)
// names nothing: it is answered 400 by the app's own 400 screen, rendered for
// a path of ours that no route claims. /api/v1 checks its own URLs and answers
// in JSON.
import type { RequestHandler } from "express";

export const MALFORMED_URL_PATH = "/__malformed-url";

const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

function isMalformed(path: string, query: string): boolean {
  try {
    if (CONTROL_CHARACTERS.test(decodeURIComponent(path))) return true;
  } catch {
    return true;
  }
  if (path.startsWith("/api/")) return false;
  // Query strings are read leniently (URLSearchParams), so only control characters matter there.
  return [...new URLSearchParams(query).entries()].some(([name, value]) => CONTROL_CHARACTERS.test(name) || CONTROL_CHARACTERS.test(value));
}

export function malformedUrls(): RequestHandler {
  return (req, res, next) => {
    const query = req.originalUrl.includes("?") ? req.originalUrl.slice(req.originalUrl.indexOf("?") + 1) : "";
    if (isMalformed(req.path, query)) {
      res.locals.malformedUrl = true;
      res.locals.originalUrl = req.originalUrl;
      req.url = MALFORMED_URL_PATH;
      req.originalUrl = MALFORMED_URL_PATH;
    }
    next();
  };
}
