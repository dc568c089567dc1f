// Catalog benchmark: a realistic catalog (the demo shop plus SEED_EXTRA_PRODUCTS
// generated products) in a throw-away embedded PostgreSQL, the production
// build served by scripts/serve.js, and autocannon against the browsing pages
// and one API list. Prints requests/s and p50/p99 latency per endpoint.
//
//   node bench/catalog.js                     20,000 extra products, 10 s per endpoint
//   BENCH_PRODUCTS=5000 BENCH_SECONDS=5 BENCH_CONNECTIONS=20 node bench/catalog.js
//
// Nothing is left behind: the database, the build and the server are stopped
// and removed at the end (also on Ctrl-C).
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { adminQuery, freePort, migrate, root, seed, startEmbeddedPostgres } from "../scripts/db.js";

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 20_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);

const workDir = path.join(root, ".cache", `bench-${process.pid}`);
fs.mkdirSync(workDir, { recursive: true });
const cleanups = [];
let cleaning = false;
async function cleanup() {
  if (cleaning) return;
  cleaning = true;
  for (const fn of cleanups.reverse()) {
    try { await fn(); } catch (error) { console.error(`cleanup: ${error.message}`); }
  }
  fs.rmSync(workDir, { recursive: true, force: true });
}
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, async () => { await cleanup(); process.exit(130); });

const step = (text) => console.log(`[bench] ${text}`);
const elapsed = (start) => `${((Date.now() - start) / 1000).toFixed(1)} s`;

function run(command, args, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, stdio: ["ignore", "ignore", "inherit"], env: { ...process.env, ...env } });
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(" ")} exited with ${code}`))));
  });
}

async function waitFor(url, timeoutMs) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

function cannon(url) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration: SECONDS }, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

const started = Date.now();
try {
  // 1. Database: migrate, seed the demo shop plus the generated products, collect statistics.
  let t = Date.now();
  const server = await startEmbeddedPostgres({ dir: path.join(workDir, "pg"), persistent: false });
  cleanups.push(() => server.stop());
  await adminQuery(server.adminUrl, "CREATE DATABASE bench");
  const databaseUrl = server.urlFor("bench");
  await migrate(databaseUrl);
  await seed(databaseUrl, { SEED_EXTRA_PRODUCTS: String(PRODUCTS) });
  // A live shop's autovacuum keeps statistics fresh and folds bulk inserts into
  // the trigram indexes (GIN pending list); do the same before measuring.
  await adminQuery(databaseUrl, "VACUUM ANALYZE");
  step(`database ready in ${elapsed(t)}`);

  // 2. A production build of its own, served like `npm start`.
  t = Date.now();
  const buildDir = path.join(workDir, "build");
  const serverBuildDir = path.join(workDir, "server-build");
  await run(path.join(root, "node_modules/.bin/remix"), ["build"], { REMIX_BUILD_DIR: buildDir, NODE_ENV: "production" });
  await run(process.execPath, [path.join(root, "scripts/build-server.js")], { SERVER_BUILD_DIR: serverBuildDir });
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const app = spawn(process.execPath, [path.join(serverBuildDir, "index.js")], {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, DATABASE_URL: databaseUrl, SEED: "false", PORT: String(port), APP_URL: base, REMIX_BUILD_DIR: buildDir, NODE_ENV: "", ACCESS_LOG: "false" },
  });
  cleanups.push(
    () =>
      new Promise((resolve) => {
        if (app.exitCode !== null) return resolve();
        app.once("exit", resolve);
        app.kill("SIGTERM");
      }),
  );
  await waitFor(`${base}/healthz`, 60_000);
  step(`server up in ${elapsed(t)}`);

  // 3. Targets from the data: the biggest category, a band with a third page, a generated product.
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const { rows: [stats] } = await client.query(`SELECT count(*)::int AS products FROM "Product"`);
  const { rows: [category] } = await client.query(
    `SELECT "categoryId" AS id, count(*)::int AS n FROM "Product" WHERE "priceCents" >= 2000 AND "priceCents" < 4000
     GROUP BY "categoryId" ORDER BY n DESC LIMIT 1`,
  );
  const { rows: [product] } = await client.query(`SELECT slug FROM "Product" ORDER BY "createdAt" LIMIT 1 OFFSET 500`);
  await client.end();

  const endpoints = [
    ["home", "/"],
    ["home, category + price, page 3", `/?category=${category.id}&price=20-39&page=3`],
    ["search", "/search?keyword=lamp"],
    ["product page", `/product/${product.slug}`],
    ["API product-list page 2", "/api/v1/product/product-list/2"],
  ];
  console.log(
    `\nCatalog benchmark: ${stats.products} products, ${CONNECTIONS} connections, ${SECONDS} s per endpoint, ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? "?"})\n`,
  );
  const table = [];
  for (const [name, pathAndQuery] of endpoints) {
    const url = base + pathAndQuery;
    const check = await fetch(url);
    if (!check.ok) throw new Error(`${pathAndQuery} answered ${check.status}`);
    const bytes = (await check.arrayBuffer()).byteLength;
    const result = await cannon(url);
    const row = {
      endpoint: name,
      "req/s": Math.round(result.requests.average),
      "p50 ms": result.latency.p50,
      "p99 ms": result.latency.p99,
      "KB/resp": Math.round(bytes / 1024),
      errors: result.errors + result.timeouts + result.non2xx,
    };
    table.push(row);
    console.log(`${name.padEnd(32)} ${String(row["req/s"]).padStart(6)} req/s   p50 ${String(row["p50 ms"]).padStart(4)} ms   p99 ${String(row["p99 ms"]).padStart(4)} ms   ${row["KB/resp"]} KB   errors ${row.errors}`);
  }
  console.log("");
  console.table(table);
  step(`done in ${elapsed(started)}`);
} catch (error) {
  console.error(error instanceof Error ? error.stack : error);
  process.exitCode = 1;
} finally {
  await cleanup();
}
