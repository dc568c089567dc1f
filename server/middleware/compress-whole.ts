// Whole answers compressed in one call and sent in one write. `compression`
// runs a zlib stream per answer: the body goes to the thread pool, comes back
// in pieces, and leaves as a chunked answer in several socket writes; for a
// page of 30–100 KB that machinery cost more than the compressing (about 13 %
// of a worker rendering distinct pages: zlib's stream plumbing and `writev`).
// A page that defers nothing reaches the response whole, in one `end`
// (server/middleware/coalesce-writes.ts gathers it), so it is compressed here
// at once, with the same choices `compression` makes (its filter, threshold,
// no-transform, brotli quality 4 first, then gzip), and sent with its
// Content-Length. Everything else (a streamed answer, a file, a HEAD, an
// answer with its own encoding such as a page-cache hit, a body too large to
// compress without holding up other requests) goes on to `compression`
// unchanged, so install this right after it.
import zlib from "node:zlib";
import compression from "compression";
import type { RequestHandler, Response } from "express";
import Negotiator from "negotiator";
import { chunkBytes } from "../util/chunk-bytes";

const NO_TRANSFORM = /(?:^|,)\s*?no-transform\s*?(?:,|$)/;
// `compression`'s own lists: brotli where the client takes it, else gzip.
const SUPPORTED = ["br", "gzip", "deflate", "identity"];
const PREFERRED = ["br", "gzip"];
const BROTLI_QUALITY = 4;

export type CompressWholeOptions = {
  /** Smaller bodies go uncompressed (`compression`'s default, 1 KB). */
  threshold?: number;
  /** Larger bodies are left to `compression`'s stream (off the event loop). */
  maxBytes?: number;
};

/** The encoding `compression` would pick for this answer, or undefined where it would send it as it is. */
function encodingFor(req: Parameters<RequestHandler>[0], res: Response, length: number, threshold: number) {
  if (req.method === "HEAD" || res.statusCode === 204 || res.statusCode === 304) return undefined;
  if (length < threshold || !compression.filter(req, res)) return undefined;
  if (NO_TRANSFORM.test(String(res.getHeader("Cache-Control") ?? ""))) return undefined;
  if ((res.getHeader("Content-Encoding") ?? "identity") !== "identity") return undefined;
  if (!req.headers["accept-encoding"]) return undefined;
  const method = new Negotiator(req).encoding(SUPPORTED, PREFERRED);
  return method === "br" || method === "gzip" ? method : undefined;
}

export function compressWholeAnswers({ threshold = 1024, maxBytes = 1024 * 1024 }: CompressWholeOptions = {}): RequestHandler {
  return (req, res, next) => {
    if (req.method === "HEAD") return next();
    const write = res.write as (this: Response, ...args: unknown[]) => boolean;
    const end = res.end as (this: Response, ...args: unknown[]) => Response;
    let streamed = false;
    res.write = function (this: Response, ...args: unknown[]) {
      streamed = true;
      return write.apply(this, args);
    } as Response["write"];
    res.end = function (this: Response, chunk?: unknown, ...rest: unknown[]) {
      const body = streamed || res.headersSent ? undefined : chunkBytes(chunk, rest[0]);
      const method = body && body.length <= maxBytes ? encodingFor(req, res, body.length, threshold) : undefined;
      if (!body || !method) return end.call(this, chunk, ...rest);
      const compressed =
        method === "br"
          ? zlib.brotliCompressSync(body, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
              },
            })
          : zlib.gzipSync(body);
      res.vary("Accept-Encoding");
      res.setHeader("Content-Encoding", method);
      res.setHeader("Content-Length", compressed.length);
      const callback = rest.find((arg) => typeof arg === "function");
      return end.call(this, compressed, ...(callback ? [callback] : []));
    } as Response["end"];
    next();
  };
}
