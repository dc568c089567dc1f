// A page address whose path cannot be decoded (a broken %-escape such as
// /%E0%A4%A) or decodes to control characters (/a%00b) names nothing: it is
// answered 400 by the app's own 400 screen, rendered for a path of ours that
// no route claims. A page's query string is read leniently instead, since
// links wrapped in an e-mail or pasted from a document carry stray tabs and
// line breaks: those are stripped, a parameter holding any other control
// character is dropped, and the route treats what is left like any other bad
// value (login ignores an off-site target, search trims, paging falls back to
// page 1). /api/v1 checks its own URLs and answers in JSON.
import type { RequestHandler } from "express";

export const MALFORMED_URL_PATH = "/__malformed-url";

const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;
const TABS_AND_LINE_BREAKS = /[\t\n\r]/g;

function isMalformedPath(path: string): boolean {
  try {
    return CONTROL_CHARACTERS.test(decodeURIComponent(path));
  } catch {
    return true;
  }
}

/** The query without tabs and line breaks and without parameters holding other control characters; null when nothing changes. */
export function cleanPageQuery(query: string): string | null {
  const params = new URLSearchParams(query);
  const clean = new URLSearchParams();
  let changed = false;
  for (const [rawName, rawValue] of params) {
    const name = rawName.replace(TABS_AND_LINE_BREAKS, "");
    const value = rawValue.replace(TABS_AND_LINE_BREAKS, "");
    if (name !== rawName || value !== rawValue) changed = true;
    if (CONTROL_CHARACTERS.test(name) || CONTROL_CHARACTERS.test(value)) {
      changed = true;
      continue;
    }
    clean.append(name, value);
  }
  return changed ? clean.toString() : null;
}

export function malformedUrls(): RequestHandler {
  return (req, res, next) => {
    const at = req.originalUrl.indexOf("?");
    const query = at === -1 ? "" : req.originalUrl.slice(at + 1);
    if (isMalformedPath(req.path)) {
      res.locals.malformedUrl = true;
      res.locals.originalUrl = req.originalUrl;
      req.url = MALFORMED_URL_PATH;
      req.originalUrl = MALFORMED_URL_PATH;
    } else if (query && !req.path.startsWith("/api/")) {
      const cleaned = cleanPageQuery(query);
      if (cleaned !== null) {
        const target = cleaned ? `${req.path}?${cleaned}` : req.path;
        res.locals.originalUrl = req.originalUrl;
        req.url = target;
        req.originalUrl = target;
      }
    }
    next();
  };
}
