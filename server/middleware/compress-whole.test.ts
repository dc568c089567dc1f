// compressWholeAnswers behind `compression` and in front of coalesceWrites, as
// server/app.ts installs them, over real HTTP: a whole answer leaves
// compressed in one piece with its length, and everything `compression` would
// not compress (or would stream) is left to it, byte for byte.
import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import compression from "compression";
import express, { type RequestHandler } from "express";
import { afterAll, describe, expect, it } from "vitest";
import { coalesceWrites } from "./coalesce-writes";
import { compressWholeAnswers } from "./compress-whole";

const servers: http.Server[] = [];
afterAll(() => Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve)))));

async function serve(handler: RequestHandler) {
  const app = express();
  app.use(compression());
  app.use(compressWholeAnswers());
  app.use(coalesceWrites());
  app.all("/", handler);
  const server = http.createServer(app);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
}

type Received = { status: number; headers: http.IncomingHttpHeaders; raw: Buffer; body: string; pieces: number };
function get(url: string, headers: Record<string, string> = { "Accept-Encoding": "gzip, deflate, br" }, method = "GET"): Promise<Received> {
  return new Promise((resolve, reject) => {
    http
      .request(url, { method, headers, agent: false }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => {
          const raw = Buffer.concat(chunks);
          const encoding = response.headers["content-encoding"];
          const plain = encoding === "br" ? zlib.brotliDecompressSync(raw) : encoding === "gzip" ? zlib.gunzipSync(raw) : raw;
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            raw,
            body: plain.toString("utf8"),
            pieces: chunks.length,
          });
        });
      })
      .on("error", reject)
      .end();
  });
}

const PAGE = "<!DOCTYPE html><ul>" + "<li>a product card, with its name and a price of 12.50 €</li>\n".repeat(600) + "</ul>";
// Like a page that defers nothing: Remix writes the whole body, flushes, and ends.
const wholePage: RequestHandler = (_req, res) => {
  res.setHeader("Content-Type", "text/html; charset=utf-8");
  res.write(Buffer.from(PAGE));
  res.flush();
  res.end();
};

describe("compressWholeAnswers", () => {
  it("sends a whole page as brotli with its Content-Length, not chunked", async () => {
    const answer = await get(await serve(wholePage));
    expect(answer.headers["content-encoding"]).toBe("br");
    expect(answer.headers["transfer-encoding"]).toBeUndefined();
    expect(Number(answer.headers["content-length"])).toBe(answer.raw.length);
    expect(answer.headers.vary).toMatch(/Accept-Encoding/);
    expect(answer.body).toBe(PAGE);
    expect(answer.raw.length).toBeLessThan(PAGE.length / 10);
  });

  it("follows the client's choice: gzip when brotli is not taken or ranks lower, nothing when none is asked", async () => {
    const url = await serve(wholePage);
    const gzipOnly = await get(url, { "Accept-Encoding": "gzip" });
    expect(gzipOnly.headers["content-encoding"]).toBe("gzip");
    expect(Number(gzipOnly.headers["content-length"])).toBe(gzipOnly.raw.length);
    expect(gzipOnly.body).toBe(PAGE);
    const gzipFirst = await get(url, { "Accept-Encoding": "br;q=0.5, gzip" });
    expect(gzipFirst.headers["content-encoding"]).toBe("gzip");
    const none = await get(url, {});
    expect(none.headers["content-encoding"]).toBeUndefined();
    expect(none.body).toBe(PAGE);
    const identity = await get(url, { "Accept-Encoding": "identity" });
    expect(identity.headers["content-encoding"]).toBeUndefined();
    expect(identity.body).toBe(PAGE);
  });

  it("leaves what compression would not compress as it is", async () => {
    const small = await get(
      await serve((_req, res) => {
        res.type("html").end("<p>short</p>");
      }),
    );
    expect(small.headers["content-encoding"]).toBeUndefined();
    expect(small.body).toBe("<p>short</p>");

    const noTransform = await get(
      await serve((_req, res) => {
        res.setHeader("Cache-Control", "public, no-transform");
        res.type("html").end(PAGE);
      }),
    );
    expect(noTransform.headers["content-encoding"]).toBeUndefined();
    expect(noTransform.body).toBe(PAGE);

    const image = await get(
      await serve((_req, res) => {
        res.type("png").end(Buffer.alloc(50_000, 7));
      }),
    );
    expect(image.headers["content-encoding"]).toBeUndefined();
    expect(image.raw.length).toBe(50_000);

    const encoded = zlib.gzipSync(PAGE);
    const ownEncoding = await get(
      await serve((_req, res) => {
        res.type("html").setHeader("Content-Encoding", "gzip");
        res.end(encoded);
      }),
    );
    expect(ownEncoding.headers["content-encoding"]).toBe("gzip");
    expect(ownEncoding.raw.equals(encoded)).toBe(true);
  });

  it("leaves a streamed answer to compression's stream", async () => {
    const url = await serve((_req, res) => {
      res.type("html");
      res.write("<p>first</p>".repeat(200));
      res.flush();
      setTimeout(() => res.end("<p>second</p>"), 50);
    });
    const answer = await get(url);
    expect(answer.headers["content-encoding"]).toBe("br");
    expect(answer.headers["transfer-encoding"]).toBe("chunked");
    expect(answer.body).toBe("<p>first</p>".repeat(200) + "<p>second</p>");
  });

  it("answers HEAD without a body, and keeps end's callback", async () => {
    let ended = false;
    const url = await serve((_req, res) => {
      res.type("html");
      res.end(PAGE, () => (ended = true));
    });
    const head = await get(url, undefined, "HEAD");
    expect(head.status).toBe(200);
    expect(head.raw.length).toBe(0);
    const answer = await get(url);
    expect(answer.headers["content-encoding"]).toBe("br");
    expect(answer.body).toBe(PAGE);
    expect(ended).toBe(true);
  });
});
