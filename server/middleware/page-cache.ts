// The page cache (anonymous pages, and signed-in visitors' own catalogue
// pages), and the Cache-Control of every page and data answer.
//
// A visitor with no session, cart or toast cookie and no Authorization header
// sees the same page as every other such visitor, so a GET (or HEAD) answered
// 200, as HTML or JSON, without Set-Cookie and without a route's own
// private/no-store, is kept in memory and served from there until the
// catalogue changes (app/domain/catalog/catalog-events.server.ts → NOTIFY → every
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
// A cached document still gets a fresh CSP nonce: when the answer is stored,
// the places where this request's nonce stands are recorded (the nonce is 16
// random bytes the server drew for this request, so nothing else in the body
// can be it), and the body is kept as the parts between them, so a hit is the
// parts joined with the hit's own nonce. Nothing else is spliced, and the body
// is never searched for the request id: that may come from a client (through a
// trusted proxy, TRUST_PROXY) and be any word. Only error pages show it, and
// those are never kept (200 only; app/entry.server.tsx also marks an error
// document no-store), so a hit's request id is in its X-Request-Id header
// alone. For gzip the parts are kept
// deflated too, each ending on a full flush (byte-aligned, no back-references
// across parts), and the nonce goes in between as a stored deflate block:
// a hit costs a CRC-32 over the body, not a compression.
//
// Signed-in visitors get their own entries, for the catalogue pages only
// (the routes that say so with `handle.pageCache = "personal"`: home,
// categories, a category, search, a product; documents and their `_data`) and never
// with a toast cookie or an Authorization header: keyed on a hash of the
// session and cart cookies' values plus the URL key above, so two visitors
// never share one. Such an entry is kept only when the app's session lookup,
// while it rendered the page, found a live session (app/utils/personal-bus.ts
// records it; an answer made without asking who is signed in, such as a
// route's own `_data`, is the same for everyone and is kept too), and it is
// served only while that holds:
//  - until the session's expiry;
//  - dropped, for that user, by NOTIFY personal_changed, which triggers send
//    on a logout, a password reset, a profile or role change; every request
//    waits first for the listener's round trip, so on every instance the very
//    next request after the commit misses;
//  - dropped, for that session, by any non-GET request carrying it (a cart
//    change, a profile edit), and not kept when such a request, or any login
//    change, went by while the page was being made;
//  - emptied with everything else by a catalogue change.
// They share the size limit and the least-recently-used order with the
// anonymous entries, and they stay `private, no-store` for browsers.
//
// A route whose answer is the same for every visitor says so
// (`handle.pageCache = "shared"`: the search box's suggestions): it is kept
// and served as an anonymous page to every visitor, cookies or not, and does
// not vary by Cookie. Shoppers with a cart, who type in that box most, then
// get it from memory too.
//
// Cache-Control is decided here rather than in each route, because "personal
// or not" is this cache's rule (the cookies) and applies to every HTML and
// JSON answer alike, so no route can forget it: a route's own Cache-Control
// wins (photos: immutable; cart and checkout: private, no-store); otherwise an
// anonymous 200 without Set-Cookie is public for a shared cache (a CDN) for a
// few seconds, and everything else is `private, no-store`.
import zlib from "node:zlib";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import { createHash } from "node:crypto";
import { crc32Combine, crc32ShiftFor } from "../util/crc32-combine";
import { catalogBus, catalogCachesUsable, onCatalogChange } from "../../app/utils/catalog-bus";
import { onPersonalChange, personalBus, personalRecorder, type SessionRecord } from "../../app/utils/personal-bus";
import { CART_COOKIE, hasCookie, hasPersonalCookie, SESSION_COOKIE, TOAST_COOKIE } from "../../app/utils/personal-cookies";

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
  /**
   * Whether a path is a page a signed-in visitor may have their own copy of
   * kept: the routes say so themselves (`handle.pageCache = "personal"`, read
   * by server/route-names.ts). Without it, no signed-in page is kept.
   */
  isPersonalPage?: (path: string) => boolean;
  /**
   * Whether a path's answer is the same for every visitor, whatever cookies
   * or Authorization they send (`handle.pageCache = "shared"`): kept and
   * served as an anonymous page to everyone, without Vary: Cookie.
   */
  isSharedPage?: (path: string) => boolean;
};

type Entry = {
  headers: [string, number | string | string[]][];
  /** The body split where the nonce stood when it was stored: parts[0] nonce parts[1] … nonce parts[n]. */
  parts: Buffer[];
  /** Each part as raw deflate ending on a full flush. */
  deflated: Buffer[];
  /** Each part's CRC-32 and the shift past its length, so a hit joins CRCs instead of reading the page (crc32-combine.ts). */
  crcs: number[];
  shifts: number[];
  length: number;
  size: number;
  expires: number;
  /** Signed-in entries: "s:<session digest>" and "u:<user id>", by which they are dropped. */
  tags?: string[];
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
  /** Tag → the keys of the entries carrying it. */
  private tagged = new Map<string, Set<string>>();
  private bytes = 0;
  constructor(private maxBytes: number) {}

  get(key: string, now: number): Entry | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expires <= now) {
      this.delete(key);
      return undefined;
    }
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry;
  }

  set(key: string, entry: Entry) {
    this.delete(key);
    if (entry.size > this.maxBytes) return;
    this.entries.set(key, entry);
    this.bytes += entry.size;
    for (const tag of entry.tags ?? []) {
      let keys = this.tagged.get(tag);
      if (!keys) this.tagged.set(tag, (keys = new Set()));
      keys.add(key);
    }
    for (const oldest of this.entries.keys()) {
      if (this.bytes <= this.maxBytes) break;
      this.delete(oldest);
    }
  }

  delete(key: string) {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.size;
    for (const tag of entry.tags ?? []) {
      const keys = this.tagged.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) this.tagged.delete(tag);
    }
  }

  /** Drops every entry carrying `tag`. */
  dropTag(tag: string) {
    for (const key of [...(this.tagged.get(tag) ?? [])]) this.delete(key);
  }

  /** Drops every entry that carries a tag (every signed-in entry). */
  dropTagged() {
    for (const keys of [...this.tagged.values()]) for (const key of [...keys]) this.delete(key);
  }

  clear() {
    this.entries.clear();
    this.tagged.clear();
    this.bytes = 0;
  }

  get stats() {
    return { entries: this.entries.size, bytes: this.bytes, tags: this.tagged.size };
  }
}

/** Is this request someone's own (logged in, a cart, a toast, an API token)? */
export function isPersonalRequest(req: Request): boolean {
  return hasPersonalCookie(req.headers.cookie) || req.headers.authorization !== undefined;
}

/** A cookie's raw value in a Cookie header ("" when absent). */
function cookieValue(header: string | undefined, name: string): string {
  if (!header) return "";
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq !== -1 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return "";
}

/**
 * For a request whose signed-in page may be kept: a digest of its session and
 * cart cookies (the session's own entries are tagged with it). Undefined for
 * any other request.
 */
function personalDigest(req: Request, isPersonalPage: (path: string) => boolean): string | undefined {
  if (req.headers.authorization !== undefined) return undefined;
  const cookies = req.headers.cookie;
  const session = cookieValue(cookies, SESSION_COOKIE);
  if (!session || hasCookie(cookies, TOAST_COOKIE)) return undefined;
  if (!isPersonalPage(req.path)) return undefined;
  return sessionDigest(req) + ":" + createHash("sha256").update(cookieValue(cookies, CART_COOKIE)).digest("base64url").slice(0, 22);
}

/** A digest of the session cookie's value alone (what a write from that session drops). */
function sessionDigest(req: Request): string {
  return createHash("sha256").update(cookieValue(req.headers.cookie, SESSION_COOKIE)).digest("base64url");
}

function cacheKey(req: Request, res: Response): string {
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
  // Pages name their public origin (canonical links): one entry per origin.
  return `${html} ${res.locals.publicOrigin ?? req.headers.host ?? ""} ${origin} ${q === -1 ? url : url.slice(0, q)}?${search}`;
}

/** The shortest nonce the cache splices: shorter ones could stand in the page by chance. */
const MIN_NONCE_BYTES = 16;

/** Splits `body` at every place the request's own nonce stands (undefined without a usable nonce: not kept). */
function splitAtNonce(body: Buffer, nonce: Buffer): Buffer[] | undefined {
  if (nonce.length < MIN_NONCE_BYTES) return undefined;
  const parts: Buffer[] = [];
  let from = 0;
  for (let at = body.indexOf(nonce); at !== -1; at = body.indexOf(nonce, from)) {
    parts.push(body.subarray(from, at));
    from = at + nonce.length;
  }
  parts.push(body.subarray(from));
  return parts;
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
  const isPersonalPage = options.isPersonalPage ?? (() => false);
  const isSharedPage = options.isSharedPage ?? (() => false);
  onCatalogChange(() => store.clear());
  onPersonalChange((userId) => (userId ? store.dropTag(`u:${userId}`) : store.dropTagged()));
  /** Non-GET requests in flight, per session digest: its pages are not kept meanwhile. */
  const writing = new Map<string, number>();
  /** Bumped when a session's write starts or ends: a page made across it is not kept. */
  let writes = 0;

  /** A write from a signed-in session: its kept pages go now, and again once the write is done. */
  function sessionWrite(req: Request, res: Response) {
    const digest = sessionDigest(req);
    const tag = `s:${digest}`;
    store.dropTag(tag);
    writes += 1;
    writing.set(digest, (writing.get(digest) ?? 0) + 1);
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      const left = (writing.get(digest) ?? 1) - 1;
      if (left > 0) writing.set(digest, left);
      else writing.delete(digest);
      writes += 1;
      store.dropTag(tag);
    };
    res.once("finish", finish);
    res.once("close", finish);
  }

  function serveHit(req: Request, res: Response, entry: Entry) {
    const nonce = Buffer.from(String(res.locals.cspNonce ?? ""));
    const last = entry.parts.length - 1;
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
        crc = crc32Combine(crc, entry.crcs[i], entry.shifts[i]);
        length += part.length;
        if (i < last) {
          pieces.push(storedBlock(nonce));
          crc = crc32Combine(crc, zlib.crc32(nonce), crc32ShiftFor(nonce.length));
          length += nonce.length;
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
        if (i < last) pieces.push(nonce);
      });
      body = Buffer.concat(pieces);
    }
    res.setHeader("Content-Length", body.length);
    if (head) res.end();
    else res.end(body);
  }

  const middleware: RequestHandler = (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") {
      if (hasCookie(req.headers.cookie, SESSION_COOKIE)) sessionWrite(req, res);
      return next();
    }
    if (skip.some((prefix) => req.path.startsWith(prefix))) return next();
    // (server/middleware/catalog-freshness.ts has already waited for every committed change to arrive.)
    const forEveryone = isSharedPage(req.path);
    if (!forEveryone && isPersonalRequest(req)) {
      const digest = personalDigest(req, isPersonalPage);
      if (digest === undefined) {
        beforeHeaders(res, () => setCacheControl(res, PERSONAL_CACHE_CONTROL));
        return next();
      }
      const key = `p ${digest} ${cacheKey(req, res)}`;
      const entry = catalogCachesUsable() ? store.get(key, Date.now()) : undefined;
      if (entry) return serveHit(req, res, entry);
      return throughApp(req, res, next, key, digest);
    }

    const key = cacheKey(req, res);
    const entry = catalogCachesUsable() ? store.get(key, Date.now()) : undefined;
    if (entry) return serveHit(req, res, entry);
    throughApp(req, res, next, key, undefined, forEveryone);
  };

  /** A miss (or the cache stands aside): answer through the app, and keep the answer if it turns out to be anonymous and cacheable. */
  function throughApp(req: Request, res: Response, next: NextFunction, key: string, personal?: string, forEveryone = false) {
    const usable = catalogCachesUsable();
    const generation = catalogBus().generation;
    const personalGeneration = personalBus().generation;
    const startWrites = writes;
    const session = personal?.slice(0, personal.indexOf(":"));
    const record: SessionRecord = { conflicting: false };
    const earlier = new Set(res.getHeaderNames());
    let keep = usable && req.method === "GET" && (!session || !writing.has(session));
    let headers: Entry["headers"] = [];
    beforeHeaders(res, () => {
      const status = res.statusCode;
      const ownControl = res.getHeader("Cache-Control");
      const kept = status === 200 && !res.hasHeader("Set-Cookie") && !(ownControl && NOT_SHARED.test(String(ownControl)));
      const shared = kept && !personal;
      if (personal) {
        setCacheControl(res, PERSONAL_CACHE_CONTROL);
      } else if (shared) {
        setCacheControl(res, ANONYMOUS_CACHE_CONTROL);
        if (!forEveryone) {
          res.vary("Cookie");
          res.vary("Authorization");
        }
      } else {
        setCacheControl(res, PERSONAL_CACHE_CONTROL);
      }
      keep &&= kept && STORABLE_TYPE.test(String(res.getHeader("Content-Type") ?? ""));
      if (keep) {
        headers = res
          .getHeaderNames()
          .filter((name) => !earlier.has(name) && !NOT_STORED_HEADERS.has(name))
          .map((name) => [name, res.getHeader(name) ?? ""]);
        res.setHeader("X-Page-Cache", "miss");
      }
    });
    if (!keep) return next();
    const proceed = personal ? () => personalRecorder().run(record, next) : next;

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
      // Kept only if nothing changed in the catalogue while it was being made,
      // and a signed-in answer only if no write or login change went by
      // meanwhile and it was made for a live session (or, like a route's
      // `_data` that never asks who is signed in, for nobody in particular).
      const personalOk =
        !personal ||
        (!record.conflicting &&
          (record.userId === undefined || (typeof record.userId === "string" && record.expiresAt !== undefined)) &&
          personalBus().generation === personalGeneration &&
          writes === startWrites);
      const fresh = keep && personalOk && catalogCachesUsable() && catalogBus().generation === generation;
      keep = false;
      const body = fresh ? Buffer.concat(chunks) : undefined;
      const parts = body && splitAtNonce(body, Buffer.from(String(res.locals.cspNonce ?? "")));
      if (body && parts) {
        const deflated = parts.map((part) => zlib.deflateRawSync(part, { level: 6, finishFlush: zlib.constants.Z_FULL_FLUSH }));
        const size = body.length + deflated.reduce((sum, part) => sum + part.length, 0) + key.length * 2 + 512;
        const expires = Math.min(Date.now() + options.ttlMs, record.expiresAt ?? Infinity);
        const tags = personal ? [`s:${session}`, ...(record.userId ? [`u:${record.userId}`] : [])] : undefined;
        const crcs = parts.map((part) => zlib.crc32(part));
        const shifts = parts.map((part) => crc32ShiftFor(part.length));
        store.set(key, { headers, parts, deflated, crcs, shifts, length: body.length, size, expires, tags });
      }
      return result;
    } as Response["end"];
    proceed();
  }
  return Object.assign(middleware, { store });
}
