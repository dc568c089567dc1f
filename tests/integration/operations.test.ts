// What an operator runs and watches, on the built server as `npm start` runs
// it (two workers, its own PostgreSQL): Prometheus metrics added up across
// workers, on METRICS_PORT and behind METRICS_TOKEN; Server-Timing; the JSON
// access log; e-mail that survives the shop being killed; and production's
// refusal to start without SMTP_URL.
import fs from "node:fs";
import { afterAll, describe, expect, it, vi } from "vitest";
import { freePort } from "../../scripts/db.js";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@prisma/client";
import { Role } from "~/domain/accounts/user";
import { createProduct, createSessionToken, createUser } from "../fixtures/data";
import { request, shopDatabaseUrl, shopProcesses, type Shop } from "../fixtures/shop-process";
import { startSmtpCatcher } from "../fixtures/smtp";

vi.setConfig({ testTimeout: 120_000 });
const shops = shopProcesses("operations");
afterAll(() => shops.cleanUp());

/** Prometheus text format: `name{a="b",…} value` lines into samples. */
function parseMetrics(text: string) {
  const samples: { name: string; labels: Record<string, string>; value: number }[] = [];
  for (const line of text.split("\n")) {
    if (!line || line.startsWith("#")) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) throw new Error(`Not a metrics line: ${line}`);
    const labels: Record<string, string> = {};
    for (const pair of match[2]?.matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g) ?? []) labels[pair[1]] = pair[2];
    samples.push({ name: match[1], labels, value: Number(match[3]) });
  }
  return samples;
}

const sum = (samples: ReturnType<typeof parseMetrics>, name: string, labels: Record<string, string> = {}) =>
  samples
    .filter((sample) => sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value))
    .reduce((total, sample) => total + sample.value, 0);

const TOKEN = "metrics-token-for-tests-0123456789";

describe("metrics, timing and logs", () => {
  let shop: Shop;
  let metricsPort: number;

  it("serves every worker's figures added up, on METRICS_PORT and to the METRICS_TOKEN bearer only", async () => {
    metricsPort = await freePort();
    shop = await shops.start("metrics", {
      WEB_CONCURRENCY: "2",
      METRICS_TOKEN: TOKEN,
      METRICS_PORT: String(metricsPort),
      ACCESS_LOG: "true",
      LOG_FORMAT: "json",
    });
    // Fresh connections land on either worker: 20 home pages, the first rendered, the rest from the page cache.
    for (let i = 0; i < 20; i++) expect((await request(shop.port, "/")).status).toBe(200);
    expect((await request(shop.port, "/product/no-such-product")).status).toBe(404);
    // A crawler's page that the page cache cannot serve (a cart cookie) goes through the crawlers' budget.
    const crawler = { "User-Agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)", Cookie: "cart=" };
    expect((await request(shop.port, "/policy", crawler)).status).toBe(200);

    expect((await request(shop.port, "/metrics")).status).toBe(404);
    expect((await request(shop.port, "/metrics", { Authorization: "Bearer wrong-token-wrong-token-wrong" })).status).toBe(404);
    const viaToken = await request(shop.port, "/metrics", { Authorization: `Bearer ${TOKEN}` });
    expect(viaToken.status).toBe(200);
    expect(viaToken.headers["content-type"]).toMatch(/^text\/plain/);
    const viaPort = await request(metricsPort, "/metrics");
    expect(viaPort.status).toBe(200);

    for (const text of [viaToken.body, viaPort.body]) {
      const samples = parseMetrics(text);
      expect(
        sum(samples, "http_request_duration_seconds_count", { route: "routes/_index", method: "GET", status: "200" }),
      ).toBeGreaterThanOrEqual(20);
      expect(sum(samples, "http_request_duration_seconds_count", { route: "routes/product.$slug", status: "404" })).toBe(1);
      expect(sum(samples, "page_cache_requests_total", { result: "hit" })).toBeGreaterThanOrEqual(17);
      expect(sum(samples, "page_cache_requests_total", { result: "miss" })).toBeGreaterThanOrEqual(1);
      expect(sum(samples, "crawler_pages_total", { result: "served" })).toBe(1);
      expect(sum(samples, "http_request_db_seconds_count", { route: "routes/_index" })).toBeGreaterThanOrEqual(1);
      expect(samples.some((s) => s.name === "db_pool_connections" && s.labels.state === "waiting")).toBe(true);
      expect(samples.some((s) => s.name === "nodejs_eventloop_lag_seconds")).toBe(true);
      expect(sum(samples, "process_resident_memory_bytes")).toBeGreaterThan(0);
      expect(samples.some((s) => s.name === "emails_failed")).toBe(true);
      // The scheduled jobs put rows in the queue; its figures are one copy, not a sum per worker.
      expect(text).toContain("# TYPE job_queue_jobs gauge");
    }
  });

  it("puts Server-Timing on pages and API answers, with the database's share", async () => {
    const page = await request(shop.port, "/search?keyword=lamp");
    expect(page.status).toBe(200);
    const timing = String(page.headers["server-timing"]);
    expect(timing).toMatch(/^db;dur=[\d.]+, render;dur=[\d.]+, total;dur=[\d.]+$/);
    const [db, render, total] = [...timing.matchAll(/dur=([\d.]+)/g)].map((m) => Number(m[1]));
    expect(db).toBeGreaterThan(0);
    expect(db + render).toBeCloseTo(total, 0);
    const api = await request(shop.port, "/api/v1/category/get-category");
    expect(String(api.headers["server-timing"])).toMatch(/^db;dur=[\d.]+, render;dur=[\d.]+, total;dur=[\d.]+$/);
    // Every later answer that reads the database counts its own statements, not only a process's first.
    for (const keyword of ["mug", "chair", "desk", "rug"]) {
      const later = await request(shop.port, `/search?keyword=${keyword}`);
      const [laterDb] = [...String(later.headers["server-timing"]).matchAll(/dur=([\d.]+)/g)].map((m) => Number(m[1]));
      expect(laterDb, `db time of /search?keyword=${keyword}`).toBeGreaterThan(0);
    }
  });

  it("LOG_FORMAT=json writes one JSON object per request", async () => {
    const answer = await request(shop.port, "/about", { "X-Request-Id": "ignored-without-trust-proxy" });
    const logged = () =>
      shop
        .output()
        .split("\n")
        .filter((line) => line.startsWith("{"))
        .map((line) => JSON.parse(line) as Record<string, unknown>)
        .find((line) => line.path === "/about");
    await expect.poll(logged).toBeDefined();
    const entry = logged();
    expect(entry).toMatchObject({ method: "GET", path: "/about", status: 200, requestId: answer.headers["x-request-id"] });
    expect(typeof entry!.durationMs).toBe("number");
    expect(typeof entry!.time).toBe("string");
    shop.child.kill("SIGTERM");
    expect(await shop.exited).toBe(0);
  });
});

/** SIGKILL for the primary and every process under it (workers, PostgreSQL): a power cut. */
function killTree(pid: number) {
  const children = fs
    .readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        return fs.readFileSync(`/proc/${entry}/stat`, "utf8").split(") ")[1].split(" ")[1] === String(pid);
      } catch {
        return false;
      }
    })
    .map(Number);
  for (const child of children) killTree(child);
  try {
    process.kill(pid, "SIGKILL");
  } catch {
    // Already gone.
  }
}

describe("e-mail and crashes", () => {
  it("a confirmation not yet sent when the shop is killed arrives after the next start, once", async () => {
    const smtp = await startSmtpCatcher();
    await smtp.stop(); // down: the first tries fail, the e-mail waits in the queue
    const env = { SMTP_URL: smtp.url, MAIL_RETRY_DELAY_S: "1", WEB_CONCURRENCY: "1" };
    const shop = await shops.start("crash-mail", env);
    const shopDb = new PrismaClient({ adapter: new PrismaPg({ connectionString: shopDatabaseUrl(shop) }) });
    const buyer = await createUser(shopDb, { hashed: false });
    await createUser(shopDb, { hashed: false, role: Role.Admin, email: `admin-${buyer.id}@shop.test` });
    const product = await createProduct(shopDb, { priceCents: 1500, quantity: 3 });
    const token = await createSessionToken(shopDb, buyer.id);
    await shopDb.$disconnect();
    const checkout = await fetch(`http://127.0.0.1:${shop.port}/api/v1/product/payments`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: token },
      body: JSON.stringify({ products: [{ _id: product.id }] }),
    });
    const { url } = (await checkout.json()) as { url: string };
    // Pay on the stand-in: it delivers the signed webhook, and the payment is recorded with its e-mails.
    expect((await fetch(`${url}/confirm`, { method: "POST", redirect: "manual" })).status).toBe(303);
    await new Promise((resolve) => setTimeout(resolve, 3_000));

    killTree(shop.child.pid!);
    await shop.exited;
    await smtp.start();
    const again = await shops.start("crash-mail", { ...env, SMTP_URL: smtp.url });
    try {
      // Waiting for its retry, the e-mail goes within seconds of the start. Killed in the middle of a
      // try, its job stays active until it expires (120 s after that try began) and is retried at the
      // next maintenance (every 30 s): app/jobs/queue.server.ts.
      const [confirmation] = await smtp.waitFor((mail) => mail.to.includes(buyer.email), 1, 200_000);
      expect(confirmation.subject).toMatch(/^Order #\d+ confirmed/);
      await smtp.waitFor((mail) => mail.to.includes(`admin-${buyer.id}@shop.test`), 1, 200_000);
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      expect(smtp.received.filter((mail) => mail.to.includes(buyer.email))).toHaveLength(1);
    } finally {
      again.child.kill("SIGTERM");
      await again.exited;
      await smtp.stop();
    }
  }, 480_000);
});

describe("production settings", () => {
  it("a production start without SMTP_URL stops in one line naming it", async () => {
    const shop = await shops.start(
      "no-smtp",
      {
        NODE_ENV: "production",
        SESSION_SECRET: "a-long-production-session-secret",
        STRIPE_SECRET_KEY: "sk_test_not_a_real_key",
        STRIPE_WEBHOOK_SECRET: "whsec_not_a_real_secret",
        APP_URL: "https://shop.example",
      },
      { wait: false },
    );
    expect(await shop.exited).toBe(1);
    expect(shop.output()).toMatch(/Storefront could not start: SMTP_URL is required in production/);
  });
});
