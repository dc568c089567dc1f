// Lighthouse (mobile: its default emulated phone, simulated slow 4G and 4×
// CPU slowdown) against the production build serving the seeded demo shop:
// home, a product page (one with a photo) and a category page, each run
// LIGHTHOUSE_RUNS times (3 by default), the median reported. Chromium from
// CHROME_PATH (default /usr/bin/chromium), headless. `npm run build` first.
//
//   npm run lighthouse
//   LIGHTHOUSE_RUNS=1 LIGHTHOUSE_ONLY=home npm run lighthouse
//
// Nothing is left behind: the database, the server and Chromium are stopped.
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import pg from "pg";
import { benchRun, startBuiltServer, startShopDatabase } from "./harness.js";

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const ONLY = (process.env.LIGHTHOUSE_ONLY ?? "").split(",").filter(Boolean);
const CHROME_PATH = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];
const METRICS = [
  ["first-contentful-paint", "FCP"],
  ["largest-contentful-paint", "LCP"],
  ["total-blocking-time", "TBT"],
  ["cumulative-layout-shift", "CLS"],
  ["speed-index", "SI"],
];

const run = benchRun("lighthouse");

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

try {
  const { databaseUrl } = await startShopDatabase(run, "lighthouse");
  const base = await startBuiltServer(run, databaseUrl);

  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const {
    rows: [product],
  } = await client.query(
    `SELECT p.slug FROM "Product" p JOIN "ProductPhoto" ph ON ph."productId" = p.id ORDER BY p."createdAt" DESC LIMIT 1`,
  );
  const {
    rows: [category],
  } = await client.query(
    `SELECT c.slug FROM "Category" c JOIN "Product" p ON p."categoryId" = c.id GROUP BY c.id ORDER BY count(*) DESC, c.slug LIMIT 1`,
  );
  await client.end();
  const pages = [
    ["home", "/"],
    ["product", product ? `/product/${product.slug}` : null],
    ["category", category ? `/category/${category.slug}` : null],
  ].filter(([name, target]) => target && (!ONLY.length || ONLY.includes(name)));

  const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu"] });
  run.onCleanup(() => chrome.kill());

  console.log(
    `\nLighthouse ${(await import("lighthouse/package.json", { with: { type: "json" } })).default.version}, mobile (default emulation and throttling), median of ${RUNS} run(s)\n`,
  );
  const table = [];
  for (const [name, target] of pages) {
    // One warm-up load: the page cache and the browser's DNS/TCP are then as a visitor after the first finds them.
    await fetch(base + target);
    const runs = [];
    for (let i = 0; i < RUNS; i++) {
      const result = await lighthouse(base + target, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: CATEGORIES });
      runs.push(result.lhr);
    }
    const byScore = [...runs].sort((a, b) => a.categories.performance.score - b.categories.performance.score);
    const lhr = byScore[Math.floor(byScore.length / 2)];
    const row = { page: name };
    for (const id of CATEGORIES) row[id] = Math.round(100 * median(runs.map((run) => run.categories[id].score ?? 0)));
    for (const [id, label] of METRICS) row[label] = lhr.audits[id]?.displayValue ?? "?";
    table.push(row);
    console.log(`${name.padEnd(9)} ${target}`);
    console.log(`  scores: ${CATEGORIES.map((id) => `${id} ${row[id]}`).join(", ")}`);
    console.log(`  metrics (median run): ${METRICS.map(([, label]) => `${label} ${row[label]}`).join(", ")}`);
    // What Lighthouse flags: failed audits of every category, worst first.
    const flagged = Object.values(lhr.audits)
      .filter(
        (audit) =>
          audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== "informative" && audit.scoreDisplayMode !== "manual",
      )
      .sort((a, b) => a.score - b.score)
      .slice(0, 8);
    for (const audit of flagged)
      console.log(`  flagged: ${audit.id} (${Math.round(audit.score * 100)})${audit.displayValue ? `: ${audit.displayValue}` : ""}`);
  }
  console.log("");
  console.table(table);
} catch (error) {
  console.error(error instanceof Error ? error.stack : error);
  process.exitCode = 1;
} finally {
  await run.cleanup();
}
