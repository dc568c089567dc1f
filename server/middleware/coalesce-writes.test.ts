// coalesceWrites in front of `compression`, over real HTTP: the same bytes
// arrive, in fewer and better-compressed pieces, and an answer that pauses
// still streams what it has written.
import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import compression from "compression";
import express, { type RequestHandler } from "express";
import { afterAll, describe, expect, it } from "vitest";
import { coalesceWrites } from "./coalesce-writes";

const servers: http.Server[] = [];
afterAll(() => Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve)))));

async function serve(handler: RequestHandler, { coalesce = true } = {}) {
  const app = express();
  app.use(compression());
  if (coalesce) app.use(coalesceWrites());
  app.get("/", handler);
  const server = http.createServer(app);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
}

type Received = { status: number; raw: Buffer; body: string; firstChunkAfterMs: number };
function get(url: string, headers: Record<string, string> = { "Accept-Encoding": "gzip" }): Promise<Received> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers, agent: false }, (response) => {
        const chunks: Buffer[] = [];
        let firstChunkAfterMs = -1;
        response.on("data", (chunk: Buffer) => {
          if (firstChunkAfterMs < 0) firstChunkAfterMs = Date.now() - started;
          chunks.push(chunk);
        });
        response.on("end", () => {
          const raw = Buffer.concat(chunks);
          const body = response.headers["content-encoding"] === "gzip" ? zlib.gunzipSync(raw).toString("utf8") : raw.toString("utf8");
          resolve({ status: response.statusCode ?? 0, raw, body, firstChunkAfterMs });
        });
      })
      .on("error", reject);
  });
}

// Like Remix: many small writes, each followed by res.flush().
const PIECE = "<li>a product card, with its name and price</li>\n".repeat(40);
const manySmallWrites: RequestHandler = (_req, res) => {
  res.setHeader("Content-Type", "text/html; charset=utf-8");
  for (let i = 0; i < 100; i++) {
    res.write(i % 2 ? Buffer.from(PIECE) : PIECE);
    res.flush();
  }
  res.end("<p>é</p>", "utf8");
};

describe("coalesceWrites", () => {
  it("sends the same bytes, compressed as one piece instead of a hundred flushed ones", async () => {
    const expected = PIECE.repeat(100) + "<p>é</p>";
    const together = await get(await serve(manySmallWrites));
    const apart = await get(await serve(manySmallWrites, { coalesce: false }));
    expect(together.body).toBe(expected);
    expect(apart.body).toBe(expected);
    expect(together.raw.length).toBeLessThan(apart.raw.length / 2);
  });

  it("still streams: what was written goes out before the answer's next pause ends", async () => {
    const url = await serve((_req, res) => {
      res.setHeader("Content-Type", "text/html; charset=utf-8");
      res.write("<p>first</p>".repeat(50));
      res.flush();
      setTimeout(() => res.end("<p>second</p>"), 400);
    });
    const answer = await get(url);
    expect(answer.body).toBe("<p>first</p>".repeat(50) + "<p>second</p>");
    expect(answer.firstChunkAfterMs).toBeLessThan(300);
  });

  it("keeps end's callback, an empty end and an uncompressed answer right", async () => {
    let ended = false;
    const url = await serve((_req, res) => {
      res.write("head ");
      res.write("and body");
      res.end(() => (ended = true));
    });
    const answer = await get(url, {});
    expect(answer.body).toBe("head and body");
    expect(ended).toBe(true);
  });
});
