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
import { ANONYMOUS_CACHE_CONTROL, pageCache } from "../../server/middleware/page-cache";
import { catalogCachesUsable } from "~/utils/catalog-bus";
import { noteSessionLookup, personalChangeArrived } from "~/utils/personal-bus";
import { catalogChanged } from "~/domain/catalog/catalog-events.server";
import { createCategory, renameCategory } from "~/domain/catalog/category.server";
import { createProduct, deleteProduct, updateProduct } from "~/domain/catalog/product.server";
import { db } from "~/utils/db.server";
import { createSession, revokeAllSessions } from "~/domain/accounts/session.server";
import { sessionCookie } from "~/http/session-cookie.server";
import { redirectWithSuccess } from "~/http/toast.server";
import { replaceVariants } from "~/domain/catalog/variants/variants.server";

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

  it("never lets a request id chosen by a client change another visitor's page (TRUST_PROXY=1)", async () => {
    const build = (await import(pathToFileURL(buildPath).href)) as ServerBuild;
    const proxied = await listen(
      createApp(build, {
        trustProxy: 1,
        bodyLimitBytes: 64 * 1024,
        uploadLimitBytes: 2 * 1024 * 1024,
        requestTimeoutMs: 10_000,
        accessLog: false,
      }),
    );
    const category = await newCategory(`Beauty ${tag()}`);
    const target = `/category/${category.slug}?sort=name`;
    const chosen = await send(proxied, { path: target, headers: { "X-Request-Id": "category" } });
    expect(chosen.status).toBe(200);
    expect(chosen.headers["x-request-id"]).toBe("category");
    const unify = (answer: Answer) => answer.body.replaceAll(cspNonce(answer)!, "N");
    const next = await send(proxied, { path: target });
    const after = await send(proxied, { path: target, headers: { "Accept-Encoding": "gzip" } });
    expect(after.headers["x-page-cache"]).toBe("hit");
    for (const answer of [next, after]) {
      expect(answer.headers["x-request-id"]).not.toBe("category");
      expect(unify(answer)).toBe(unify(chosen));
      expect(answer.body).toContain(`href="/category/${category.slug}`);
      expect(answer.body).not.toContain(String(answer.headers["x-request-id"]));
    }
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

  it("keeps the search box's suggestions for every visitor, cart, session or none, and shows a rename at once", async () => {
    const word = `sugg${tag()}`.toLowerCase();
    const product = await newProduct((await newCategory()).id, `Lamp ${word}`);
    const path = `/search/suggest?keyword=${word}`;
    const { cookie } = await signedIn();
    const first = await send(port, { path, headers: { Cookie: "cart=one" } });
    expect(first.status).toBe(200);
    expect(first.headers["x-page-cache"]).toBe("miss");
    expect(JSON.parse(first.body).products.map((p: { name: string }) => p.name)).toEqual([`Lamp ${word}`]);
    for (const headers of [{ Cookie: "cart=two" }, { Cookie: cookie }, {}] as Record<string, string>[]) {
      const again = await send(port, { path, headers });
      expect(again.headers["x-page-cache"], JSON.stringify(headers)).toBe("hit");
      expect(again.body).toBe(first.body);
      expect(again.headers["cache-control"]).toBe(ANONYMOUS_CACHE_CONTROL);
      expect(String(again.headers.vary ?? "")).not.toMatch(/cookie/i);
    }
    // The search page itself stays personal for a cart.
    expect((await send(port, { path: `/search?keyword=${word}`, headers: { Cookie: "cart=one" } })).headers["x-page-cache"]).toBeUndefined();
    await db.product.update({ where: { id: product.id }, data: { name: `Desk ${word}` } });
    await catalogChanged();
    await vi.waitFor(() => expect(catalogCachesUsable()).toBe(true));
    const renamed = await send(port, { path, headers: { Cookie: "cart=two" } });
    expect(JSON.parse(renamed.body).products.map((p: { name: string }) => p.name)).toEqual([`Desk ${word}`]);
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

  it("shows a variant's new price and stock on the very next request, however it was written", async () => {
    const product = await newProduct((await newCategory()).id, `Tee ${tag()}`);
    const saved = await replaceVariants(product.id, {
      options: [{ name: "Size", values: ["S", "M"] }],
      variants: [
        { options: { Size: "S" }, price: "20.00", quantity: 3 },
        { options: { Size: "M" }, price: "21.00", quantity: 3 },
      ],
    });
    if (!saved.ok) throw new Error(saved.message);
    const path = `/product/${product.slug}?Size=M`;
    // Kept once the page is made with no change going by (on a busy machine an earlier write's
    // notice can still be on its way through the first try).
    await vi.waitFor(async () => expect((await send(port, { path })).headers["x-page-cache"]).toBe("hit"), { timeout: 5000, interval: 50 });
    const hit = await send(port, { path });
    expect(hit.headers["x-page-cache"]).toBe("hit");
    expect(hit.body).toContain("$21.00");
    // As a sale or a script would: straight to the row (its trigger tells every instance).
    await db.productVariant.updateMany({ where: { productId: product.id, title: "M" }, data: { priceCents: 2350, quantity: 1 } });
    // Within a second: the notification's trip to the listener.
    await vi.waitFor(async () => expect((await send(port, { path })).body).toContain("$23.50"), { timeout: 1000, interval: 20 });
    expect((await send(port, { path })).body).toContain("only 1 left");
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

/** The count in the header's cart badge. */
const cartBadge = (answer: Answer) => /data-testid="cart-count"[^>]*>([^<]*)</.exec(answer.body)?.[1];
const setCookie = (answer: Answer, name: string) =>
  (answer.headers["set-cookie"] ?? []).map((line) => line.split(";")[0]).find((pair) => pair.startsWith(`${name}=`));

describe("signed-in pages", () => {
  const catalogue = () => ["/", "/categories", "/search?keyword=lamp", "/?_data=routes%2F_index"];

  it("keeps each visitor's own page, and never gives it to anyone else", async () => {
    const a = await signedIn();
    const b = await signedIn();
    for (const target of catalogue()) {
      const first = await send(port, { path: target, headers: { Cookie: a.cookie } });
      expect(first.status, target).toBe(200);
      expect(first.headers["cache-control"]).toBe("private, no-store");
      const again = await send(port, { path: target, headers: { Cookie: a.cookie } });
      expect(again.headers["x-page-cache"], target).toBe("hit");
      expect(again.headers["cache-control"]).toBe("private, no-store");
      if (!target.includes("_data")) {
        expect(again.body).toContain(a.user.name);
        expect(bodyNonces(again)).toEqual([cspNonce(again)]);
      }
      const other = await send(port, { path: target, headers: { Cookie: b.cookie } });
      expect(other.headers["x-page-cache"], target).not.toBe("hit");
      expect(other.body).not.toContain(a.user.name);
      const otherAgain = await send(port, { path: target, headers: { Cookie: b.cookie } });
      expect(otherAgain.headers["x-page-cache"], target).toBe("hit");
      expect(otherAgain.body).not.toContain(a.user.name);
      const anonymous = await send(port, { path: target });
      expect(anonymous.body).not.toContain(a.user.name);
      expect(anonymous.body).not.toContain(b.user.name);
    }
    // The root loader's data (what hydration reads) is the signed-in user's own.
    const data = await send(port, { path: "/?_data=root", headers: { Cookie: a.cookie } });
    expect(JSON.parse(data.body).user.name).toBe(a.user.name);
  });

  it("ends at once with a logout, and with sessions revoked elsewhere (a password reset)", async () => {
    const a = await signedIn();
    await send(port, { path: "/", headers: { Cookie: a.cookie } });
    expect((await send(port, { path: "/", headers: { Cookie: a.cookie } })).headers["x-page-cache"]).toBe("hit");
    const out = await send(port, { method: "POST", path: "/logout", headers: { Cookie: a.cookie, Origin: `http://127.0.0.1:${port}` } });
    expect(out.status).toBe(302);
    // The old cookie (replayed, or another tab) gets a signed-out page.
    const replay = await send(port, { path: "/", headers: { Cookie: a.cookie } });
    expect(replay.headers["x-page-cache"]).not.toBe("hit");
    expect(replay.body).not.toContain(a.user.name);
    expect(replay.body).toContain("Login");

    const b = await signedIn();
    await send(port, { path: "/categories", headers: { Cookie: b.cookie } });
    expect((await send(port, { path: "/categories", headers: { Cookie: b.cookie } })).headers["x-page-cache"]).toBe("hit");
    await revokeAllSessions(b.user.id);
    const after = await send(port, { path: "/categories", headers: { Cookie: b.cookie } });
    expect(after.headers["x-page-cache"]).not.toBe("hit");
    expect(after.body).not.toContain(b.user.name);
  });

  it("shows a profile or role change at once", async () => {
    const a = await signedIn();
    await send(port, { path: "/", headers: { Cookie: a.cookie } });
    expect((await send(port, { path: "/", headers: { Cookie: a.cookie } })).headers["x-page-cache"]).toBe("hit");
    const name = `Renamed ${tag()}`;
    await db.user.update({ where: { id: a.user.id }, data: { name } });
    const renamed = await send(port, { path: "/", headers: { Cookie: a.cookie } });
    expect(renamed.body).toContain(name);
    expect(renamed.body).not.toContain(a.user.name);
    expect((await send(port, { path: "/", headers: { Cookie: a.cookie } })).headers["x-page-cache"]).toBe("hit");
    await db.user.update({ where: { id: a.user.id }, data: { role: 1 } });
    expect((await send(port, { path: "/", headers: { Cookie: a.cookie } })).body).toContain("/dashboard/admin");
  });

  it("shows a cart change at once, and drops the session's pages on any write", async () => {
    const a = await signedIn();
    const product = await newProduct((await newCategory()).id);
    await vi.waitFor(() => expect(catalogCachesUsable()).toBe(true));
    await send(port, { path: "/", headers: { Cookie: a.cookie } });
    const before = await send(port, { path: "/", headers: { Cookie: a.cookie } });
    expect(before.headers["x-page-cache"]).toBe("hit");
    expect(cartBadge(before)).toBe("0");
    const added = await send(port, {
      method: "POST",
      path: "/cart",
      headers: { Cookie: a.cookie, Origin: `http://127.0.0.1:${port}`, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "add", productId: product.id, quantity: "2", redirectTo: "/" }).toString(),
    });
    expect(added.status).toBe(302);
    const cart = setCookie(added, "cart");
    expect(cart).toBeTruthy();
    const after = await send(port, { path: "/", headers: { Cookie: `${a.cookie}; ${cart}` } });
    expect(cartBadge(after)).toBe("2");
    // The write dropped what was kept for this session, whatever the cart cookie.
    expect((await send(port, { path: "/", headers: { Cookie: a.cookie } })).headers["x-page-cache"]).not.toBe("hit");
  });

  it("shows a catalogue write at once", async () => {
    const a = await signedIn();
    const category = await newCategory();
    // Until this process hears its own write come back, nothing is kept (the race is another test's).
    await vi.waitFor(() => expect(catalogCachesUsable()).toBe(true));
    await send(port, { path: `/category/${category.slug}`, headers: { Cookie: a.cookie } });
    expect((await send(port, { path: `/category/${category.slug}`, headers: { Cookie: a.cookie } })).headers["x-page-cache"]).toBe("hit");
    const product = await newProduct(category.id);
    expect((await send(port, { path: `/category/${category.slug}`, headers: { Cookie: a.cookie } })).body).toContain(product.name);
  });

  it("ends when the session expires", async () => {
    const a = await signedIn();
    // Sessions are never changed in place by the app; a short one stands for one reaching its end.
    await db.session.updateMany({ where: { userId: a.user.id }, data: { expiresAt: new Date(Date.now() + 1500) } });
    await send(port, { path: "/", headers: { Cookie: a.cookie } });
    expect((await send(port, { path: "/", headers: { Cookie: a.cookie } })).headers["x-page-cache"]).toBe("hit");
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const later = await send(port, { path: "/", headers: { Cookie: a.cookie } });
    expect(later.headers["x-page-cache"]).not.toBe("hit");
    expect(later.body).not.toContain(a.user.name);
  });

  it("deletes a shown toast's cookie, so the visitor's next pages are kept again", async () => {
    const a = await signedIn();
    const flash = (await redirectWithSuccess("/", "Welcome back")).headers.get("Set-Cookie") ?? "";
    const toast = flash.split(";")[0];
    expect(toast).toMatch(/^toast-session=./);
    const shown = await send(port, { path: "/", headers: { Cookie: `${a.cookie}; ${toast}` } });
    expect(shown.body).toContain("Welcome back");
    const cleared = ([] as string[]).concat(shown.headers["set-cookie"] ?? []).find((c) => c.startsWith("toast-session="));
    // Deleted (expired), not set to an empty session the browser would keep sending.
    expect(cleared).toMatch(/Expires=Thu, 01 Jan 1970|Max-Age=0/);
    await send(port, { path: "/", headers: { Cookie: a.cookie } });
    const next = await send(port, { path: "/", headers: { Cookie: a.cookie } });
    expect(next.headers["x-page-cache"]).toBe("hit");
    expect(next.headers["set-cookie"]).toBeUndefined();
  });

  it("keeps nothing with a toast, an API token, or outside the catalogue pages", async () => {
    const a = await signedIn();
    const cases: { path: string; headers: Record<string, string> }[] = [
      { path: "/", headers: { Cookie: `${a.cookie}; toast-session=abc` } },
      { path: "/", headers: { Cookie: a.cookie, Authorization: `Bearer ${a.token}` } },
      { path: "/dashboard/user", headers: { Cookie: a.cookie } },
      { path: "/cart", headers: { Cookie: a.cookie } },
      { path: "/about", headers: { Cookie: a.cookie } },
    ];
    for (const { path: target, headers } of cases) {
      for (let i = 0; i < 2; i++) {
        const answer = await send(port, { path: target, headers });
        expect(answer.headers["x-page-cache"], target).toBeUndefined();
        expect(answer.headers["cache-control"]).toMatch(/private, no-store/);
      }
    }
  });
});

/**
 * A bare Express app with what the page cache expects before it (a nonce and request id per request) and the cache itself;
 * `isPersonalPage` stands for the routes' handles (server/route-names.ts reads them from a real build).
 */
function appWithPageCache(isPersonalPage?: (path: string) => boolean) {
  const app = express();
  app.use((_req, res, next) => {
    res.locals.cspNonce = randomBytes(16).toString("base64");
    res.locals.requestId = randomBytes(9).toString("base64url");
    next();
  });
  app.use(pageCache({ maxBytes: 1024 * 1024, ttlMs: 60_000, isPersonalPage }));
  return app;
}

describe("the middleware's rules", () => {
  let calls = 0;
  let small: number;
  let slowStarted = false;
  let release: () => void = () => {};
  const slowGate = new Promise<void>((resolve) => (release = resolve));
  beforeAll(async () => {
    const app = appWithPageCache();
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

describe("the middleware's signed-in rules", () => {
  let calls = 0;
  let shop: number;
  let started = false;
  let gate: Promise<void> = Promise.resolve();
  let open: () => void = () => {};
  const hold = () => {
    started = false;
    gate = new Promise<void>((resolve) => (open = resolve));
  };
  beforeAll(async () => {
    const app = appWithPageCache((path) => path === "/search");
    // Stands for a catalogue page: its session lookup says whose it is (`who`, "none": no live session, "two": lookups disagree).
    app.get("/search", async (req, res) => {
      calls += 1;
      const who = String(req.query.who);
      if (who === "none") noteSessionLookup(null);
      else if (who === "two") {
        noteSessionLookup({ userId: "u-one", expiresAt: new Date(Date.now() + 60_000) });
        noteSessionLookup({ userId: "u-two", expiresAt: new Date(Date.now() + 60_000) });
      } else noteSessionLookup({ userId: who, expiresAt: new Date(Date.now() + 60_000) });
      if (req.query.slow) {
        started = true;
        await gate;
      }
      res.json({ calls, who });
    });
    app.post("/cart", async (_req, res) => {
      started = true;
      await gate;
      res.json({ ok: true });
    });
    shop = await listen(app);
    await vi.waitFor(() => expect(catalogCachesUsable()).toBe(true));
  });
  const as = (session: string) => ({ Cookie: `__session=${session}` });
  const twice = async (target: string, session: string) => {
    await send(shop, { path: target, headers: as(session) });
    return (await send(shop, { path: target, headers: as(session) })).headers["x-page-cache"];
  };

  it("keeps a page made for a live session, and not one made for no session or two", async () => {
    expect(await twice("/search?who=u-a", "sa")).toBe("hit");
    expect(await twice("/search?who=none", "sa")).not.toBe("hit");
    expect(await twice("/search?who=two", "sa")).not.toBe("hit");
  });

  it("drops the pages of the user whose login changed, and only theirs", async () => {
    expect(await twice("/search?who=u-b", "sb")).toBe("hit");
    expect(await twice("/search?who=u-c", "sc")).toBe("hit");
    personalChangeArrived("u-b");
    expect((await send(shop, { path: "/search?who=u-b", headers: as("sb") })).headers["x-page-cache"]).not.toBe("hit");
    expect((await send(shop, { path: "/search?who=u-c", headers: as("sc") })).headers["x-page-cache"]).toBe("hit");
    personalChangeArrived("");
    expect((await send(shop, { path: "/search?who=u-c", headers: as("sc") })).headers["x-page-cache"]).not.toBe("hit");
  });

  it("does not keep a page made while a login change went by", async () => {
    hold();
    const first = send(shop, { path: "/search?who=u-d&slow=1", headers: as("sd") });
    await vi.waitFor(() => expect(started).toBe(true));
    personalChangeArrived("u-d");
    open();
    await first;
    const before = calls;
    await send(shop, { path: "/search?who=u-d&slow=1", headers: as("sd") });
    expect(calls).toBe(before + 1);
  });

  it("does not keep a page made while a write from that session was in flight", async () => {
    expect(await twice("/search?who=u-e", "se")).toBe("hit");
    hold();
    const write = send(shop, { method: "POST", path: "/cart", headers: as("se") });
    await vi.waitFor(() => expect(started).toBe(true));
    // The write dropped the session's pages; one made meanwhile is not kept.
    const during = await send(shop, { path: "/search?who=u-e", headers: as("se") });
    expect(during.headers["x-page-cache"]).not.toBe("hit");
    open();
    await write;
    const before = calls;
    await send(shop, { path: "/search?who=u-e", headers: as("se") });
    expect(calls).toBe(before + 1);
    expect(await twice("/search?who=u-e", "se")).toBe("hit");
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
        // No local inbox per shop (and no third free port to race for): nothing here reads e-mail.
        SMTP_URL: "smtp://127.0.0.1:2525",
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

  it("ends a signed-in visitor's kept pages on both instances at once: logout, catalogue write", async () => {
    const category = await newCategory(`Mine ${tag()}`);
    const [a, b] = await Promise.all([startShop(), startShop()]);
    const shopper = await signedIn();
    const other = await signedIn();
    const pages = ["/", `/category/${category.slug}`];
    const warm = async (cookie: string) => {
      for (const shop of [a, b]) for (const target of pages) await send(shop, { path: target, headers: { Cookie: cookie } });
      for (const shop of [a, b])
        for (const target of pages)
          expect((await send(shop, { path: target, headers: { Cookie: cookie } })).headers["x-page-cache"], target).toBe("hit");
    };

    // An admin adds a product through A's API: the shopper sees it on B (and A) at once.
    await warm(shopper.cookie);
    const admin = await signedIn(1);
    const created = await send(a, {
      method: "POST",
      path: "/api/v1/product/create-product",
      headers: { Authorization: admin.token, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        name: `Fresh lamp ${tag()}`,
        description: "A warm desk lamp",
        price: "21",
        quantity: "3",
        shipping: "1",
        category: category.id,
      }).toString(),
    });
    expect(created.status, created.body).toBe(201);
    const productName = JSON.parse(created.body).products.name as string;
    for (const shop of [b, a]) {
      const answer = await send(shop, { path: `/category/${category.slug}`, headers: { Cookie: shopper.cookie } });
      expect(answer.body).toContain(productName);
      expect(answer.body).toContain(shopper.user.name);
    }

    // The shopper logs out on A: B's next answer to that cookie is signed out; another shopper keeps theirs.
    await warm(shopper.cookie);
    await warm(other.cookie);
    const out = await send(a, { method: "POST", path: "/logout", headers: { Cookie: shopper.cookie, Origin: `http://127.0.0.1:${a}` } });
    expect(out.status).toBe(302);
    for (const shop of [b, a]) {
      for (const target of pages) {
        const answer = await send(shop, { path: target, headers: { Cookie: shopper.cookie } });
        expect(answer.headers["x-page-cache"], target).not.toBe("hit");
        expect(answer.body).not.toContain(shopper.user.name);
      }
      const theirs = await send(shop, { path: "/", headers: { Cookie: other.cookie } });
      expect(theirs.headers["x-page-cache"]).toBe("hit");
      expect(theirs.body).toContain(other.user.name);
    }
  });
});
