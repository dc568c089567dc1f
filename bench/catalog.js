// Catalog benchmark at scale: a throw-away embedded PostgreSQL with the demo
// shop plus BENCH_PRODUCTS generated products (INSERT … SELECT generate_series,
// seconds for 100k), the built server (`npm run build` first), and autocannon
// against each page. Every figure is printed beside the "ceiling": a raw
// node:http server in its own process answering the very same bytes (status,
// headers, body) from memory, measured in the same run with the same client,
// so the ratio says how much of the machine's HTTP capacity the page reaches.
//
//   node bench/catalog.js                              100k products, 5 s per run, 32 connections
//   BENCH_PRODUCTS=20000 BENCH_SECONDS=3 node bench/catalog.js
//   BENCH_WEB_CONCURRENCY=2 node bench/catalog.js      two workers
//   BENCH_ONLY=home,search node bench/catalog.js       scenarios whose name contains one of these
//   BENCH_HOLD_DB=1 node bench/catalog.js              only the data: prints the database's URL for psql, until Ctrl-C
//   BENCH_WARMUP_SECONDS=0 node bench/catalog.js       no unmeasured load before each row (default 2 s)
//   BENCH_VARIANTS=1 node bench/catalog.js             a third of the generated products sold in 6–12 variants
//   BENCH_DATABASE_URL=<HOLD url> node bench/catalog.js  the held database, seeded once, for several runs
//   BENCH_ONLY=floor node bench/catalog.js             only the floors: static pages, API answers, bare Remix
//   BENCH_BARE_COMPRESSION=1 node bench/catalog.js     the bare Remix app with the compression middleware
//
// "uncached" rows send an empty cart cookie: the visitor counts as personal, so
// the page cache stands aside and the row measures the app and the database.
// Nothing is left behind: the database and both servers are stopped (also on Ctrl-C).
import { fork } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { adminQuery, freePort } from "../scripts/db.js";
import { pageScriptBytes } from "../scripts/page-scripts.js";
import { benchRun, buildBareRemix, databaseCpuMs, shopCpuMs, startBareRemix, startBuiltServer, startShopDatabase } from "./harness.js";

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
// Unmeasured load before each row (and before its ceiling), in seconds.
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);
const WORKERS = Number(process.env.BENCH_WEB_CONCURRENCY ?? 1);
const ONLY = (process.env.BENCH_ONLY ?? "").split(",").filter(Boolean);
// What a browser sends; BENCH_ACCEPT_ENCODING=identity measures uncompressed answers (and their ceiling).
const ENCODING = process.env.BENCH_ACCEPT_ENCODING ?? "gzip, deflate, br";
const VARIANTS = process.env.BENCH_VARIANTS === "1";
const BARE_COMPRESSION = process.env.BENCH_BARE_COMPRESSION === "1";
// A database another run holds (BENCH_HOLD_DB=1 prints its URL): no seeding, no EXPLAIN step.
const HELD_DATABASE_URL = process.env.BENCH_DATABASE_URL || undefined;

const run = benchRun("bench");

const step = (text) => console.log(`[bench] ${text}`);
const elapsed = (start) => `${((Date.now() - start) / 1000).toFixed(1)} s`;

/**
 * Fills the catalogue with `count` generated products in one statement
 * (shared words, no photos). The Product indexes other than its primary key
 * are dropped first and built again after, in bulk: row by row, the trigram
 * indexes (fastupdate off) make a million rows take many minutes.
 */
async function generateProducts(databaseUrl, count) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows: indexes } = await client.query(
      `SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = 'public' AND tablename = 'Product' AND indexname <> 'Product_pkey'`,
    );
    for (const { indexname } of indexes) await client.query(`DROP INDEX "${indexname}"`);
    await client.query(
      `
      INSERT INTO "Product" (id, name, slug, description, "priceCents", quantity, shipping, "categoryId", "createdAt", "updatedAt")
      SELECT 'gen' || lpad(g::text, 22, '0'),
             initcap(a.w) || ' ' || n.w || ' ' || g,
             'gen-' || g || '-' || a.w || '-' || n.w,
             'A ' || a.w || ' ' || n.w || ' for every day, item ' || g || CASE WHEN g % 5000 = 0 THEN ' (zephyr edition)' ELSE '' END || '.',
             199 + ((g::bigint * 7919) % 19800)::int,
             g % 40,
             g % 2 = 0,
             cats.ids[1 + g % array_length(cats.ids, 1)],
             now() - make_interval(secs => g),
             now()
      FROM generate_series(1, $1::int) g
      CROSS JOIN LATERAL (SELECT (ARRAY['red','oak','steel','linen','quiet','bright','small','large','soft','round','smart','classic'])[1 + g % 12] AS w) a
      CROSS JOIN LATERAL (SELECT (ARRAY['lamp','chair','mug','table','shelf','rug','clock','vase','desk','sofa','bowl','jacket','shoe','bag','pen','book','plant'])[1 + (g / 12) % 17] AS w) n
      CROSS JOIN (SELECT array_agg(id ORDER BY name) AS ids FROM "Category") cats`,
      [count],
    );
    if (VARIANTS) await generateVariants(client);
    await client.query("SET maintenance_work_mem = '256MB'");
    for (const { indexdef } of indexes) await client.query(indexdef);
  } finally {
    await client.end();
  }
}

/**
 * Every third generated product sold in 6–12 variants (Size × Colour, each
 * with its SKU, a price within a few dollars of the product's and its own
 * stock). The trigger that keeps a product's price and stock in step with
 * its variants runs once per product at the end, not once per row.
 */
async function generateVariants(client) {
  await client.query(`ALTER TABLE "ProductVariant" DISABLE TRIGGER "ProductVariant_summary"`);
  await client.query(`
    INSERT INTO "ProductVariant" (id, "productId", sku, title, options, position, "priceCents", quantity, "updatedAt")
    SELECT p.id || '-' || k, p.id, 'GEN-' || substr(p.id, 4) || '-' || k, s.size || ' / ' || c.colour,
           jsonb_build_object('Size', s.size, 'Colour', c.colour), k,
           p."priceCents" + 100 * (k % 3), (k * 7 + length(p.id)) % 25, now()
    FROM "Product" p
    CROSS JOIN LATERAL (SELECT 6 + (substr(p.id, 4)::bigint % 7)::int AS n) v
    CROSS JOIN LATERAL generate_series(0, v.n - 1) k
    CROSS JOIN LATERAL (SELECT (ARRAY['S','M','L','XL'])[1 + k / 3] AS size, (ARRAY['Red','Blue','Green'])[1 + k % 3] AS colour) s
    CROSS JOIN LATERAL (SELECT s.colour) c
    WHERE p.id LIKE 'gen%' AND substr(p.id, 4)::bigint % 3 = 0`);
  await client.query(`ALTER TABLE "ProductVariant" ENABLE TRIGGER "ProductVariant_summary"`);
  await client.query(`
    UPDATE "Product" p SET
      options = jsonb_build_array(
        jsonb_build_object('name', 'Size', 'values', (SELECT jsonb_agg(DISTINCT v.options->>'Size') FROM "ProductVariant" v WHERE v."productId" = p.id)),
        jsonb_build_object('name', 'Colour', 'values', (SELECT jsonb_agg(DISTINCT v.options->>'Colour') FROM "ProductVariant" v WHERE v."productId" = p.id))),
      quantity = s.total, "priceCents" = s.lowest, "maxPriceCents" = s.highest
    FROM (SELECT "productId", sum(quantity)::int AS total,
                 COALESCE(min("priceCents") FILTER (WHERE quantity > 0), min("priceCents")) AS lowest, max("priceCents") AS highest
          FROM "ProductVariant" GROUP BY "productId") s
    WHERE s."productId" = p.id`);
}

/** One request, the answer as sent (raw headers, undecoded body). */
function capture(url, headers = {}) {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers, agent: false }, (response) => {
      const chunks = [];
      response.on("data", (chunk) => chunks.push(chunk));
      response.on("end", () => resolve({ status: response.statusCode, rawHeaders: response.rawHeaders, body: Buffer.concat(chunks) }));
    });
    request.on("error", reject);
  });
}

/** The p-th percentile of a list of numbers (nearest rank). */
function percentile(values, p) {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/**
 * autocannon against one URL, or against a different path per request when
 * `paths` (a function giving the next one) is set. Adds `p95` (ms), which
 * autocannon's own histogram does not report, from every response's time.
 */
function cannon(url, headers, { connections = CONNECTIONS, seconds = SECONDS, paths } = {}) {
  return new Promise((resolve, reject) => {
    const times = [];
    const options = { url, connections, duration: seconds, headers };
    if (paths) options.requests = [{ setupRequest: (request) => ({ ...request, path: paths() }) }];
    const instance = autocannon(options, (error, result) => (error ? reject(error) : resolve({ ...result, p95: percentile(times, 95) })));
    instance.on("response", (_client, _status, _bytes, responseTime) => times.push(responseTime));
  });
}

/** Cycles through a list of paths, shuffled, so consecutive requests differ. */
function cycle(list) {
  const shuffled = [...list];
  for (let i = shuffled.length - 1; i > 0; i -= 1) {
    const j = Math.floor(Math.random() * (i + 1));
    [shuffled[i], shuffled[j]] = [shuffled[j], shuffled[i]];
  }
  let next = 0;
  return () => shuffled[next++ % shuffled.length];
}

/**
 * One request at a time over one keep-alive connection, taking the kinds in
 * turn (each kind cycling through its own URLs) for `seconds` (or `rounds`
 * turns): each kind's p50 and p95 (ms), measured under the same conditions
 * as the others.
 */
async function interleaved(base, headers, lists, seconds, rounds = Infinity) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const kinds = Object.entries(lists).map(([name, list]) => ({ name, next: cycle(list), times: [] }));
  const get = (url) =>
    new Promise((resolve, reject) => {
      http
        .get(url, { headers, agent }, (response) => {
          response.on("data", () => {});
          response.on("end", () => (response.statusCode === 200 ? resolve() : reject(new Error(`${url} answered ${response.statusCode}`))));
        })
        .on("error", reject);
    });
  const until = Date.now() + seconds * 1000;
  for (let round = 0; round < rounds && (rounds !== Infinity || Date.now() < until); round += 1)
    for (const kind of kinds) {
      const started = process.hrtime.bigint();
      await get(base + kind.next());
      kind.times.push(Number(process.hrtime.bigint() - started) / 1e6);
    }
  agent.destroy();
  return Object.fromEntries(
    kinds.map(({ name, times }) => [name, { p50: percentile(times, 50), p95: percentile(times, 95), count: times.length }]),
  );
}

// The ceiling: node:http in its own process, told by message which answer to replay.
const CEILING_SOURCE = `
const http = require("node:http");
let answer = { status: 200, headers: [], body: Buffer.alloc(0) };
process.on("message", (message) => {
  const skip = new Set(["date", "connection", "keep-alive", "transfer-encoding", "content-length"]);
  const headers = [];
  for (let i = 0; i < message.rawHeaders.length; i += 2) if (!skip.has(message.rawHeaders[i].toLowerCase())) headers.push([message.rawHeaders[i], message.rawHeaders[i + 1]]);
  const body = Buffer.from(message.body, "base64");
  headers.push(["Content-Length", String(body.length)]);
  answer = { status: message.status, headers, body };
  process.send("ok");
});
const server = http.createServer((req, res) => {
  res.writeHead(answer.status, answer.headers);
  res.end(req.method === "HEAD" ? undefined : answer.body);
});
server.keepAliveTimeout = 5000;
server.listen(Number(process.env.PORT), "127.0.0.1", () => process.send("listening"));
`;

async function startCeiling() {
  const file = path.join(run.workDir, "ceiling.cjs");
  fs.writeFileSync(file, CEILING_SOURCE);
  const port = await freePort();
  const child = fork(file, { env: { PORT: String(port) }, stdio: ["ignore", "ignore", "inherit", "ipc"] });
  run.onCleanup(() => child.kill("SIGKILL"));
  await new Promise((resolve) => child.once("message", resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    replay: (answer) =>
      new Promise((resolve) => {
        child.once("message", resolve);
        child.send({ status: answer.status, rawHeaders: answer.rawHeaders, body: answer.body.toString("base64") });
      }),
  };
}

/** Wrong-password logins from 32 loopback addresses until stopped. */
function loginFlood(base, { clients = 32 } = {}) {
  let stop = false;
  let sent = 0;
  const loops = Array.from({ length: clients }, async (_, i) => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1, localAddress: `127.0.0.${10 + i}` });
    const body = JSON.stringify({ email: `user@storefront.test`, password: `wrong-${i}` });
    while (!stop) {
      await new Promise((resolve) => {
        const request = http.request(
          `${base}/api/v1/user/login`,
          { method: "POST", agent, headers: { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(body) } },
          (response) => {
            response.resume();
            response.on("end", resolve);
          },
        );
        request.on("error", resolve);
        request.end(body);
      });
      sent += 1;
    }
    agent.destroy();
  });
  return async () => {
    stop = true;
    await Promise.all(loops);
    return sent;
  };
}

/** What PostgreSQL wrote (auto_explain's plans among it). */
const postgresLog = [];

/**
 * EXPLAIN ANALYZE of what each page runs, as the app runs it: auto_explain logs
 * the plan of every statement the app's connections execute while it is on.
 * Each page is asked once first, so the plans are the steady state (what every
 * further request costs; counts and categories come from their caches).
 */
async function explainPages(databaseUrl, base, pages, headers) {
  const setExplain = async (value) => {
    await adminQuery(databaseUrl, `ALTER SYSTEM SET auto_explain.log_min_duration = ${value}`);
    await adminQuery(databaseUrl, "SELECT pg_reload_conf()");
    await new Promise((r) => setTimeout(r, 300));
  };
  const report = [];
  for (const [, target] of pages) await fetch(base + target, { headers });
  await setExplain(0);
  try {
    for (const [name, target] of pages) {
      const from = postgresLog.length;
      await (await fetch(base + target, { headers })).arrayBuffer();
      await new Promise((r) => setTimeout(r, 300));
      const plans = postgresLog
        .slice(from)
        .join("")
        .split(/^.*LOG: {2}duration: /m)
        .slice(1)
        .map((plan) => plan.replace(/^\[STDERR\] /gm, "").trimEnd())
        // Not the page's: the listener's heartbeat, and the order sweeper's periodic reads (no catalogue page reads orders).
        .filter((plan) => !/Query Text: (?:SELECT 1\s*$|SELECT "public"\."Order")/m.test(plan.split("\n").slice(0, 2).join("\n")));
      report.push(`\n--- ${name}: ${target} (${plans.length} statement${plans.length === 1 ? "" : "s"})`);
      for (const plan of plans) report.push(`duration: ${plan}`);
    }
  } finally {
    await setExplain(-1);
  }
  return report.join("\n");
}

const started = Date.now();
try {
  // 1. Database: migrate, the demo shop, then the generated products; statistics as a live shop's autovacuum keeps them.
  let t = Date.now();
  // auto_explain is loaded but silent (its log_min_duration is -1 by default)
  // until the EXPLAIN step turns it on with ALTER SYSTEM (section 5); a
  // setting given here on the command line could not be changed that way.
  const databaseUrl =
    HELD_DATABASE_URL ??
    (
      await startShopDatabase(run, "bench", {
        settings: { shared_preload_libraries: "auto_explain", "auto_explain.log_analyze": "on", "auto_explain.log_buffers": "on" },
        onLog: (text) => postgresLog.push(text),
      })
    ).databaseUrl;
  if (!HELD_DATABASE_URL) {
    await generateProducts(databaseUrl, PRODUCTS);
    await adminQuery(databaseUrl, "VACUUM ANALYZE");
  }
  step(`database ready in ${elapsed(t)}`);
  if (process.env.BENCH_HOLD_DB) {
    console.log(`HOLD ${databaseUrl}`);
    await new Promise(() => {});
  }

  // 2. The production build, served like `npm start`.
  t = Date.now();
  const base = await startBuiltServer(run, databaseUrl, { workers: WORKERS });
  const ceiling = await startCeiling();
  step(`server up in ${elapsed(t)}`);

  // 3. Targets from the data.
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const {
    rows: [stats],
  } = await client.query(`SELECT count(*)::int AS products FROM "Product"`);
  const {
    rows: [category],
  } = await client.query(
    `SELECT c.id, c.slug FROM "Category" c JOIN "Product" p ON p."categoryId" = c.id GROUP BY c.id ORDER BY count(*) DESC LIMIT 1`,
  );
  const {
    rows: [product],
  } = await client.query(`SELECT slug FROM "Product" ORDER BY "createdAt" DESC LIMIT 1 OFFSET 500`);
  const {
    rows: [photo],
  } = await client.query(`SELECT "productId" AS id, etag FROM "ProductPhoto" LIMIT 1`);
  const { rows: categoryIds } = await client.query(`SELECT id FROM "Category" ORDER BY name`);
  const { rows: sampledSlugs } = await client.query(`SELECT slug FROM "Product" ORDER BY random() LIMIT 3000`);
  // A crawl reads pages it has not read before: more of them than the crawl lasts.
  const { rows: crawlSlugs } = await client.query(`SELECT slug FROM "Product" ORDER BY random() LIMIT 30000`);
  const { rows: categorySlugs } = await client.query(`SELECT slug FROM "Category" ORDER BY name`);
  await client.end();
  const login = await fetch(`${base}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: "email=user%40storefront.test&password=User123%21",
  });
  const session = (login.headers.get("set-cookie") ?? "").split(";")[0];
  if (!session.startsWith("__session=")) throw new Error(`signing in failed (${login.status})`);

  // Near the end of the catalogue, within the API's last page (MAX_PAGE in app/utils/paging.ts).
  const deepPage = Math.min(10_000, Math.max(2, Math.floor(stats.products / 12) - 10));
  const uncached = { Cookie: "cart=" };
  // A toast cookie keeps a signed-in page out of the page cache: the app renders it every time.
  const signedInUncached = { Cookie: `${session}; toast-session=` };
  const scenarios = [
    ["home, anonymous", "/"],
    ["home, signed in", "/", { Cookie: session }],
    ["home, signed in (uncached)", "/", signedInUncached],
    ["home, category + price, page 3", `/?category=${category.id}&price=20-39&page=3`],
    ["home, category + price, page 3 (uncached)", `/?category=${category.id}&price=20-39&page=3`, uncached],
    ["Load More, page 400", "/?page=400&chunk=1&_data=routes%2F_index"],
    ["Load More, page 400 (uncached)", "/?page=400&chunk=1&_data=routes%2F_index", uncached],
    ["search common (lamp)", "/search?keyword=lamp"],
    ["search common (lamp, uncached)", "/search?keyword=lamp", uncached],
    ["search rare (zephyr, uncached)", "/search?keyword=zephyr", uncached],
    // Facets (issue 46): counted in the same request as the results. Size exists with BENCH_VARIANTS=1.
    ["search with a facet (lamp, Size=M, in stock, uncached)", "/search?keyword=lamp&Size=M&inStock=1", uncached],
    ["search with a facet (lamp, price 20-39, uncached)", "/search?keyword=lamp&price=20-39", uncached],
    // What the header's search box asks as people type (a resource route, JSON).
    ["suggestion answer (lam, uncached)", "/search/suggest?keyword=lam", uncached],
    ["product page", `/product/${product.slug}`],
    ["product page (uncached)", `/product/${product.slug}`, uncached],
    ["category page", `/category/${category.slug}`],
    ["category page (uncached)", `/category/${category.slug}`, uncached],
    ["API product-list page 2 (uncached)", "/api/v1/product/product-list/2", uncached],
    [`API product-list page ${deepPage} (uncached)`, `/api/v1/product/product-list/${deepPage}`, uncached],
    ["photo (versioned thumb)", photo ? `/api/v1/product/product-photo/${photo.id}?size=thumb&v=${photo.etag}` : null],
  ].filter(([name, target]) => target && (!ONLY.length || ONLY.some((word) => name.includes(word))));

  // Every request a different URL (and personal, so the page cache stands
  // aside): what a crawler or a shopper exploring costs. Search and filter p95
  // are compared with a product page's (target: at most 5×).
  const SORT_PARAMS = ["", "&sort=price-asc", "&sort=price-desc", "&sort=name", "&sort=newest"];
  const BANDS = ["0-19", "20-39", "40-59", "60-79", "80-99", "100-9999"];
  const COMMON_WORDS = [
    "lamp",
    "chair",
    "mug",
    "table",
    "shelf",
    "rug",
    "clock",
    "vase",
    "desk",
    "sofa",
    "bowl",
    "jacket",
    "shoe",
    "bag",
  ].concat(["red", "oak", "steel", "linen", "quiet", "bright", "small", "large", "soft", "round", "smart", "classic"]);
  const ids = categoryIds.map((row) => row.id);
  const categorySets = ids.map((id) => [id]).concat(ids.flatMap((a, i) => ids.slice(i + 1).map((b) => [a, b])));
  const distinct = {
    product: sampledSlugs.map((row) => `/product/${row.slug}`),
    filter: categorySets.flatMap((set) =>
      BANDS.flatMap((band) =>
        SORT_PARAMS.slice(0, 4).flatMap((sort) =>
          [1, 2, 3].map((page) => `/?${set.map((id) => `category=${id}`).join("&")}&price=${band}${sort}&page=${page}`),
        ),
      ),
    ),
    search: COMMON_WORDS.flatMap((word) =>
      SORT_PARAMS.flatMap((sort) => [1, 2, 3].map((page) => `/search?keyword=${word}${sort}&page=${page}`)),
    ),
    // The same URLs by order: relevance (the default), price and newest, name.
    searchBy: (sorts) =>
      COMMON_WORDS.flatMap((word) => sorts.flatMap((sort) => [1, 2, 3].map((page) => `/search?keyword=${word}${sort}&page=${page}`))),
    rare: sampledSlugs.map((row) => `/search?keyword=${row.slug.split("-")[1]}`),
    // Each common word with a facet: an option's value (BENCH_VARIANTS=1), in stock, a price band.
    faceted: COMMON_WORDS.flatMap((word) =>
      ["Size=M", "Size=L&inStock=1", "Colour=Red", "price=20-39", "inStock=1"].map((facet) => `/search?keyword=${word}&${facet}`),
    ),
    // What typing each common word asks: its prefixes from two letters on.
    suggest: COMMON_WORDS.flatMap((word) =>
      Array.from({ length: word.length - 1 }, (_, i) => `/search/suggest?keyword=${word.slice(0, i + 2)}`),
    ),
    category: categorySlugs.flatMap(({ slug }) =>
      SORT_PARAMS.flatMap((sort) => Array.from({ length: 20 }, (_, i) => `/category/${slug}?page=${i + 1}${sort}`)),
    ),
    api: Array.from({ length: Math.max(2, Math.floor(stats.products / 12)) }, (_, i) => `/api/v1/product/product-list/${i + 1}`).slice(
      0,
      10_000,
    ),
  };
  const STATIC_PAGES = ["/policy", "/about", "/contact"];
  const distinctScenarios = [
    ["distinct product pages (uncached)", distinct.product],
    ["distinct filtered homes (uncached)", distinct.filter],
    ["distinct common-word searches (uncached)", distinct.search],
    ["distinct common-word searches with a facet (uncached)", distinct.faceted],
    ["distinct category pages (uncached)", distinct.category],
    ["distinct suggestion answers (uncached)", distinct.suggest],
    ["distinct API product-list pages (uncached)", distinct.api],
    ["distinct common-word searches, 1 connection", distinct.search, { connections: 1 }],
    ["distinct rare searches (item number), 1 connection", distinct.rare, { connections: 1 }],
    // The floor: pages with no data of their own (the root loader, the layout,
    // static text) cost this much in Remix, React, HTTP and compression alone;
    // no page can be cheaper, whatever its own data and markup cost.
    ["distinct static pages, the floor (uncached)", STATIC_PAGES],
    // The framework's own floor (issue 38): a bare Remix app (bench/bare-remix,
    // one route of static text about the size of /about, vanilla Express, one
    // process) with the same client and headers. It does not compress, so the
    // next two rows ask both apps for uncompressed answers: issue 38's target
    // (the shop's static page within 1.5× of the bare app's cost) is read there.
    ["bare Remix app, one static route (the framework floor)", ["/"], { bare: true }],
    ["distinct static pages, uncompressed, the floor (uncached)", STATIC_PAGES, { encoding: "identity" }],
    ["bare Remix app, uncompressed (the framework floor)", ["/"], { bare: true, encoding: "identity" }],
    // The same for the API: answers from memory (the catalogue's caches), no statement.
    ["distinct API answers from memory, the floor (uncached)", ["/api/v1/product/product-count", "/api/v1/category/get-category"]],
  ]
    .filter(([name]) => !ONLY.length || ONLY.some((word) => name.includes(word)))
    // Asked uncompressed anyway (BENCH_ACCEPT_ENCODING=identity), the rows above are already the like-for-like ones.
    .filter(([, , options = {}]) => !(options.encoding && options.encoding === ENCODING));
  // The bare Remix app is built (into this run's folder) and started only for its rows.
  let bare = null;
  if (distinctScenarios.some(([, , options = {}]) => options.bare)) {
    t = Date.now();
    bare = await startBareRemix(run, await buildBareRemix(run), { compression: BARE_COMPRESSION });
    step(`bare Remix app built and up in ${elapsed(t)}${BARE_COMPRESSION ? " (with compression)" : ""}`);
  }

  console.log(
    `\nCatalog benchmark: ${stats.products} products, ${CONNECTIONS} connections, ${SECONDS} s per run, ${WORKERS} worker(s), ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? "?"})\n`,
  );
  const table = [];
  // Each row's CPU per answer (ms) and req/s, unrounded, for the ratios printed after the rows.
  const figures = {};
  /**
   * One row: the app under load (one URL, or `paths` cycling through many),
   * then the ceiling replaying the first URL's answer with the same client.
   * `server`: another app's base URL (the bare Remix app) instead of the shop's.
   */
  async function measure(name, target, headers, { paths, connections, server = base } = {}) {
    const answer = await capture(server + target, headers);
    if (answer.status !== 200) throw new Error(`${target} answered ${answer.status}`);
    // The same load first, unmeasured (continuing the same cycle of URLs):
    // the row then measures a server whose code is compiled and whose pool is
    // full, as after a shop's first minute, not the first row's JIT warm-up.
    if (WARMUP_SECONDS > 0) await cannon(server + target, headers, { paths, connections, seconds: WARMUP_SECONDS });
    const cpuBefore = shopCpuMs(server);
    const dbCpuBefore = databaseCpuMs();
    const result = await cannon(server + target, headers, { paths, connections });
    const cpuMs = cpuBefore === null ? null : shopCpuMs(server) - cpuBefore;
    const dbCpuMs = dbCpuBefore === null ? null : databaseCpuMs() - dbCpuBefore;
    await ceiling.replay(answer);
    if (WARMUP_SECONDS > 0) await cannon(ceiling.url + target, headers, { connections, seconds: WARMUP_SECONDS });
    const top = await cannon(ceiling.url + target, headers, { connections });
    const row = {
      scenario: name,
      "req/s": Math.round(result.requests.average),
      "p50 ms": result.latency.p50,
      "p95 ms": Math.round(result.p95),
      "p99 ms": result.latency.p99,
      // The shop's CPU per answer (its processes, not PostgreSQL's).
      "CPU ms/req": cpuMs === null ? "?" : (cpuMs / Math.max(1, result.requests.total)).toFixed(2),
      // PostgreSQL's, on the same cores.
      "DB CPU ms/req": dbCpuMs === null ? "?" : (dbCpuMs / Math.max(1, result.requests.total)).toFixed(2),
      "ceiling req/s": Math.round(top.requests.average),
      "of ceiling": `${((100 * result.requests.average) / top.requests.average).toFixed(1)} %`,
      "KB sent": (answer.body.length / 1024).toFixed(1),
      errors: result.errors + result.timeouts + result.non2xx,
    };
    table.push(row);
    figures[name] = { cpuMs: cpuMs === null ? null : cpuMs / Math.max(1, result.requests.total), reqPerSec: result.requests.average };
    console.log(
      `${name.padEnd(58)} ${String(row["req/s"]).padStart(6)} req/s  p50 ${String(row["p50 ms"]).padStart(4)} ms  p95 ${String(row["p95 ms"]).padStart(4)} ms  p99 ${String(row["p99 ms"]).padStart(4)} ms  CPU ${row["CPU ms/req"]} ms/req  DB ${row["DB CPU ms/req"]} ms/req   ceiling ${String(row["ceiling req/s"]).padStart(6)} req/s = ${row["of ceiling"].padStart(7)}   ${row["KB sent"]} KB  errors ${row.errors}`,
    );
    return row;
  }

  for (const [name, target, extra = {}] of scenarios) await measure(name, target, { "Accept-Encoding": ENCODING, ...extra });
  const p95 = {};
  for (const [name, list, { bare: isBare, encoding = ENCODING, ...options } = {}] of distinctScenarios) {
    const server = isBare ? bare : base;
    const row = await measure(name, list[0], { "Accept-Encoding": encoding, ...uncached }, { ...options, server, paths: cycle(list) });
    p95[name] = row["p95 ms"];
  }
  // Issue 38's target: the shop's static page within 1.5× of the bare Remix app's cost, both
  // uncompressed (or both as asked, when BENCH_ACCEPT_ENCODING=identity). "req/s N× fewer": the bare app's ÷ the shop's.
  const identityAnyway = ENCODING === "identity";
  const shopStatic =
    figures[identityAnyway ? "distinct static pages, the floor (uncached)" : "distinct static pages, uncompressed, the floor (uncached)"];
  const bareStatic =
    figures[
      identityAnyway ? "bare Remix app, one static route (the framework floor)" : "bare Remix app, uncompressed (the framework floor)"
    ];
  if (shopStatic && bareStatic) {
    const cpu = shopStatic.cpuMs !== null && bareStatic.cpuMs ? `${(shopStatic.cpuMs / bareStatic.cpuMs).toFixed(2)}×` : "?";
    const fewer = `${(bareStatic.reqPerSec / shopStatic.reqPerSec).toFixed(2)}×`;
    console.log(`shop static page / bare Remix, both uncompressed: CPU per answer ${cpu} (req/s ${fewer} fewer); target ≤ 1.5×`);
    table.push({
      scenario: "shop static page / bare Remix, uncompressed",
      "req/s": `${fewer} fewer`,
      "CPU ms/req": cpu,
      "of ceiling": "target ≤ 1.5×",
    });
  }
  // Issue 46's targets: a common-word search at no less than a category page's share of its
  // ceiling, and a suggestion answer at 10 % or more of its ceiling.
  const share = (name) => table.find((row) => row.scenario === name)?.["of ceiling"];
  for (const [search, category] of [
    ["search common (lamp, uncached)", "category page (uncached)"],
    ["distinct common-word searches (uncached)", "distinct category pages (uncached)"],
    ["distinct common-word searches with a facet (uncached)", "distinct category pages (uncached)"],
  ])
    if (share(search) && share(category))
      console.log(`${search}: ${share(search)} of its ceiling; ${category}: ${share(category)} (target: no less)`);
  for (const name of ["suggestion answer (lam, uncached)", "distinct suggestion answers (uncached)"])
    if (share(name)) console.log(`${name}: ${share(name)} of its ceiling (target ≥ 10 %)`);
  // The same targets head to head. A row's ceiling is measured after the row, and on this shared
  // machine one run's ceilings moved between 11,800 and 21,500 req/s for answers of one size: more
  // than the pages differ. Here the pages and their ceilings take turns in slices of 2 s, so a busy
  // moment falls on all of them alike; each share is the page's answers over its ceiling's.
  if (!ONLY.length || ONLY.some((word) => "head to head".includes(word))) {
    const kinds = [
      ["search common (lamp, uncached)", "/search?keyword=lamp"],
      ["category page (uncached)", `/category/${category.slug}`],
      ["suggestion answer (lam, uncached)", "/search/suggest?keyword=lam"],
    ];
    const headers = { "Accept-Encoding": ENCODING, ...uncached };
    const ROUNDS = 6;
    const answers = [];
    for (const [, target] of kinds) {
      answers.push(await capture(base + target, headers));
      if (WARMUP_SECONDS > 0) await cannon(base + target, headers, { seconds: 2 * WARMUP_SECONDS });
    }
    const totals = kinds.map(() => ({ shop: 0, ceiling: 0 }));
    // Every kind warmed before any is measured, and the order reversed every other round, so neither
    // the server's warm-up nor a drift of the machine favours the kind measured first.
    for (let round = 0; round < ROUNDS; round += 1)
      for (const i of round % 2 ? [...kinds.keys()].reverse() : kinds.keys()) {
        const [, target] = kinds[i];
        totals[i].shop += (await cannon(base + target, headers, { seconds: 2 })).requests.total;
        await ceiling.replay(answers[i]);
        totals[i].ceiling += (await cannon(ceiling.url + target, headers, { seconds: 2 })).requests.total;
      }
    const shares = totals.map(({ shop, ceiling: top }) => (100 * shop) / Math.max(1, top));
    console.log(`\nhead to head, ${ROUNDS} rounds of 2 s each, taking turns:`);
    kinds.forEach(([name], i) =>
      console.log(
        `${name.padEnd(40)} ${String(Math.round(totals[i].shop / (2 * ROUNDS))).padStart(6)} req/s  ceiling ${String(Math.round(totals[i].ceiling / (2 * ROUNDS))).padStart(6)} req/s = ${shares[i].toFixed(1).padStart(5)} %`,
      ),
    );
    console.log(
      `search / category page share: ${(shares[0] / shares[1]).toFixed(2)} (target ≥ 1); suggestion ${shares[2].toFixed(1)} % (target ≥ 10 %)`,
    );
    table.push(
      ...kinds.map(([name], i) => ({
        scenario: `head to head: ${name}`,
        "req/s": Math.round(totals[i].shop / (2 * ROUNDS)),
        "ceiling req/s": Math.round(totals[i].ceiling / (2 * ROUNDS)),
        "of ceiling": `${shares[i].toFixed(1)} %`,
      })),
    );
  }
  const productP95 = p95["distinct product pages (uncached)"];
  for (const name of ["distinct filtered homes (uncached)", "distinct common-word searches (uncached)"])
    if (productP95 && p95[name]) console.log(`p95 ${name} / product pages: ${(p95[name] / productP95).toFixed(2)}x (target ≤ 5x)`);

  // 3b. Server time, one request at a time, the kinds taking turns so that a
  // busy or quiet moment of this shared machine falls on all of them alike:
  // search p95 beside a product page's (no cache: personal, distinct URLs).
  if (!ONLY.length || ONLY.some((word) => "interleaved search".includes(word))) {
    const kinds = {
      "product pages": distinct.product,
      "common-word searches by relevance (default)": distinct.searchBy([""]),
      "common-word searches by price or newest": distinct.searchBy(SORT_PARAMS.filter((sort) => /price|newest/.test(sort))),
      "common-word searches by name": distinct.searchBy(["&sort=name"]),
      "rare searches (item number)": distinct.rare,
    };
    // A live shop has seen its common words before: their match counts are
    // kept until the catalogue changes. The first search of each word after
    // a change counts its matches; that cost is measured here, apart, after
    // a change (a no-op rename, which the Product trigger reports like an
    // admin's edit) has emptied the counts the rows above filled.
    await adminQuery(databaseUrl, `UPDATE "Product" SET name = name WHERE id = (SELECT min(id) FROM "Product")`);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const first = await interleaved(
      base,
      { "Accept-Encoding": ENCODING, ...uncached },
      { first: COMMON_WORDS.map((word) => `/search?keyword=${word}`) },
      0,
      COMMON_WORDS.length,
    );
    console.log(
      `\nFirst search of each of ${COMMON_WORDS.length} common words (counting its matches): p50 ${first.first.p50.toFixed(1)} ms, p95 ${first.first.p95.toFixed(1)} ms`,
    );
    const times = await interleaved(base, { "Accept-Encoding": ENCODING, ...uncached }, kinds, SECONDS * 4);
    const productP95 = times["product pages"].p95;
    console.log(`\nOne connection, kinds in turn, ${SECONDS * 4} s (server time plus a loopback round trip):`);
    for (const [name, { p50, p95, count }] of Object.entries(times)) {
      const ratio = (p95 / productP95).toFixed(2);
      console.log(
        `  ${name.padEnd(46)} ${String(count).padStart(5)} requests  p50 ${p50.toFixed(1).padStart(6)} ms  p95 ${p95.toFixed(1).padStart(6)} ms = ${ratio}x a product page's p95`,
      );
      table.push({
        scenario: `1 connection, in turn: ${name}`,
        "p50 ms": p50.toFixed(1),
        "p95 ms": p95.toFixed(1),
        "of ceiling": `${ratio}x product`,
      });
    }
  }

  // 4. A flood of wrong passwords from 32 addresses must not slow the shop's pages much.
  if (!ONLY.length || ONLY.some((word) => "login flood".includes(word))) {
    // The rendered page (not its kept copy): the flood competes with the app for the event loop.
    const quietHome = await cannon(`${base}/`, { "Accept-Encoding": ENCODING, ...signedInUncached }, { connections: 8 });
    const stopFlood = loginFlood(base);
    await new Promise((r) => setTimeout(r, 500));
    const floodedHome = await cannon(`${base}/`, { "Accept-Encoding": ENCODING, ...signedInUncached }, { connections: 8 });
    const logins = await stopFlood();
    const ratio = floodedHome.latency.p50 / Math.max(quietHome.latency.p50, 1);
    console.log(
      `\nlogin flood (signed-in home, uncached, 8 connections): p50 quiet ${quietHome.latency.p50} ms, under ${Math.round(logins / SECONDS)} wrong logins/s from 32 addresses ${floodedHome.latency.p50} ms = ${ratio.toFixed(2)}x`,
    );
    table.push({
      scenario: "login flood: home p50 quiet → flooded",
      "p50 ms": `${quietHome.latency.p50} → ${floodedHome.latency.p50}`,
      "of ceiling": `${ratio.toFixed(2)}x`,
    });
  }
  // 4b. A crawler beside a shopper: the shopper's product pages (4 connections, personal, distinct)
  // alone, then while a crawler (Googlebot's user agent, no cookie, pages it has not read before)
  // reads product pages at 8 connections. Target: the shopper's p95 at most 2x the quiet one.
  if (!ONLY.length || ONLY.some((word) => "crawler beside a shopper".includes(word))) {
    const shopper = () =>
      cannon(
        `${base}${distinct.product[0]}`,
        { "Accept-Encoding": ENCODING, ...uncached },
        { connections: 4, paths: cycle(distinct.product) },
      );
    const quiet = await shopper();
    const crawlerHeaders = {
      "Accept-Encoding": ENCODING,
      "User-Agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
    };
    const crawlPaths = cycle(crawlSlugs.map((row) => `/product/${row.slug}`));
    const crawling = cannon(`${base}/product/${crawlSlugs[0].slug}`, crawlerHeaders, {
      connections: 8,
      seconds: SECONDS + 2,
      paths: crawlPaths,
    });
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const busy = await shopper();
    const crawl = await crawling;
    const ratio = busy.p95 / Math.max(quiet.p95, 1);
    const crawled = crawl["2xx"] / (SECONDS + 2);
    const deferred = crawl.non2xx / (SECONDS + 2);
    console.log(
      `\ncrawler beside a shopper: shopper's product pages p95 quiet ${Math.round(quiet.p95)} ms (${Math.round(quiet.requests.average)} req/s), during the crawl ${Math.round(busy.p95)} ms (${Math.round(busy.requests.average)} req/s) = ${ratio.toFixed(2)}x (target ≤ 2x); the crawl read ${Math.round(crawled)} pages/s (${Math.round(deferred)}/s told 503 Retry-After)`,
    );
    table.push({
      scenario: "crawler beside a shopper: shopper p95 quiet → crawled",
      "req/s": `${Math.round(crawled)} crawled/s`,
      "p95 ms": `${Math.round(quiet.p95)} → ${Math.round(busy.p95)}`,
      "of ceiling": `${ratio.toFixed(2)}x`,
    });
  }

  // 5. What the pages weigh in JavaScript, as sent (target for `/`: at most 90 kB gzip).
  for (const [name, target] of [
    ["home", "/"],
    ["product", `/product/${product.slug}`],
    ["search", "/search?keyword=lamp"],
  ]) {
    const js = await pageScriptBytes(base, target);
    const kB = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;
    console.log(
      `JavaScript for ${name} (${target}): ${js.files} files, ${kB(js.gzip)} gzip, ${kB(js.brotli)} brotli, ${kB(js.raw)} uncompressed`,
    );
  }

  // 6. EXPLAIN ANALYZE of the hot pages' statements.
  // The held database's log goes to the process that holds it: no plans here.
  if ((!ONLY.length || ONLY.includes("explain")) && !HELD_DATABASE_URL) {
    const hot = [
      ["home", "/"],
      ["filtered home, page 3", `/?category=${category.id}&price=20-39&page=3`],
      ["Load More, page 400", "/?page=400&chunk=1&_data=routes%2F_index"],
      ["category", `/category/${category.slug}`],
      ["category, page 12 by price", `/category/${category.slug}?page=12&sort=price-asc`],
      ["category, page 20 by name", `/category/${category.slug}?page=20&sort=name`],
      ["search, common word", "/search?keyword=lamp"],
      ["search, common word by price, page 3", "/search?keyword=lamp&sort=price-asc&page=3"],
      ["search, rare word", "/search?keyword=zephyr"],
      ["search, common word, Size=M in stock", "/search?keyword=lamp&Size=M&inStock=1"],
      ["suggestion", "/search/suggest?keyword=lam"],
      ["product", `/product/${product.slug}`],
      ["API list, deep page", `/api/v1/product/product-list/${deepPage}`],
    ];
    console.log(`\nEXPLAIN ANALYZE (auto_explain) of each hot page's statements, steady state:`);
    console.log(await explainPages(databaseUrl, base, hot, { "Accept-Encoding": ENCODING, ...uncached }));
  }
  console.log("");
  console.table(table);
  step(`done in ${elapsed(started)}`);
} catch (error) {
  console.error(error instanceof Error ? error.stack : error);
  process.exitCode = 1;
} finally {
  await run.cleanup();
}
