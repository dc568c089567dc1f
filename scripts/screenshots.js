/* global document */
// `npm run screenshots`: every page type at 390, 768 and 1280 px, with and
// without JavaScript, as full-page PNGs in ./screenshots/ (gitignored), to be
// looked at by a person. Needs a running built shop with the seed data:
//   npm run build && EMBEDDED_PG_DIR=/tmp/shots-pg PORT=3414 node server-build/index.js
//   BASE_URL=http://localhost:3414 npm run screenshots [-- filter]
// It also prints every page that scrolls sideways (wider than the viewport).
import fs from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";

const BASE_URL = process.env.BASE_URL || "http://localhost:3414";
const OUT = path.resolve(process.env.SCREENSHOTS_DIR || "screenshots");
const filter = process.argv[2] ? new RegExp(process.argv[2]) : null;
const WIDTHS = [390, 768, 1280];
const ACCOUNTS = {
  user: { email: "user@storefront.test", password: "User123!" },
  admin: { email: "admin@storefront.test", password: "Admin123!" },
};

fs.mkdirSync(OUT, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu"],
});
const problems = [];

async function discover() {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${BASE_URL}/`);
  const productHref = await page.locator('a[href^="/product/"]').first().getAttribute("href");
  await context.close();
  return { productSlug: productHref.split("/").pop() };
}

async function signIn(context, who) {
  const page = await context.newPage();
  await page.goto(`${BASE_URL}/login`);
  await page.getByLabel("Email").fill(ACCOUNTS[who].email);
  await page.getByLabel("Password", { exact: true }).fill(ACCOUNTS[who].password);
  await page.getByRole("button", { name: "LOGIN" }).click();
  await page.waitForURL((url) => url.pathname !== "/login");
  await page.close();
}

async function shoot(page, name, width, js) {
  const file = path.join(OUT, `${name}-${width}-${js ? "js" : "nojs"}.png`);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  if (overflow > 0) problems.push(`${path.basename(file)} scrolls sideways by ${overflow}px`);
  await page.screenshot({ path: file, fullPage: true });
}

const { productSlug } = await discover();
const pages = {
  visitor: [
    ["home", "/"],
    ["home-filtered", "/?price=20-39&sort=price-asc"],
    ["product", `/product/${productSlug}`],
    // The seed's T-shirt sells in sizes and colours; S / Navy is sold out.
    ["product-variants", "/product/classic-cotton-t-shirt?Size=S&Colour=Navy"],
    ["category-variants", "/category/clothing"],
    ["categories", "/categories"],
    ["category", "/category/electronics"],
    ["search", "/search?keyword=light"],
    ["search-empty", "/search?keyword=zzzzqq"],
    ["login", "/login"],
    ["register", "/register"],
    ["forgot-password", "/forgot-password"],
    ["about", "/about"],
    ["contact", "/contact"],
    ["policy", "/policy"],
    ["not-found", "/no-such-page"],
    ["orders-lookup", "/orders/lookup"],
  ],
  user: [
    ["cart", "/cart"],
    ["user-dashboard", "/dashboard/user"],
    ["user-orders", "/dashboard/user/orders"],
    // The seed's orders are numbered from 10001 on a fresh database.
    ["user-order", "/dashboard/user/orders/10002"],
    ["user-profile", "/dashboard/user/profile"],
  ],
  admin: [
    ["admin-dashboard", "/dashboard/admin"],
    ["admin-categories", "/dashboard/admin/create-category"],
    ["admin-create-product", "/dashboard/admin/create-product"],
    ["admin-products", "/dashboard/admin/products"],
    ["admin-product", `/dashboard/admin/product/${productSlug}`],
    ["admin-variants", "/dashboard/admin/product/classic-cotton-t-shirt/variants"],
    ["admin-orders", "/dashboard/admin/orders"],
    ["admin-order", "/dashboard/admin/orders/10002"],
    ["admin-users", "/dashboard/admin/users"],
    ["admin-settings", "/dashboard/admin/settings"],
    ["admin-abandoned", "/dashboard/admin/abandoned-checkouts"],
    ["admin-returns", "/dashboard/admin/returns"],
  ],
};

for (const js of [true, false]) {
  for (const [who, list] of Object.entries(pages)) {
    const context = await browser.newContext({ javaScriptEnabled: js, viewport: { width: 1280, height: 900 } });
    if (who !== "visitor") await signIn(context, who);
    const page = await context.newPage();
    if (who === "user") {
      // Something in the cart, and the toast it shows (taken at the top of the page).
      await page.goto(`${BASE_URL}/product/${productSlug}`);
      await page
        .getByRole("button", { name: /^ADD TO CART/ })
        .first()
        .click();
      await page.getByText("Item Added to Cart").waitFor();
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: width < 500 ? 844 : 900 });
        await page.screenshot({ path: path.join(OUT, `toast-${width}-${js ? "js" : "nojs"}.png`) });
      }
    }
    if (who === "visitor" && (!filter || filter.test("guest"))) {
      // A visitor's cart and checkout: "Check out as guest" and the guest's form when the shop allows it, else the login.
      await page.goto(`${BASE_URL}/product/${productSlug}`);
      await page
        .getByRole("button", { name: /^ADD TO CART/ })
        .first()
        .click();
      await page.getByText("Item Added to Cart").waitFor();
      for (const [name, url] of [
        ["guest-cart", "/cart"],
        ["guest-checkout", "/checkout"],
      ]) {
        for (const width of WIDTHS) {
          await page.setViewportSize({ width, height: width < 500 ? 844 : 900 });
          await page.goto(`${BASE_URL}${url}`);
          await page.waitForLoadState("load");
          await shoot(page, name, width, js);
        }
      }
    }
    for (const [name, url] of list) {
      if (filter && !filter.test(name)) continue;
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: width < 500 ? 844 : 900 });
        await page.goto(`${BASE_URL}${url}`);
        await page.waitForLoadState("load");
        await shoot(page, name, width, js);
      }
    }
    // The phone menu, open.
    if (who !== "visitor" || !filter) {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(`${BASE_URL}/about`);
      await page.getByLabel("Menu").click();
      await page.screenshot({ path: path.join(OUT, `menu-${who}-390-${js ? "js" : "nojs"}.png`) });
    }
    await context.close();
  }
}
await browser.close();
console.log(`Screenshots in ${OUT}`);
if (problems.length) {
  console.log(problems.join("\n"));
  process.exitCode = 1;
}
