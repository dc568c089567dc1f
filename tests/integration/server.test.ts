// The server boundary (server/app.ts) over real HTTP, in front of the real
// production build and this file's own PostgreSQL: headers on every kind of
// response, refusals the app never sees (405, 413, 403, 400), the client
// address from the socket, and per-address login limits. Different clients are
// different source addresses in 127.0.0.0/8.
import { spawn } from "node:child_process";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import zlib from "node:zlib";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  // Read once by the app's env() when the build first runs.
  process.env.RATE_LIMIT_IP_MAX = "5";
  // The production build reads settings as `npm start` on a laptop does.
  process.env.LOCAL_DEFAULTS = "1";
});

import { freePort } from "../../scripts/db.js";
import { pageScriptBytes, scriptUrls } from "../../scripts/page-scripts.js";
import { createApp } from "../../server/app";
import { PasswordHasherBusy } from "~/domain/accounts/password.server";

const buildPath = process.env.TEST_REMIX_BUILD;
if (!buildPath) throw new Error("Run with `node scripts/test.js unit`: it builds the app first (TEST_REMIX_BUILD).");

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string; raw: Buffer };

let build: ServerBuild;
const servers: http.Server[] = [];

async function serve(options: Partial<Parameters<typeof createApp>[1]> = {}) {
  const app = createApp(build, {
    trustProxy: 0,
    bodyLimitBytes: 64 * 1024,
    uploadLimitBytes: 2 * 1024 * 1024,
    requestTimeoutMs: 10_000,
    accessLog: false,
    ...options,
  });
  const server = http.createServer(app);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return (server.address() as AddressInfo).port;
}

/** One request over a fresh connection, from `from` (a loopback address standing for a client). */
function send(
  port: number,
  {
    method = "GET",
    path: target = "/",
    headers = {},
    body,
    from = "127.0.0.1",
  }: { method?: string; path?: string; headers?: Record<string, string>; body?: string | Buffer; from?: string },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: "127.0.0.1", port, method, path: target, headers: { Connection: "close", ...headers }, localAddress: from, agent: false },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk) => chunks.push(chunk));
        response.on("end", () => {
          const raw = Buffer.concat(chunks);
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: raw.toString("utf8"), raw });
        });
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

const json = (body: unknown) => ({ body: JSON.stringify(body), headers: { "Content-Type": "application/json" } });

let port: number;
beforeAll(async () => {
  build = (await import(pathToFileURL(buildPath).href)) as ServerBuild;
  port = await serve();
});

afterAll(async () => {
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
});

describe("headers", () => {
  it("sends the security headers and a request id on pages and resource routes alike", async () => {
    for (const target of ["/", "/robots.txt", "/sitemap.xml", "/api/v1/category/get-category", "/healthz", "/no-such-page"]) {
      const answer = await send(port, { path: target });
      expect(answer.headers["content-security-policy"], target).toMatch(/default-src 'self'.*script-src 'self' 'nonce-/);
      expect(answer.headers["x-frame-options"], target).toBe("DENY");
      expect(answer.headers["x-content-type-options"], target).toBe("nosniff");
      expect(answer.headers["referrer-policy"], target).toBe("strict-origin-when-cross-origin");
      expect(answer.headers["x-request-id"], target).toMatch(/^[\w-]{8,}$/);
      expect(answer.headers["x-powered-by"], target).toBeUndefined();
    }
  });

  it("gives each document a fresh nonce that its scripts carry, and never two CSP headers", async () => {
    const [first, second] = [await send(port, { path: "/" }), await send(port, { path: "/" })];
    const nonce = /'nonce-([^']+)'/.exec(String(first.headers["content-security-policy"]))?.[1];
    expect(nonce).toBeTruthy();
    expect(second.headers["content-security-policy"]).not.toContain(nonce);
    const scripts = [...first.body.matchAll(/<script\b[^>]*>/g)].map((match) => match[0]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) expect(script).toContain(`nonce="${nonce}"`);
    expect(String(first.headers["content-security-policy"]).split("default-src")).toHaveLength(2);
  });

  it("adds HSTS only for HTTPS, as said by a trusted proxy", async () => {
    expect((await send(port, { headers: { "X-Forwarded-Proto": "https" } })).headers["strict-transport-security"]).toBeUndefined();
    const behindProxy = await serve({ trustProxy: 1 });
    const https = await send(behindProxy, { headers: { "X-Forwarded-Proto": "https" } });
    expect(https.headers["strict-transport-security"]).toMatch(/max-age=31536000/);
  });
});

describe("client assets", () => {
  it("sends the build's brotli or gzip copy as the browser asks, the same script either way, cached for a year", async () => {
    const script = build.assets.routes.root.module;
    const plain = await send(port, { path: script });
    expect(plain.status).toBe(200);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers["content-type"]).toMatch(/^application\/javascript/);
    const asked = [
      { accept: "gzip, deflate, br", encoding: "br", decode: (raw: Buffer) => zlib.brotliDecompressSync(raw) },
      { accept: "gzip, deflate, br, zstd", encoding: "br", decode: (raw: Buffer) => zlib.brotliDecompressSync(raw) },
      { accept: "gzip, br;q=0", encoding: "gzip", decode: (raw: Buffer) => zlib.gunzipSync(raw) },
      { accept: "gzip", encoding: "gzip", decode: (raw: Buffer) => zlib.gunzipSync(raw) },
    ];
    for (const { accept, encoding, decode } of asked) {
      const answer = await send(port, { path: script, headers: { "Accept-Encoding": accept } });
      expect(answer.status, accept).toBe(200);
      expect(answer.headers["content-encoding"], accept).toBe(encoding);
      expect(answer.headers["content-type"], accept).toMatch(/^application\/javascript/);
      expect(answer.headers.vary, accept).toMatch(/Accept-Encoding/);
      expect(answer.headers["cache-control"], accept).toBe("public, max-age=31536000, immutable");
      expect(decode(answer.raw).equals(plain.raw), accept).toBe(true);
      // The strongest settings, made once at build time: smaller than what per-request compression sends.
      expect(answer.raw.length, accept).toBeLessThan(plain.raw.length / 2);
    }
    const head = await send(port, { method: "HEAD", path: script, headers: { "Accept-Encoding": "br" } });
    expect(head.headers["content-encoding"]).toBe("br");
    expect(head.body).toBe("");
    // A file that is not there is a 404 whatever the encoding asked.
    expect((await send(port, { path: "/build/no-such-file.js", headers: { "Accept-Encoding": "br" } })).status).toBe(404);
  });

  // 91 kB since the search box's suggestions: the root bundle carries only their loader (about 50 bytes),
  // the combobox itself is a chunk of its own fetched on the box's first focus.
  it("keeps the home page's JavaScript within its budget: at most 91 kB as gzip", async () => {
    const home = await pageScriptBytes(`http://127.0.0.1:${port}`, "/");
    expect(home.files).toBeGreaterThan(3);
    expect(home.gzip).toBeLessThanOrEqual(91_000);
    // Browsers that take brotli get less still.
    expect(home.brotli).toBeLessThan(home.gzip);
  });

  it("loads no chunk that is only an emptied server module (patches/@remix-run+dev)", async () => {
    // A route's `.server` imports become empty modules in the browser build; unpatched, each
    // one left a chunk of its own behind (`module.exports = {}`), seven on the home page.
    const html = await (await fetch(`http://127.0.0.1:${port}/`)).text();
    const urls = scriptUrls(html);
    expect(urls.length).toBeGreaterThan(3);
    for (const url of urls) {
      const body = await (await fetch(`http://127.0.0.1:${port}${url}`)).text();
      expect(body, url).not.toMatch(
        /^(?:import\{[^}]*\}from"[^"]+";)*var \w+=\w+\(\(\w+,\w+\)=>\{\w+\.exports=\{\}\}\);export\{\w+\};?\s*$/,
      );
    }
  });
});

describe("refusals before the app", () => {
  it("answers methods the shop does not serve with 405 and Allow, never 500", async () => {
    for (const method of ["TRACE", "PROPFIND", "MKCOL"]) {
      const answer = await send(port, { method, path: "/" });
      expect(answer.status, method).toBe(405);
      expect(answer.headers.allow).toContain("GET");
    }
    const api = await send(port, { method: "TRACE", path: "/api/v1/category/get-category" });
    expect(api.status).toBe(405);
    expect(JSON.parse(api.body)).toMatchObject({ success: false });
  });

  it("answers an oversized body with a clean 413 (the whole answer arrives, no reset), as HTML or API JSON", async () => {
    const big = Buffer.alloc(300 * 1024, "a");
    for (let i = 0; i < 5; i++) {
      const form = await send(port, {
        method: "POST",
        path: "/login",
        body: big,
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
      });
      expect(form.status).toBe(413);
      expect(form.body).toMatch(/too large/i);
    }
    const api = await send(port, {
      method: "POST",
      path: "/api/v1/user/login",
      body: big,
      headers: { "Content-Type": "application/json" },
    });
    expect(api.status).toBe(413);
    expect(JSON.parse(api.body)).toMatchObject({ success: false, message: expect.stringMatching(/too large/i) });
    // Uploads have their own, larger cap.
    const upload = await send(port, {
      method: "POST",
      path: "/dashboard/admin/create-product",
      body: Buffer.alloc(3 * 1024 * 1024, "a"),
      headers: { "Content-Type": "multipart/form-data; boundary=x" },
    });
    expect(upload.status).toBe(413);
  });

  it("refuses a page post from another site with 403 and leaves the API to its own rules", async () => {
    const page = await send(port, {
      method: "POST",
      path: "/login",
      body: "email=a",
      headers: { Origin: "https://evil.example", "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(page.status).toBe(403);
    const fetchMetadata = await send(port, {
      method: "POST",
      path: "/login",
      body: "email=a",
      headers: { "Sec-Fetch-Site": "cross-site", "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(fetchMetadata.status).toBe(403);
    const api = await send(port, {
      method: "POST",
      path: "/api/v1/user/login",
      ...json({ email: "x@y.test", password: "nope" }),
      headers: { Origin: "https://evil.example", "Content-Type": "application/json" },
    });
    expect(api.status).toBe(401);
  });

  it("answers a malformed address with 400 and the shop's own page", async () => {
    for (const target of ["/%E0%A4%A", "/product/%E0%A4%A", "/a%00b", "/%", "/search%09?keyword=lamp"]) {
      const answer = await send(port, { path: target });
      expect(answer.status, target).toBe(400);
      expect(answer.body, target).toContain("<title>Bad Request</title>");
      expect(answer.body, target).toContain("This address is not valid");
      expect(answer.headers["content-security-policy"]).toBeTruthy();
    }
  });
});

describe("the public origin", () => {
  const canonicalOf = (body: string) => /<link rel="canonical" href="([^"]+)"/.exec(body)?.[1];

  it("without APP_URL is the origin each request came in on: canonical links, form posts, cached pages", async () => {
    const path = "/categories";
    const atLoopback = await send(port, { path, headers: { Host: `127.0.0.1:${port}` } });
    const atName = await send(port, { path, headers: { Host: `localhost:${port}` } });
    const atNetwork = await send(port, { path, headers: { Host: `192.168.1.20:${port}` } });
    expect(canonicalOf(atLoopback.body)).toBe(`http://127.0.0.1:${port}/categories`);
    expect(canonicalOf(atName.body)).toBe(`http://localhost:${port}/categories`);
    expect(canonicalOf(atNetwork.body)).toBe(`http://192.168.1.20:${port}/categories`);
    // A second look at each is a cache hit and still names its own origin.
    expect(canonicalOf((await send(port, { path, headers: { Host: `localhost:${port}` } })).body)).toBe(
      `http://localhost:${port}/categories`,
    );
    // X-Forwarded-* count only through trusted proxies.
    const spoofed = await send(port, {
      path,
      headers: { Host: `127.0.0.1:${port}`, "X-Forwarded-Host": "evil.example", "X-Forwarded-Proto": "https" },
    });
    expect(canonicalOf(spoofed.body)).toBe(`http://127.0.0.1:${port}/categories`);
    const behindProxy = await serve({ trustProxy: 1 });
    const proxied = await send(behindProxy, {
      path,
      headers: { Host: "10.0.0.5", "X-Forwarded-Host": "shop.example", "X-Forwarded-Proto": "https" },
    });
    expect(canonicalOf(proxied.body)).toBe("https://shop.example/categories");
    // A form post is same-site when its Origin is the origin it was sent to: 127.0.0.1 and localhost are two sites.
    const post = (host: string, origin: string) =>
      send(port, {
        method: "POST",
        path: "/login",
        from: "127.0.14.1",
        body: "email=a%40b.test&password=x",
        headers: { Host: host, Origin: origin, "Content-Type": "application/x-www-form-urlencoded" },
      });
    expect((await post(`127.0.0.1:${port}`, `http://127.0.0.1:${port}`)).status).toBe(400);
    expect((await post(`127.0.0.1:${port}`, `http://localhost:${port}`)).status).toBe(403);
    expect((await post(`127.0.0.1:${port}`, `https://127.0.0.1:${port}`)).status).toBe(403);
    // A request that names no valid host has no origin to answer for.
    expect((await send(port, { path, headers: { Host: "a b" } })).status).toBe(400);
  });

  it("with APP_URL is APP_URL, and a request for another host is redirected there, path and query kept", async () => {
    const shop = await serve({ appUrl: "https://shop.example" });
    const onHost = await send(shop, { path: "/categories", headers: { Host: "shop.example" } });
    expect(onHost.status).toBe(200);
    expect(canonicalOf(onHost.body)).toBe("https://shop.example/categories");
    for (const host of [`127.0.0.1:${shop}`, "evil.example", "shop.example.evil.example"]) {
      const page = await send(shop, { path: "/search?keyword=lamp", headers: { Host: host } });
      expect(page.status, host).toBe(301);
      expect(page.headers.location, host).toBe("https://shop.example/search?keyword=lamp");
      const write = await send(shop, {
        method: "POST",
        path: "/login",
        body: "email=a",
        headers: { Host: host, "Content-Type": "application/x-www-form-urlencoded" },
      });
      expect(write.status, host).toBe(308);
      expect(write.headers.location, host).toBe("https://shop.example/login");
    }
    // An outside X-Forwarded-Host never reaches a redirect; a load balancer's health check by address is answered.
    const forwarded = await send(shop, { path: "/", headers: { Host: "shop.example", "X-Forwarded-Host": "evil.example" } });
    expect(forwarded.status).toBe(200);
    expect(forwarded.body).not.toContain("evil.example");
    expect((await send(shop, { path: "/healthz", headers: { Host: "10.0.0.7" } })).status).toBe(200);
    // Form posts from APP_URL's origin are same-site.
    const login = await send(shop, {
      method: "POST",
      path: "/login",
      from: "127.0.14.2",
      body: "email=a%40b.test&password=x",
      headers: { Host: "shop.example", Origin: "https://shop.example", "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(login.status).toBe(400);
  });
});

describe("control characters in a page's query string", () => {
  it("strips tabs and line breaks, drops a parameter holding another control character, and answers the page", async () => {
    const pages: [string, RegExp][] = [
      ["/login?redirectTo=%2F%09%2Fevil.example", /<title>Login/],
      ["/search?keyword=%09lamp", /Search results for “lamp”/],
      ["/?page=%0A2", /<html/],
      ["/search?keyword=a%00b", /<title>Search/],
      ["/?category=%1F", /<html/],
    ];
    for (const [target, content] of pages) {
      const answer = await send(port, { path: target });
      expect(answer.status, target).toBe(200);
      expect(answer.body, target).toMatch(content);
      expect(answer.body, target).not.toContain("This address is not valid");
    }
    // The login form keeps no off-site target: the stripped "//evil.example" is not a same-site path.
    const login = await send(port, { path: "/login?redirectTo=%2F%09%2Fevil.example" });
    expect(login.body).toMatch(/name="redirectTo" value="\/"/);
  });

  it("logging in from such an address lands on this site", async () => {
    const email = `tab-${Date.now()}@query.test`;
    const password = "Query-Secret-42";
    const registered = await send(port, {
      method: "POST",
      path: "/api/v1/user/register",
      from: "127.0.13.1",
      ...json({ name: "Tab", email, password, phone: "+1 555 0100", address: "1 Main St", answer: "blue" }),
    });
    expect(registered.status).toBe(201);
    // Without JavaScript the form posts to the address it was shown on, query string and all.
    const login = await send(port, {
      method: "POST",
      path: "/login?redirectTo=%2F%09%2Fevil.example",
      from: "127.0.13.1",
      body: new URLSearchParams({ redirectTo: "/", email, password }).toString(),
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: `http://127.0.0.1:${port}` },
    });
    expect(login.status).toBe(302);
    expect(login.headers.location).toBe("/");
    expect(login.headers["set-cookie"]?.join(";")).toMatch(/__session=/);
  });
});

describe("request timeout", () => {
  it("answers 503 with Retry-After when the app has not started answering in time, and keeps serving", async () => {
    // A bcrypt compare alone takes longer than this deliberately tiny limit.
    const hurried = await serve({ requestTimeoutMs: 5 });
    const answer = await send(hurried, {
      method: "POST",
      path: "/api/v1/user/login",
      from: "127.0.12.1",
      ...json({ email: "slow@timeout.test", password: "whatever" }),
    });
    expect(answer.status).toBe(503);
    expect(answer.headers["retry-after"]).toBe("5");
    expect(JSON.parse(answer.body)).toMatchObject({ success: false, message: expect.stringMatching(/too long/) });
    // The late answer from the app is dropped, not crashed on.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await send(port, { path: "/healthz" })).status).toBe(200);
  });
});

describe("client address and login limits", () => {
  const login = (email: string, password: string, from: string) =>
    send(port, { method: "POST", path: "/api/v1/user/login", from, ...json({ email, password }) });

  it("counts failures per socket address (RATE_LIMIT_IP_MAX = 5 here), and ignores a spoofed X-Forwarded-For", async () => {
    const statuses = [];
    for (let i = 0; i < 6; i++) {
      const answer = await send(port, {
        method: "POST",
        path: "/api/v1/user/login",
        from: "127.0.10.1",
        body: JSON.stringify({ email: `nobody${i}@limits.test`, password: "wrong" }),
        headers: { "Content-Type": "application/json", "X-Forwarded-For": `198.51.100.${i}` },
      });
      statuses.push(answer.status);
      if (answer.status === 429) expect(Number(answer.headers["retry-after"])).toBeGreaterThan(0);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    // The HTML form says the same, with Retry-After.
    const form = await send(port, {
      method: "POST",
      path: "/login",
      from: "127.0.10.1",
      body: "email=a%40b.test&password=x",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(form.status).toBe(429);
    expect(Number(form.headers["retry-after"])).toBeGreaterThan(0);
    // Another client is not affected.
    expect((await login("nobody@limits.test", "wrong", "127.0.10.2")).status).toBe(401);
  });

  it("cannot be used to lock an owner out: a flood from one address leaves the owner's own address open", async () => {
    const email = `owner-${Date.now()}@limits.test`;
    const password = "Owner-Secret-42";
    const registered = await send(port, {
      method: "POST",
      path: "/api/v1/user/register",
      from: "127.0.11.1",
      ...json({ name: "Owner", email, password, phone: "+1 555 0100", address: "1 Main St", answer: "blue" }),
    });
    expect(registered.status).toBe(201);
    const flood = [];
    for (let i = 0; i < 8; i++) flood.push((await login(email, "guess-" + i, "127.0.11.2")).status);
    expect(flood.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(flood.slice(5)).toEqual([429, 429, 429]);
    const owner = await login(email, password, "127.0.11.3");
    expect(owner.status).toBe(200);
    expect(JSON.parse(owner.body)).toMatchObject({ success: true, token: expect.any(String) });
  });
});

describe("password hashing", () => {
  it("refuses work beyond its bounded queue instead of piling it up", async () => {
    const { hashPassword } = await import("~/domain/accounts/password.server");
    const results = await Promise.allSettled(Array.from({ length: 300 }, (_, i) => hashPassword(`password-${i}`)));
    const busy = results.filter((result) => result.status === "rejected" && result.reason instanceof PasswordHasherBusy);
    const hashed = results.filter((result) => result.status === "fulfilled");
    expect(busy.length).toBeGreaterThan(0);
    expect(hashed.length).toBeGreaterThan(0);
    expect(busy.length + hashed.length).toBe(300);
  });
});

describe("remix-serve", () => {
  it("still serves the build as the minimal option (security headers from the app's fallback)", async () => {
    const servePort = await freePort();
    const child = spawn(process.execPath, [path.resolve("node_modules/@remix-run/serve/dist/cli.js"), buildPath], {
      env: { ...process.env, PORT: String(servePort), NODE_ENV: "production", LOCAL_DEFAULTS: "1" },
      stdio: "ignore",
    });
    try {
      let answer: Answer | undefined;
      for (let i = 0; i < 100 && !answer; i++) {
        answer = await send(servePort, { path: "/" }).catch(() => undefined);
        if (!answer) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(answer?.status).toBe(200);
      expect(answer?.body).toContain("<title>");
      expect(answer?.headers["content-security-policy"]).toMatch(/'nonce-/);
      // SIGTERM, as a container's stop sends it: the job queue and the database pool close, and the process ends.
      const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
      child.kill("SIGTERM");
      const timedOut = new Promise<"still running">((resolve) => setTimeout(() => resolve("still running"), 20_000).unref());
      expect(await Promise.race([exited, timedOut])).not.toBe("still running");
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    }
  }, 40_000);
});
