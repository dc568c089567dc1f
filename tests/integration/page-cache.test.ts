// The anonymous page cache (server/middleware/page-cache.ts) over real HTTP:
// in front of the production build in this process, what is and is not kept
// (signed-in visitors, carts, Set-Cookie, errors, writes), the fresh CSP nonce
// on a hit, gzip hits; and across two server processes (the built
// server-build/index.js, as `npm start` runs it) sharing this file's database:
// after a catalogue write through one, the very next anonymous answer of the
// other shows it. Nothing here measures time; bench/ does.
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import zlib from "node:zlib";
import type { ServerBuild } from "@remix-run/node";
import express from "express";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  // The production build reads settings as `npm start` on a laptop does.
  process.env.LOCAL_DEFAULTS = "1";
});

import { freePort } from "../../scripts/db.js";
import { createApp } from "../../server/app";
import { listenForCatalogChanges, type CatalogListener } from "../../server/cache/catalog-listener";
import { pageCache } from "../../server/middleware/page-cache";
import { catalogCachesUsable } from "~/utils/catalog-bus";
import { catalogChanged } from "~/models/catalog-events.server";
import { createCategory, renameCategory } from "~/models/category.server";
import { createProduct, deleteProduct, updateProduct } from "~/models/product.server";
import { db } from "~/utils/db.server";
import { createSession, sessionCookie } from "~/utils/session.server";

const buildPath = process.env.TEST_REMIX_BUILD;
const serverPath = process.env.TEST_SERVER_BUILD;
if (!buildPath || !serverPath) throw new Error("Run with `node scripts/test.js unit`: it builds the app and the server first.");

vi.setConfig({ testTimeout: 90_000 });

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string };

function send(
  port: number,
  {
    method = "GET",
    path: target = "/",
    headers = {},
    body,
  }: { method?: string; path?: string; headers?: Record<string, string>; body?: string },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: "127.0.0.1", port, method, path: target, headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => {
        let bytes = Buffer.concat(chunks);
        const encoding = response.headers["content-encoding"];
        if (encoding === "gzip") bytes = zlib.gunzipSync(bytes);
        else if (encoding === "br") bytes = zlib.brotliDecompressSync(bytes);
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: bytes.toString("utf8") });
      });
    });
    request.on("error", reject);
    request.end(body);
  });
}

const cspNonce = (answer: Answer) => /'nonce-([^']+)'/.exec(String(answer.headers["content-security-policy"]))?.[1];
const bodyNonces = (answer: Answer) => [...new Set([...answer.body.matchAll(/nonce="([^"]*)"/g)].map((m) => m[1]))];
const tag = () => randomBytes(4).toString("hex");

let listener: CatalogListener;
let port: number;
const servers: http.Server[] = [];

async function listen(app: express.Express) {
  const server = http.createServer(app);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return (server.address() as AddressInfo).port;
}

async function newCategory(name = `Cat ${tag()}`) {
  const result = await createCategory({ name });
  if (!result.ok) throw new Error(result.message);
  return result.category;
}

async function newProduct(categoryId: string, name = `Lamp ${tag()}`, price = "19.99") {
  const result = await createProduct({ name, description: "A warm desk lamp", price, quantity: "5", shipping: "1", category: categoryId });
  if (!result.ok) throw new Error(result.message);
  return result.product;
}

async function signedIn(role = 0) {
  const user = await db.user.create({
    data: {
      name: `Shopper ${tag()}`,
      email: `shopper-${tag()}@cache.test`,
      passwordHash: "x",
      phone: "1",
      address: "a",
      answerHash: "x",
      role,
    },
  });
  const token = await createSession(user.id);
  const cookie = (await sessionCookie().serialize(token)).split(";")[0];
  return { user, token, cookie };
}

beforeAll(async () => {
  listener = listenForCatalogChanges(process.env.DATABASE_URL!);
  await listener.ready;
  const build = (await import(pathToFileURL(buildPath).href)) as ServerBuild;
  const app = createApp(build, {
    trustProxy: 0,
    bodyLimitBytes: 64 * 1024,
    uploadLimitBytes: 2 * 1024 * 1024,
    requestTimeoutMs: 10_000,
    accessLog: false,
  });
  port = await listen(app);
  await newProduct((await newCategory()).id);
});

afterAll(async () => {
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  await listener?.stop();
});

describe("in front of the production build", () => {
  it("is live once the listener is (and the set-up's writes came back)", async () => {
    await vi.waitFor(() => expect(catalogCachesUsable()).toBe(true));
  });

  it("serves an anonymous page from memory with this response's own nonce", async () => {
    const first = await send(port, { path: "/?sort=name&price=20-39" });
    const second = await send(port, { path: "/?price=20-39&sort=name" });
    expect(first.status).toBe(200);
    expect(second.headers["x-page-cache"]).toBe("hit");
    const nonce = cspNonce(second);
    expect(nonce).toBeTruthy();
    expect(nonce).not.toBe(cspNonce(first));
    // Every script of the hit carries the nonce of the hit's own CSP header, and nothing else differs.
    expect(bodyNonces(second)).toEqual([nonce]);
    expect(second.body.replaceAll(nonce!, "N")).toBe(first.body.replaceAll(cspNonce(first)!, "N"));
    expect(second.headers["x-request-id"]).not.toBe(first.headers["x-request-id"]);
    expect(second.headers["cache-control"]).toMatch(/^public, .*s-maxage=\d+.*stale-while-revalidate=\d+/);
    expect(second.headers.vary).toMatch(/Cookie/);
  });

  it("serves a gzip hit that decodes to the same page", async () => {
    await send(port, { path: "/category" });
    const plain = await send(port, { path: "/category" });
    const gzip = await send(port, { path: "/category", headers: { "Accept-Encoding": "gzip, br" } });
    expect(gzip.headers["x-page-cache"]).toBe("hit");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(bodyNonces(gzip)).toEqual([cspNonce(gzip)]);
    expect(gzip.body.replaceAll(cspNonce(gzip)!, "N")).toBe(plain.body.replaceAll(cspNonce(plain)!, "N"));
    const head = await send(port, { method: "HEAD", path: "/category" });
    expect(head.headers["x-page-cache"]).toBe("hit");
    expect(head.body).toBe("");
  });

  it("keeps Remix data requests apart from documents", async () => {
    await send(port, { path: "/?_data=routes%2F_index" });
    const data = await send(port, { path: "/?_data=routes%2F_index" });
    expect(data.headers["x-page-cache"]).toBe("hit");
    expect(data.headers["content-type"]).toMatch(/application\/json/);
    expect(JSON.parse(data.body)).toHaveProperty("grid");
    const page = await send(port, { path: "/" });
    expect(page.headers["content-type"]).toMatch(/text\/html/);
  });

  it("never gives a signed-in visitor a cached page, nor keeps theirs", async () => {
    const { user, cookie } = await signedIn();
    await send(port, { path: "/about" });
    for (let i = 0; i < 2; i++) {
      const mine = await send(port, { path: "/about", headers: { Cookie: cookie } });
      expect(mine.status).toBe(200);
      expect(mine.headers["x-page-cache"]).toBeUndefined();
      expect(mine.headers["cache-control"]).toBe("private, no-store");
      expect(mine.body).toContain(user.name);
    }
    const anonymous = await send(port, { path: "/about" });
    expect(anonymous.headers["x-page-cache"]).toBe("hit");
    expect(anonymous.body).not.toContain(user.name);
  });

  it("treats a cart, a toast or an API token as personal", async () => {
    await send(port, { path: "/" });
    const personal: Record<string, string>[] = [
      { Cookie: "cart=x" },
      { Cookie: "other=1; toast-session=abc" },
      { Authorization: "Bearer nope" },
    ];
    for (const headers of personal) {
      const answer = await send(port, { path: "/", headers });
      expect(answer.headers["x-page-cache"], JSON.stringify(headers)).toBeUndefined();
      expect(answer.headers["cache-control"]).toBe("private, no-store");
    }
    // Someone else's cookie does not make a page personal.
    expect((await send(port, { path: "/", headers: { Cookie: "_ga=1" } })).headers["x-page-cache"]).toBe("hit");
  });

  it("never keeps an error page", async () => {
    for (let i = 0; i < 2; i++) {
      const missing = await send(port, { path: "/no-such-page" });
      expect(missing.status).toBe(404);
      expect(missing.headers["x-page-cache"]).toBeUndefined();
      expect(missing.headers["cache-control"]).toBe("private, no-store");
    }
  });

  it("leaves a route's own Cache-Control alone", async () => {
    const health = await send(port, { path: "/healthz" });
    expect(health.headers["cache-control"]).toBe("no-store");
    const again = await send(port, { path: "/healthz" });
    expect(again.headers["x-page-cache"]).toBeUndefined();
  });

  it("shows a catalogue change on the very next request", async () => {
    await send(port, { path: "/" });
    expect((await send(port, { path: "/" })).headers["x-page-cache"]).toBe("hit");
    const category = await newCategory(`Fresh ${tag()}`);
    const after = await send(port, { path: "/" });
    expect(after.body).toContain(category.name);
    const renamed = await renameCategory(category.id, { name: `Renamed ${tag()}` });
    if (!renamed.ok) throw new Error(renamed.message);
    const later = await send(port, { path: "/" });
    expect(later.body).toContain(renamed.category.name);
    expect(later.body).not.toContain(category.name);
  });
});

describe("the middleware's rules", () => {
  let calls = 0;
  let small: number;
  let slowStarted = false;
  let release: () => void = () => {};
  const slowGate = new Promise<void>((resolve) => (release = resolve));
  beforeAll(async () => {
    const app = express();
    app.use((_req, res, next) => {
      res.locals.cspNonce = randomBytes(16).toString("base64");
      res.locals.requestId = randomBytes(9).toString("base64url");
      next();
    });
    app.use(pageCache({ maxBytes: 1024 * 1024, ttlMs: 60_000 }));
    app.all("/page", (req, res) => {
      calls += 1;
      res.type("html").send(`<p>${req.method} ${calls}</p>`);
    });
    app.get("/cookie", (_req, res) => {
      calls += 1;
      res.cookie("seen", "1").type("html").send(`<p>cookie ${calls}</p>`);
    });
    app.get("/broken", (_req, res) => {
      calls += 1;
      res.status(500).type("html").send(`<p>broken ${calls}</p>`);
    });
    app.get("/json", (_req, res) => {
      calls += 1;
      res.json({ calls });
    });
    app.get("/slow", async (_req, res) => {
      calls += 1;
      slowStarted = true;
      await slowGate;
      res.json({ calls });
    });
    app.get("/text", (_req, res) => {
      calls += 1;
      res.type("text").send(`calls ${calls}`);
    });
    small = await listen(app);
  });

  it("answers a repeated GET without calling the app again", async () => {
    const first = await send(small, { path: "/json" });
    const second = await send(small, { path: "/json" });
    expect(second.body).toBe(first.body);
  });

  it("never keeps Set-Cookie answers, errors, other types or non-GET answers", async () => {
    for (const target of ["/cookie", "/broken", "/text"]) {
      const before = calls;
      const first = await send(small, { path: target });
      const second = await send(small, { path: target });
      expect(second.body, target).not.toBe(first.body);
      expect(calls - before).toBe(2);
      expect(second.headers["x-page-cache"]).toBeUndefined();
    }
    expect((await send(small, { path: "/cookie" })).headers["cache-control"]).toBe("private, no-store");
    const posted = await send(small, { method: "POST", path: "/page" });
    const got = await send(small, { path: "/page" });
    expect(got.body).not.toBe(posted.body);
    expect(got.body).toContain("GET");
  });

  it("empties itself when the catalogue changes", async () => {
    await send(small, { path: "/json?x=1" });
    await catalogChanged();
    // The change came back through PostgreSQL: the cache is usable again, and empty.
    await vi.waitFor(() => expect(catalogCachesUsable()).toBe(true));
    const before = calls;
    await send(small, { path: "/json?x=1" });
    expect(calls).toBe(before + 1);
  });

  it("does not keep an answer made while the catalogue changed", async () => {
    const first = send(small, { path: "/slow" });
    await vi.waitFor(() => expect(slowStarted).toBe(true));
    await catalogChanged();
    release();
    await first;
    await vi.waitFor(() => expect(catalogCachesUsable()).toBe(true));
    const before = calls;
    await send(small, { path: "/slow" });
    expect(calls).toBe(before + 1);
  });
});

describe("two server processes sharing one database", () => {
  const children: ChildProcess[] = [];
  afterAll(async () => {
    await Promise.all(
      children.map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null) return resolve();
            child.once("exit", () => resolve());
            child.kill("SIGTERM");
          }),
      ),
    );
  });

  async function startShop() {
    const shopPort = await freePort();
    let output = "";
    const child = spawn(process.execPath, [serverPath!], {
      env: {
        ...process.env,
        DATABASE_URL: process.env.DATABASE_URL,
        REMIX_BUILD_DIR: path.dirname(buildPath!),
        NODE_ENV: "",
        PORT: String(shopPort),
        SEED: "false",
        ACCESS_LOG: "false",
        WEB_CONCURRENCY: "1",
      } as Record<string, string | undefined> as NodeJS.ProcessEnv,
      stdio: ["ignore", "pipe", "pipe"],
    });
    children.push(child);
    child.stdout!.on("data", (chunk: Buffer) => (output += chunk));
    child.stderr!.on("data", (chunk: Buffer) => (output += chunk));
    await vi.waitFor(
      async () => {
        if (child.exitCode !== null) throw new Error(`the shop stopped:\n${output}`);
        expect((await send(shopPort, { path: "/healthz" })).status).toBe(200);
      },
      { timeout: 60_000, interval: 250 },
    );
    return shopPort;
  }

  it("shows an admin's write on the other instance's very next anonymous answer", async () => {
    const category = await newCategory(`Shared ${tag()}`);
    const product = await newProduct(category.id, `Shared lamp ${tag()}`, "12.00");
    const [a, b] = await Promise.all([startShop(), startShop()]);
    const { token } = await signedIn(1);
    const pages = ["/", `/category/${category.slug}`, `/product/${product.slug}`, `/search?keyword=${encodeURIComponent(product.name)}`];
    const warm = async () => {
      for (const shop of [a, b]) for (const target of pages) await send(shop, { path: target });
      for (const shop of [a, b])
        for (const target of pages) expect((await send(shop, { path: target })).headers["x-page-cache"], target).toBe("hit");
    };
    let stale = 0;
    const check = async (shop: number, target: string, expected: string, gone?: string) => {
      const answer = await send(shop, { path: target });
      if (!answer.body.includes(expected) || (gone && answer.body.includes(gone))) stale += 1;
    };

    // A category created through A's API: B's home lists it.
    await warm();
    const name = `Via API ${tag()}`;
    const created = await send(a, {
      method: "POST",
      path: "/api/v1/category/create-category",
      headers: { Authorization: token, "Content-Type": "application/json" },
      body: JSON.stringify({ name }),
    });
    expect(created.status).toBe(201);
    await check(b, "/", name);
    await check(a, "/", name);

    // A price change made by the model (another process): both show it everywhere at once.
    await warm();
    const updated = await updateProduct(product.id, {
      name: product.name,
      description: "A warm desk lamp",
      price: "34.56",
      quantity: "5",
      shipping: "1",
      category: category.id,
    });
    expect(updated.ok).toBe(true);
    for (const shop of [b, a]) for (const target of pages.slice(1)) await check(shop, target, "$34.56", "$12.00");

    // A deletion: its page is gone and the category is empty.
    await warm();
    await deleteProduct(product.id);
    for (const shop of [b, a]) {
      expect((await send(shop, { path: `/product/${product.slug}` })).status).toBe(404);
      await check(shop, `/category/${category.slug}`, "result found", product.name);
    }
    expect(stale).toBe(0);
  });
});
