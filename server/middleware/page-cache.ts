// The anonymous page cache, and the Cache-Control of every page and data answer.
//
// A visitor with no session, cart or toast cookie and no Authorization header
// sees the same page as every other such visitor, so a GET (or HEAD) answered
// 200, as HTML or JSON, without Set-Cookie and without a route's own
// private/no-store, is kept in memory and served from there until the
// catalogue changes (app/models/catalog-events.server.ts → NOTIFY → every
// process's listener → this cache is emptied), or TTL passes (a safety net), or
// it is the least recently used when the size limit is reached. The key is the
// normalised URL (path, sorted query, so `_data` requests are their own
// entries), the Host, whether the client asked for HTML (`chunk=1` answers
// differ by that) and the Origin (the /api/v1 answers carry CORS headers for
// the origin that asked, and `Vary: Origin`). While the catalogue listener is down, or a change made in
// this process has not come back through PostgreSQL yet, the cache stands aside.
// Before any of this, server/middleware/catalog-freshness.ts makes the request
// wait for one round trip on the listener's connection: PostgreSQL delivers
// every notification committed before it first, so a write another instance
// has committed is never answered from before it, even when its NOTIFY is
// still on the way.
//
// A cached document still gets a fresh CSP nonce and request id: they are
// found in the stored body and it is kept as the parts between them, so a hit
// is the parts joined with this request's values. For gzip the parts are kept
// deflated too, each ending on a full flush (byte-aligned, no back-references
// across parts), and the new values go in between as stored deflate blocks:
// a hit costs a CRC-32 over the body, not a compression.
//
// Cache-Control is decided here rather than in each route, because "personal
// or not" is this cache's rule (the cookies) and applies to every HTML and
// JSON answer alike, so no route can forget it: a route's own Cache-Control
// wins (photos: immutable; cart and checkout: private, no-store); otherwise an
// anonymous 200 without Set-Cookie is public for a shared cache (a CDN) for a
// few seconds, and everything else is `private, no-store`.
import zlib from "node:zlib";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import { catalogBus, catalogCachesUsable, onCatalogChange } from "../../app/utils/catalog-bus";
import { hasPersonalCookie } from "../../app/utils/personal-cookies";

/** Shared caches (a CDN) may keep an anonymous page 10 s and serve it stale while they fetch it again; browsers revalidate. */
export const ANONYMOUS_CACHE_CONTROL = "public, max-age=0, s-maxage=10, stale-while-revalidate=60";
export const PERSONAL_CACHE_CONTROL = "private, no-store";

export type PageCacheOptions = {
  /** Memory for cached answers (bodies, their gzip parts, keys). */
  maxBytes: number;
  /** The longest an answer is kept, even with no change heard. */
  ttlMs: number;
  /** Answers larger than this are not kept. */
  maxEntryBytes?: number;
  /** Paths starting with these (static files) are left alone. */
  skipPrefixes?: string[];
};

type Entry = {
  headers: [string, number | string | string[]][];
  /** The body split where the nonce or request id stood: parts[0] token[0] parts[1] … parts[n]. */
  parts: Buffer[];
  tokens: ("nonce" | "requestId")[];
  /** Each part as raw deflate ending on a full flush. */
  deflated: Buffer[];
  length: number;
  size: number;
  expires: number;
};

const NOT_STORED_HEADERS = new Set([
  "set-cookie",
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "connection",
  "keep-alive",
  "date",
]);
const STORABLE_TYPE = /^(text\/html|application\/json)\b/i;
const NOT_SHARED = /\b(private|no-store|no-cache)\b/i;
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0xff]);
/** An empty final block with fixed codes: ends the deflate stream. */
const DEFLATE_END = Buffer.from([0x03, 0x00]);

/** The least recently used answers go first once the bytes exceed the limit. */
export class PageStore {
  private entries = new Map<string, Entry>();
  private bytes = 0;
  constructor(private maxBytes: number) {}

  get(key: string, now: number): Entry | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.expires <= now) {
      this.bytes -= entry.size;
      return undefined;
    }
    this.entries.set(key, entry);
    return entry;
  }

  set(key: string, entry: Entry) {
    const old = this.entries.get(key);
    if (old) {
      this.entries.delete(key);
      this.bytes -= old.size;
    }
    if (entry.size > this.maxBytes) return;
    this.entries.set(key, entry);
    this.bytes += entry.size;
    for (const [oldest, value] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= value.size;
    }
  }

  clear() {
    this.entries.clear();
    this.bytes = 0;
  }

  get stats() {
    return { entries: this.entries.size, bytes: this.bytes };
  }
}

/** Is this request someone's own (logged in, a cart, a toast, an API token)? */
export function isPersonalRequest(req: Request): boolean {
  return hasPersonalCookie(req.headers.cookie) || req.headers.authorization !== undefined;
}

function cacheKey(req: Request): string {
  const url = req.url;
  const q = url.indexOf("?");
  let search = "";
  if (q !== -1) {
    const params = new URLSearchParams(url.slice(q + 1));
    params.sort();
    search = params.toString();
  }
  const html = (req.headers.accept ?? "").includes("text/html") ? "h" : "d";
  // An API answer made for one origin (Access-Control-Allow-Origin: it) must not be served to another.
  const origin = req.headers.origin ?? "";
  return `${html} ${req.headers.host ?? ""} ${origin} ${q === -1 ? url : url.slice(0, q)}?${search}`;
}

/** Splits `body` where any of the tokens occurs. */
function splitAt(body: Buffer, tokens: { name: Entry["tokens"][number]; value: Buffer }[]) {
  const parts: Buffer[] = [];
  const found: Entry["tokens"] = [];
  const usable = tokens.filter((t) => t.value.length >= 8);
  let from = 0;
  for (;;) {
    let at = -1;
    let which: (typeof usable)[number] | undefined;
    for (const token of usable) {
      const i = body.indexOf(token.value, from);
      if (i !== -1 && (at === -1 || i < at)) {
        at = i;
        which = token;
      }
    }
    if (!which) break;
    parts.push(body.subarray(from, at));
    found.push(which.name);
    from = at + which.value.length;
  }
  parts.push(body.subarray(from));
  return { parts, tokens: found };
}

function storedBlock(bytes: Buffer): Buffer {
  const head = Buffer.alloc(5);
  head[0] = 0x00; // not final, stored; the rest of the byte is padding
  head.writeUInt16LE(bytes.length, 1);
  head.writeUInt16LE(~bytes.length & 0xffff, 3);
  return Buffer.concat([head, bytes]);
}

function setCacheControl(res: Response, value: string) {
  if (!res.getHeader("Cache-Control")) res.setHeader("Cache-Control", value);
}

/** Runs `decide` once, just before the status line and headers go out (whatever sends them). */
function beforeHeaders(res: Response, decide: () => void) {
  const writeHead = res.writeHead;
  let done = false;
  res.writeHead = function (this: Response, status: number, ...rest: unknown[]) {
    if (!done) {
      done = true;
      this.statusCode = status;
      if (typeof rest[0] === "string") this.statusMessage = rest[0];
      const given = rest.find((arg) => arg && typeof arg === "object") as Record<string, string> | string[] | undefined;
      if (Array.isArray(given)) for (let i = 0; i + 1 < given.length; i += 2) this.setHeader(given[i], given[i + 1]);
      else if (given) for (const [name, value] of Object.entries(given)) this.setHeader(name, value);
      decide();
      return writeHead.call(this, this.statusCode);
    }
    return (writeHead as (...args: unknown[]) => Response).call(this, status, ...rest);
  } as Response["writeHead"];
}

export function pageCache(options: PageCacheOptions): RequestHandler & { store: PageStore } {
  const store = new PageStore(options.maxBytes);
  const maxEntryBytes = options.maxEntryBytes ?? 2 * 1024 * 1024;
  const skip = options.skipPrefixes ?? [];
  onCatalogChange(() => store.clear());

  function serveHit(req: Request, res: Response, entry: Entry) {
    const nonce = Buffer.from(String(res.locals.cspNonce ?? ""));
    const requestId = Buffer.from(String(res.locals.requestId ?? ""));
    const value = (token: Entry["tokens"][number]) => (token === "nonce" ? nonce : requestId);
    res.statusCode = 200;
    for (const [name, header] of entry.headers) res.setHeader(name, header);
    res.setHeader("X-Page-Cache", "hit");
    res.vary("Accept-Encoding");
    const head = req.method === "HEAD";
    let body: Buffer;
    if (req.acceptsEncodings("gzip", "identity") === "gzip") {
      const pieces: Buffer[] = [GZIP_HEADER];
      let crc = 0;
      let length = 0;
      entry.parts.forEach((part, i) => {
        pieces.push(entry.deflated[i]);
        crc = zlib.crc32(part, crc);
        length += part.length;
        const token = entry.tokens[i];
        if (token) {
          const bytes = value(token);
          pieces.push(storedBlock(bytes));
          crc = zlib.crc32(bytes, crc);
          length += bytes.length;
        }
      });
      const trailer = Buffer.alloc(8);
      trailer.writeUInt32LE(crc >>> 0, 0);
      trailer.writeUInt32LE(length >>> 0, 4);
      pieces.push(DEFLATE_END, trailer);
      body = Buffer.concat(pieces);
      res.setHeader("Content-Encoding", "gzip");
    } else {
      const pieces: Buffer[] = [];
      entry.parts.forEach((part, i) => {
        pieces.push(part);
        const token = entry.tokens[i];
        if (token) pieces.push(value(token));
      });
      body = Buffer.concat(pieces);
    }
    res.setHeader("Content-Length", body.length);
    if (head) res.end();
    else res.end(body);
  }

  const middleware: RequestHandler = (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    if (skip.some((prefix) => req.path.startsWith(prefix))) return next();
    if (isPersonalRequest(req)) {
      beforeHeaders(res, () => setCacheControl(res, PERSONAL_CACHE_CONTROL));
      return next();
    }

    // (server/middleware/catalog-freshness.ts has already waited for every committed change to arrive.)
    const key = cacheKey(req);
    const entry = catalogCachesUsable() ? store.get(key, Date.now()) : undefined;
    if (entry) return serveHit(req, res, entry);
    throughApp(req, res, next, key);
  };

  /** A miss (or the cache stands aside): answer through the app, and keep the answer if it turns out to be anonymous and cacheable. */
  function throughApp(req: Request, res: Response, next: NextFunction, key: string) {
    const usable = catalogCachesUsable();
    const generation = catalogBus().generation;
    const earlier = new Set(res.getHeaderNames());
    let keep = usable && req.method === "GET";
    let headers: Entry["headers"] = [];
    beforeHeaders(res, () => {
      const status = res.statusCode;
      const ownControl = res.getHeader("Cache-Control");
      const shared = status === 200 && !res.hasHeader("Set-Cookie") && !(ownControl && NOT_SHARED.test(String(ownControl)));
      if (shared) {
        setCacheControl(res, ANONYMOUS_CACHE_CONTROL);
        res.vary("Cookie");
        res.vary("Authorization");
      } else {
        setCacheControl(res, PERSONAL_CACHE_CONTROL);
      }
      keep &&= shared && STORABLE_TYPE.test(String(res.getHeader("Content-Type") ?? ""));
      if (keep) {
        headers = res
          .getHeaderNames()
          .filter((name) => !earlier.has(name) && !NOT_STORED_HEADERS.has(name))
          .map((name) => [name, res.getHeader(name) ?? ""]);
        res.setHeader("X-Page-Cache", "miss");
      }
    });
    if (!keep) return next();

    const chunks: Buffer[] = [];
    let captured = 0;
    const capture = (chunk: unknown, encoding?: unknown) => {
      if (!keep || chunk === undefined || chunk === null || typeof chunk === "function") return;
      const buffer =
        typeof chunk === "string"
          ? Buffer.from(chunk, (typeof encoding === "string" ? encoding : "utf8") as BufferEncoding)
          : Buffer.from(chunk as Uint8Array);
      captured += buffer.length;
      if (captured > maxEntryBytes) {
        keep = false;
        chunks.length = 0;
      } else chunks.push(buffer);
    };
    const write = res.write;
    const end = res.end;
    res.write = function (this: Response, chunk: unknown, ...rest: unknown[]) {
      capture(chunk, rest[0]);
      return (write as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
    } as Response["write"];
    res.end = function (this: Response, chunk?: unknown, ...rest: unknown[]) {
      capture(chunk, rest[0]);
      const result = (end as (...args: unknown[]) => Response).call(this, chunk, ...rest);
      // Kept only if nothing changed in the catalogue while it was being made.
      if (keep && catalogCachesUsable() && catalogBus().generation === generation) {
        keep = false;
        const body = Buffer.concat(chunks);
        const { parts, tokens } = splitAt(body, [
          { name: "nonce", value: Buffer.from(String(res.locals.cspNonce ?? "")) },
          { name: "requestId", value: Buffer.from(String(res.locals.requestId ?? "")) },
        ]);
        const deflated = parts.map((part) => zlib.deflateRawSync(part, { level: 6, finishFlush: zlib.constants.Z_FULL_FLUSH }));
        const size = body.length + deflated.reduce((sum, part) => sum + part.length, 0) + key.length * 2 + 512;
        store.set(key, { headers, parts, tokens, deflated, length: body.length, size, expires: Date.now() + options.ttlMs });
      }
      return result;
    } as Response["end"];
    next();
  }
  return Object.assign(middleware, { store });
}
