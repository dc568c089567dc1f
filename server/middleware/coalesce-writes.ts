// Gathers the many small writes of a rendered answer into one write per turn
// of the event loop. Remix hands React's stream to the response in chunks of
// about 2 KB and calls `res.flush()` after each, and `compression` then
// flushes its zlib stream every time: a 40 KB page cost about 1.3 ms of
// compression CPU in 2 KB pieces against 0.3 ms in one, and compressed worse.
// Writes made in the same turn (a whole page, when nothing is deferred) now
// leave together, and a flush asked for meanwhile happens once after them, so
// an answer still streams: nothing waits past the end of the turn it was
// written in, or past `maxBufferBytes` (as large as a whole page, so that a
// page that defers nothing reaches server/middleware/compress-whole.ts in one
// `end`).
import type { RequestHandler, Response } from "express";
import { chunkBytes } from "../util/chunk-bytes";

type WriteCallback = (error?: Error | null) => void;

export function coalesceWrites({ maxBufferBytes = 1024 * 1024 } = {}): RequestHandler {
  return (_req, res, next) => {
    const write = res.write as (this: Response, ...args: unknown[]) => boolean;
    const end = res.end as (this: Response, ...args: unknown[]) => Response;
    // `compression` adds flush(); without it there is nothing to put off.
    const flush = res.flush as (() => void) | undefined;
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    let flushWanted = false;
    let scheduled = false;

    const take = (): Buffer | undefined => {
      if (pendingBytes === 0) return undefined;
      const chunk = pending.length === 1 ? pending[0] : Buffer.concat(pending, pendingBytes);
      pending = [];
      pendingBytes = 0;
      return chunk;
    };
    const release = () => {
      scheduled = false;
      if (res.writableEnded || res.destroyed) return;
      const chunk = take();
      if (chunk) write.call(res, chunk);
      if (flushWanted) {
        flushWanted = false;
        flush?.call(res);
      }
    };
    const later = () => {
      if (scheduled) return;
      scheduled = true;
      setImmediate(release);
    };

    res.write = function (this: Response, chunk: unknown, ...rest: unknown[]) {
      const bytes = chunkBytes(chunk, rest[0]);
      // Anything unusual (a callback to call once written, an odd chunk) goes out as asked, after what came before it.
      if (!bytes || rest.some((arg) => typeof arg === "function") || res.writableEnded) {
        const earlier = take();
        if (earlier) write.call(res, earlier);
        return write.call(this, chunk, ...rest);
      }
      pending.push(bytes);
      pendingBytes += bytes.length;
      if (pendingBytes >= maxBufferBytes) release();
      else later();
      return true;
    } as Response["write"];

    if (flush) {
      res.flush = () => {
        flushWanted = true;
        later();
      };
    }

    res.end = function (this: Response, chunk?: unknown, ...rest: unknown[]) {
      flushWanted = false;
      const callback = [chunk, ...rest].find((arg): arg is WriteCallback => typeof arg === "function");
      const last = typeof chunk === "function" ? undefined : chunk;
      const lastBytes = last === undefined || last === null ? undefined : chunkBytes(last, rest[0]);
      if (last !== undefined && last !== null && !lastBytes) {
        const earlier = take();
        if (earlier) write.call(res, earlier);
        return end.call(this, chunk, ...rest);
      }
      if (lastBytes) {
        pending.push(lastBytes);
        pendingBytes += lastBytes.length;
      }
      const body = take();
      return end.call(this, ...(body ? [body] : []), ...(callback ? [callback] : []));
    } as Response["end"];

    next();
  };
}
