// What a page's photos weigh, as a real Chromium downloads them: the demo
// shop (800 px product photos) served like `npm start`, the home page and a
// product page at 390 px (a phone, 3 device pixels per CSS pixel) and at
// 1280 px (a desktop, 1), each first as the shop answered before srcset and
// AVIF (the product page's original, WebP cards), then as it answers now.
//
//   node bench/photos.js          (`npm run build` first)
import { chromium } from "@playwright/test";
import { benchRun, startBuiltServer, startShopDatabase } from "./harness.js";
import pg from "pg";

const run = benchRun("photos");
const PHOTO = /\/api\/v1\/product\/product-photo\//;

/** Bytes of every photo the page downloads, scrolled to the bottom so lazy cards load too. */
async function photoBytes(browser, url, { width, scale, before }) {
  const context = await browser.newContext({ viewport: { width, height: 844 }, deviceScaleFactor: scale });
  const page = await context.newPage();
  if (before) {
    // The shop before: the product page's <img> had the original only, cards no AVIF.
    await page.route(PHOTO, (route) => {
      const request = new URL(route.request().url());
      if (/^\d+$/.test(request.searchParams.get("size") ?? "")) request.searchParams.delete("size");
      const accept = (route.request().headers().accept ?? "").replace(/image\/avif,?/, "");
      return route.continue({ url: request.toString(), headers: { ...route.request().headers(), accept } });
    });
  }
  let bytes = 0;
  let count = 0;
  page.on("response", async (response) => {
    if (!PHOTO.test(response.url())) return;
    const body = await response.body().catch(() => null);
    if (body) {
      bytes += body.byteLength;
      count += 1;
    }
  });
  await page.goto(url, { waitUntil: "networkidle" });
  await page.mouse.wheel(0, 20_000);
  await page.waitForLoadState("networkidle");
  await page.waitForTimeout(300);
  await context.close();
  return { bytes, count };
}

try {
  const { databaseUrl } = await startShopDatabase(run, "photos");
  const base = await startBuiltServer(run, databaseUrl);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const {
    rows: [product],
  } = await client.query(`SELECT p.slug FROM "Product" p JOIN "ProductPhoto" ph ON ph."productId" = p.id ORDER BY p.name LIMIT 1`);
  await client.end();
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium", args: ["--no-sandbox"] });
  const kB = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;
  console.log("\npage | screen | photos before | photos now | saved");
  console.log("---|---|---|---|---");
  for (const [name, path] of [
    ["home", "/"],
    ["product", `/product/${product.slug}`],
  ]) {
    for (const screen of [
      { label: "390 px ×3", width: 390, scale: 3 },
      { label: "1280 px ×1", width: 1280, scale: 1 },
    ]) {
      const before = await photoBytes(browser, base + path, { ...screen, before: true });
      const now = await photoBytes(browser, base + path, screen);
      const saved = before.bytes ? `${((100 * (before.bytes - now.bytes)) / before.bytes).toFixed(0)} %` : "-";
      console.log(`${name} | ${screen.label} | ${kB(before.bytes)} (${before.count}) | ${kB(now.bytes)} (${now.count}) | ${saved}`);
    }
  }
  await browser.close();
} catch (error) {
  console.error(error instanceof Error ? error.stack : error);
  process.exitCode = 1;
} finally {
  await run.cleanup();
}
