// Browsing journeys, with and without JavaScript: the home listing with
// filters and Load More, search, product and category pages, 404s, photos,
// and what crawlers read. Every test builds its own catalog rows (unique
// names) and compares the screens with the database.
import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import {
  createCategory as buildCategory,
  createProduct as buildProduct,
  e2eDb,
  expect,
  hasJs,
  test,
  testDb,
  unique,
} from "../fixtures/e2e";

type Row = { id: string; name: string; slug: string };

/** A category of this test's own (a unique name). */
function createCategory(prefix = "Cat"): Promise<Row> {
  return buildCategory(`${prefix} ${unique("c")}`);
}

/** A product of this test's own, in stock and shipping, created `minutesAgo` (for the listing order). */
function createProduct(
  categoryId: string,
  { name = `Thing ${unique("p")}`, description = "A product made for the end-to-end tests.", priceCents = 1234, minutesAgo = 0 } = {},
): Promise<Row & { priceCents: number }> {
  return buildProduct({
    name,
    description,
    priceCents,
    quantity: 10,
    shipping: true,
    categoryId,
    createdAt: new Date(Date.now() - minutesAgo * 60_000),
  });
}

/** Gives a product the seeded "Aurora 14 Laptop" photo (copied, so seeded rows stay untouched). */
async function copySeedPhoto(productId: string) {
  const seeded = await testDb().productPhoto.findFirstOrThrow({ where: { product: { slug: "aurora-14-laptop" } } });
  await testDb().productPhoto.create({ data: { ...seeded, productId, updatedAt: undefined } });
}

const cardNames = (page: Page) => page.getByRole("article").locator("h3").allTextContents();

test.describe("home listing", () => {
  test("lists products as cards beside the category and price filters", async ({ page }) => {
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { name: "All Products", level: 1 })).toBeVisible();
    await expect(page.getByRole("group", { name: "Filter By Category" }).getByRole("checkbox", { name: "Electronics" })).toBeVisible();
    const prices = page.getByRole("group", { name: "Filter By Price" }).getByRole("radio");
    await expect(prices).toHaveCount(6);
    for (const label of ["0 to 19", "20 to 39", "40 to 59", "60 to 79", "80 to 99", "$100 or more"]) {
      await expect(page.getByRole("radio", { name: label, exact: true })).toBeVisible();
    }
    await expect(page.getByRole("link", { name: "RESET FILTERS" })).toHaveAttribute("href", "/");
    await expect(page.getByLabel("Sort", { exact: true })).toHaveValue("newest");

    // Other tests add products (some sold out) while this runs: any card of a product in stock will do.
    const card = page
      .getByRole("article")
      .filter({ has: page.getByRole("button", { name: /ADD TO CART/ }) })
      .first();
    await expect(card.getByRole("link", { name: "More Details" })).toHaveAttribute("href", /^\/product\//);
    await expect(card.getByRole("button", { name: /ADD TO CART/ })).toBeVisible();
    await expect(card).toContainText("$");
    // The preview: 30 characters and '...' for a description that was cut.
    const category = await createCategory("Preview");
    await createProduct(category.id, { description: "A description that is much longer than thirty characters." });
    await page.goto(`/?category=${category.id}`);
    await expect(page.getByRole("article").first()).toContainText("A description that is much lon...");
  });

  test("cards show the small photo with its size and alt text, lazily below the first row", async ({ page }) => {
    const category = await createCategory("Photos");
    for (let i = 0; i < 6; i++) await copySeedPhoto((await createProduct(category.id, { minutesAgo: i })).id);
    await page.goto(`/?category=${category.id}`);
    const images = page.getByRole("article").locator("img");
    await expect(images).toHaveCount(6);
    const first = images.first();
    await expect(first).toHaveAttribute("src", /^\/api\/v1\/product\/product-photo\/\w+\?size=thumb&v=[\w-]+$/);
    await expect(first).toHaveAttribute("width", "400");
    await expect(first).toHaveAttribute("height", "400");
    await expect(first).toHaveAttribute("alt", /^Thing /);
    await expect(first).toHaveAttribute("loading", "eager");
    await expect(images.last()).toHaveAttribute("loading", "lazy");
    const photo = await page.request.get((await first.getAttribute("src"))!);
    expect(photo.status()).toBe(200);
    expect(photo.headers()["content-type"]).toBe("image/webp");
  });

  test("a category and a price band narrow the list to exactly the matching products", async ({ page }) => {
    const js = hasJs(test.info());
    const category = await createCategory("Filter");
    // Band edges: $19.50 and $19.99 belong to "0 to 19", $20.00 to "20 to 39".
    for (const priceCents of [0, 1950, 1999, 2000, 3999, 10_000])
      await createProduct(category.id, { priceCents, name: `Edge ${priceCents} ${unique("p")}` });

    await page.goto("/");
    await page.getByRole("checkbox", { name: category.name, exact: true }).check();
    if (js) await page.waitForURL((url) => url.searchParams.getAll("category").includes(category.id));
    await page.getByRole("radio", { name: "0 to 19", exact: true }).check();
    if (!js) await page.getByRole("button", { name: "Apply" }).click();
    await page.waitForURL((url) => url.searchParams.get("price") === "0-19" && url.searchParams.getAll("category").includes(category.id));

    const { rows } = await e2eDb().query<{ name: string }>(
      `SELECT name FROM "Product" WHERE "categoryId" = $1 AND "priceCents" >= 0 AND "priceCents" < 2000 ORDER BY name`,
      [category.id],
    );
    expect(rows).toHaveLength(3);
    await expect(page.getByRole("article")).toHaveCount(3);
    expect((await cardNames(page)).sort()).toEqual(rows.map((r) => r.name).sort());
    await expect(page.getByRole("checkbox", { name: category.name, exact: true })).toBeChecked();
    await expect(page.getByRole("radio", { name: "0 to 19", exact: true })).toBeChecked();

    await page.getByRole("radio", { name: "$100 or more", exact: true }).check();
    if (!js) await page.getByRole("button", { name: "Apply" }).click();
    await page.waitForURL((url) => url.searchParams.get("price") === "100-9999");
    await expect(page.getByRole("article")).toHaveCount(1);
    await expect(page.getByRole("article")).toContainText("$100.00");

    await page.getByRole("link", { name: "RESET FILTERS" }).click();
    await page.waitForURL((url) => url.pathname === "/" && url.search === "");
    await expect(page.getByRole("checkbox", { name: category.name, exact: true })).not.toBeChecked();
  });

  test("Load More reaches every matching product exactly once", async ({ page }) => {
    const js = hasJs(test.info());
    const category = await createCategory("Paging");
    const created: string[] = [];
    for (let i = 0; i < 30; i++)
      created.push((await createProduct(category.id, { name: `Paged ${String(i).padStart(2, "0")} ${unique("p")}`, minutesAgo: i })).name);

    await page.goto(`/?category=${category.id}`);
    if (js) await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
    const loadMore = page.getByRole(js ? "button" : "link", { name: "Load More" });
    for (let shown = 12; shown < 30; shown += 12) {
      await expect(page.getByRole("article")).toHaveCount(shown);
      await loadMore.click();
    }
    await expect(page.getByRole("article")).toHaveCount(30);
    await expect(page.getByText("Showing 30 of 30 products")).toBeVisible();
    await expect(page.getByRole("button", { name: "Load More" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Load More" })).toHaveCount(0);

    const names = await cardNames(page);
    expect(new Set(names).size).toBe(names.length);
    const { rows } = await e2eDb().query<{ name: string }>(`SELECT name FROM "Product" WHERE "categoryId" = $1`, [category.id]);
    expect(names.sort()).toEqual(rows.map((r) => r.name).sort());
    // Newest first: the most recently created product leads.
    expect((await cardNames(page))[0]).toBe(created[0]);
    await expect(page).toHaveURL(/page=3/);
    if (js) expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
  });

  test("sorting by price lives in the URL", async ({ page }) => {
    const js = hasJs(test.info());
    const category = await createCategory("Ordering");
    for (const priceCents of [500, 9900, 2500]) await createProduct(category.id, { priceCents });
    await page.goto(`/?category=${category.id}`);
    await page.getByLabel("Sort", { exact: true }).selectOption("price-desc");
    if (!js) await page.getByRole("button", { name: "Apply" }).click();
    await page.waitForURL((url) => url.searchParams.get("sort") === "price-desc");
    await expect(page.getByRole("article").first()).toContainText("$99.00");
    await expect(page.getByRole("article").last()).toContainText("$5.00");
  });

  test("odd query values are ignored, never an error", async ({ page }) => {
    for (const path of [
      "/?page=-1&price=foo&category=zzz&sort=%27%3B--",
      "/?page=abc",
      `/?category=${"c".repeat(25)}`,
      "/?page=99999999",
    ]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      await expect(page.getByRole("heading", { name: "All Products" })).toBeVisible();
      await expect(page.getByRole("article").first()).toBeVisible();
    }
  });
});

test.describe("search", () => {
  test("finds a product by a word from its name and from its description", async ({ page }) => {
    const tag = randomBytes(4).toString("hex");
    const category = await createCategory("Search");
    const product = await createProduct(category.id, {
      name: `Quokka${tag} Lamp`,
      description: `Carved from wombatine${tag} wood by hand.`,
    });

    await page.goto("/");
    await page.getByPlaceholder("Search").fill(`QUOKKA${tag}`);
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/search");
    await expect(page.getByRole("heading", { name: "Search Results" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Found 1" })).toBeVisible();
    await expect(page.getByRole("article")).toHaveCount(1);
    await expect(page.getByRole("article").getByRole("heading", { name: product.name })).toBeVisible();

    await page.getByPlaceholder("Search").fill(`wombatine${tag}`);
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get("keyword") === `wombatine${tag}`);
    await expect(page.getByRole("heading", { name: "Found 1" })).toBeVisible();
    await expect(page.getByRole("article").getByRole("link", { name: "More Details" })).toHaveAttribute("href", `/product/${product.slug}`);

    await page.getByPlaceholder("Search").fill(`nothing-like-${tag}`);
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get("keyword") === `nothing-like-${tag}`);
    await expect(page.getByRole("heading", { name: "No Products Found" })).toBeVisible();
    await expect(page.getByRole("article")).toHaveCount(0);
  });

  test("odd and enormous keywords are searched literally, never an error", async ({ page }) => {
    for (const keyword of ["%", "_", "'", "\\", "(", ".*", "", "x".repeat(10_000)]) {
      const response = await page.goto(`/search?keyword=${encodeURIComponent(keyword)}`);
      expect(response?.status(), keyword.slice(0, 10)).toBe(200);
      await expect(page.getByRole("heading", { name: "Search Results" })).toBeVisible();
    }
    await expect(page.getByRole("heading", { name: "No Products Found" })).toBeVisible();
  });
});

test.describe("product and category pages", () => {
  test("a product page shows its details, similar products, and data for crawlers", async ({ page }) => {
    const category = await createCategory("Detail");
    const product = await createProduct(category.id, { priceCents: 1950, description: "A sturdy little thing with a long description." });
    const sibling = await createProduct(category.id, { priceCents: 2500 });

    const response = await page.goto(`/product/${product.slug}`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { name: product.name, level: 1 })).toBeVisible();
    await expect(page.getByText("A sturdy little thing with a long description.")).toBeVisible();
    await expect(page.getByText("$19.50")).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: category.name }).first()).toHaveAttribute(
      "href",
      `/category/${category.slug}`,
    );
    await expect(page.getByRole("button", { name: `ADD TO CART: ${product.name}` })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Similar Products" })).toBeVisible();
    const similar = page.getByRole("region", { name: "Similar Products" }).getByRole("article");
    await expect(similar).toHaveCount(1);
    await expect(similar.getByRole("heading", { name: sibling.name })).toBeVisible();

    await expect(page).toHaveTitle(`${product.name} | Storefront`);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", new RegExp(`^https?://[^/]+/product/${product.slug}$`));
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", `${product.name} | Storefront`);
    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute("content", "product");
    const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent()) ?? "{}");
    expect(ld).toMatchObject({
      "@type": "Product",
      name: product.name,
      offers: { "@type": "Offer", price: "19.50", priceCurrency: "USD" },
    });

    // A similar product's tile leads to it (in place, with JavaScript).
    const js = hasJs(test.info());
    if (js) await page.evaluate(() => ((window as unknown as { notReloaded?: boolean }).notReloaded = true));
    await similar.getByRole("link", { name: sibling.name }).click();
    await expect(page).toHaveURL(new RegExp(`/product/${sibling.slug}$`));
    await expect(page.getByRole("heading", { name: sibling.name, level: 1 })).toBeVisible();
    if (js) expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
    await expect(page.getByRole("region", { name: "Similar Products" }).getByRole("heading", { name: product.name })).toBeVisible();
  });

  test("a product alone in its category has no similar products", async ({ page }) => {
    const category = await createCategory("Alone");
    const product = await createProduct(category.id);
    await page.goto(`/product/${product.slug}`);
    await expect(page.getByText("No similar products found")).toBeVisible();
  });

  test("the category page shows its name, the result count and cards with More Details", async ({ page }) => {
    const category = await createCategory("Shelf");
    const first = await createProduct(category.id, { minutesAgo: 5 });
    await createProduct(category.id);
    const response = await page.goto(`/category/${category.slug}`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { name: `Category - ${category.name}` })).toBeVisible();
    await expect(page.getByText("2 result found")).toBeVisible();
    await expect(page.getByRole("article")).toHaveCount(2);
    await page.getByRole("link", { name: `More Details: ${first.name}` }).click();
    await page.waitForURL(`**/product/${first.slug}`);
    await expect(page.getByRole("heading", { name: first.name, level: 1 })).toBeVisible();
  });

  test("/categories and /category list every category as a link", async ({ page }) => {
    const category = await createCategory("Listed");
    for (const path of ["/categories", "/category"]) {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      const main = page.getByRole("main");
      await expect(main.getByRole("link", { name: category.name })).toHaveAttribute("href", `/category/${category.slug}`);
      for (const [name, slug] of [
        ["Electronics", "electronics"],
        ["Books", "books"],
        ["Home & Kitchen", "home-and-kitchen"],
      ]) {
        await expect(main.getByRole("link", { name, exact: true })).toHaveAttribute("href", `/category/${slug}`);
      }
    }
    await page.getByRole("main").getByRole("link", { name: category.name }).click();
    await expect(page.getByRole("heading", { name: `Category - ${category.name}` })).toBeVisible();
  });

  test("unknown slugs answer the 404 screen with status 404", async ({ page }) => {
    for (const path of [`/product/${unique("no-such")}`, `/category/${unique("no-such")}`]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await expect(page.getByRole("heading", { name: "Oops ! Page Not Found" })).toBeVisible();
    }
  });
});

test.describe("photos and crawlers", () => {
  test("the product page's photo, its largest image, is asked for first", async ({ page }) => {
    await page.goto("/product/aurora-14-laptop");
    const photo = page.getByRole("article").getByRole("img", { name: "Aurora 14 Laptop", exact: true });
    await expect(photo).toHaveAttribute("fetchpriority", "high");
    await expect(photo).toHaveAttribute("src", /^\/api\/v1\/product\/product-photo\/\w+\?v=/);
  });

  test("the photo endpoint sends an ETag, answers If-None-Match with 304, and 404 without a photo", async ({ request }) => {
    const { rows } = await e2eDb().query<{ productId: string; etag: string; contentType: string }>(
      `SELECT ph."productId", ph.etag, ph."contentType" FROM "ProductPhoto" ph JOIN "Product" p ON p.id = ph."productId" WHERE p.slug = 'aurora-14-laptop'`,
    );
    const photo = rows[0];
    const url = `/api/v1/product/product-photo/${photo.productId}`;
    const full = await request.get(url);
    expect(full.status()).toBe(200);
    expect(full.headers()["content-type"]).toBe(photo.contentType);
    const etag = full.headers()["etag"];
    expect(etag).toBe(`"${photo.etag}"`);
    const again = await request.get(url, { headers: { "If-None-Match": etag } });
    expect(again.status()).toBe(304);

    const thumb = await request.get(`${url}?size=thumb&v=${photo.etag}`);
    expect(thumb.status()).toBe(200);
    expect(thumb.headers()["content-type"]).toBe("image/webp");
    expect(thumb.headers()["etag"]).not.toBe(etag);
    expect(thumb.headers()["cache-control"]).toContain("immutable");

    const category = await createCategory("Photoless");
    const bare = await createProduct(category.id);
    for (const id of [bare.id, "not-an-id", `c${randomBytes(12).toString("hex")}`]) {
      const missing = await request.get(`/api/v1/product/product-photo/${id}`, { timeout: 5_000 });
      expect(missing.status(), id).toBe(404);
    }
  });

  test("sitemap.xml is an index of files listing home, categories and every product; robots.txt points to it", async ({ request }) => {
    const category = await createCategory("Mapped");
    const mine = await createProduct(category.id);
    const before = await e2eDb().query<{ slug: string }>(`SELECT slug FROM "Product"`);
    const index = await request.get("/sitemap.xml");
    expect(index.status()).toBe(200);
    expect(index.headers()["content-type"]).toContain("xml");
    const files = [...(await index.text()).matchAll(/<sitemap><loc>(https?:\/\/[^<]+)<\/loc><\/sitemap>/g)].map(
      (m) => new URL(m[1]).pathname,
    );
    expect(files).toEqual(["/sitemap/pages.xml", "/sitemap/products-1.xml"]);
    let xml = "";
    for (const file of files) {
      const response = await request.get(file);
      expect(response.status(), file).toBe(200);
      expect(response.headers()["content-type"]).toContain("xml");
      xml += await response.text();
    }
    expect((await request.get("/sitemap/products-2.xml")).status()).toBe(404);
    const after = await e2eDb().query<{ slug: string }>(`SELECT slug FROM "Product"`);
    const afterSlugs = new Set(after.rows.map((r) => r.slug));
    // Other tests add and delete their own products meanwhile: check those that existed throughout.
    const stable = before.rows.map((r) => r.slug).filter((slug) => afterSlugs.has(slug));
    expect(stable).toContain(mine.slug);
    const listed = new Set([...xml.matchAll(/<loc>https?:\/\/[^<]+\/product\/([^<]+)<\/loc>/g)].map((m) => decodeURIComponent(m[1])));
    for (const slug of stable) expect(listed.has(slug), slug).toBe(true);
    expect(xml).toMatch(/<loc>https?:\/\/[^<]+\/<\/loc>/);
    expect(xml).toContain(`/category/${category.slug}</loc>`);
    expect(xml).toContain("/categories</loc>");

    const robots = await request.get("/robots.txt");
    expect(robots.status()).toBe(200);
    expect(await robots.text()).toMatch(/^Sitemap: https?:\/\/\S+\/sitemap\.xml$/m);
  });

  test("each browsing page has its own title, description and canonical URL", async ({ page }) => {
    const seen = new Set<string>();
    for (const path of ["/", "/categories", "/category/electronics", "/search?keyword=lamp"]) {
      await page.goto(path);
      const title = await page.title();
      expect(seen.has(title), title).toBe(false);
      seen.add(title);
      await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /.{10,}/);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /^https?:\/\//);
    }
  });
});

test.describe("cards, buy box, breadcrumbs and sorting", () => {
  test("the whole card (photo and name) links to the product; More Details and ADD TO CART stay", async ({ page }) => {
    const category = await createCategory("Cards");
    const product = await createProduct(category.id, { description: "Tiny." });
    await copySeedPhoto(product.id);
    await page.goto(`/category/${category.slug}`);
    const card = page.getByRole("article", { name: product.name });
    await expect(card.getByRole("heading", { name: product.name }).getByRole("link")).toHaveAttribute("href", `/product/${product.slug}`);
    await expect(card.getByRole("link", { name: `More Details: ${product.name}` })).toBeVisible();
    await expect(card.getByRole("button", { name: `ADD TO CART: ${product.name}` })).toBeVisible();
    // A short description is shown whole, with no '...' (D20).
    await expect(card.getByText("Tiny.", { exact: true })).toBeVisible();
    const js = hasJs(test.info());
    if (js) {
      // A click with Ctrl is the browser's (a new tab), as with any link; this page stays.
      const [tab] = await Promise.all([
        page.context().waitForEvent("page"),
        card.getByRole("link", { name: `More Details: ${product.name}` }).click({ modifiers: ["Control"] }),
      ]);
      await tab.close();
      await expect(page).toHaveURL(new RegExp(`/category/${category.slug}$`));
      await page.evaluate(() => ((window as unknown as { notReloaded?: boolean }).notReloaded = true));
    }
    // The photo is a link to the product too.
    const photo = (await card.getByRole("img", { name: product.name }).boundingBox())!;
    await page.mouse.click(photo.x + photo.width / 2, photo.y + photo.height / 2);
    await page.waitForURL(`**/product/${product.slug}`);
    await expect(page.getByRole("heading", { name: product.name, level: 1 })).toBeVisible();
    // With JavaScript the app navigates in place, as a <Link> does.
    if (js) expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
  });

  test("ADD TO CART on a card keeps the shopper where they were", async ({ page }) => {
    const js = hasJs(test.info());
    const category = await createCategory("Stay");
    const products = [];
    for (let i = 0; i < 6; i++) products.push(await createProduct(category.id, { minutesAgo: i }));
    const last = products[5];
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/category/${category.slug}`);
    const card = page.getByRole("article", { name: last.name });
    if (js) await page.evaluate(() => ((window as unknown as { notReloaded?: boolean }).notReloaded = true));
    await card.getByRole("button", { name: `ADD TO CART: ${last.name}` }).click();
    await expect(page.getByTestId("cart-count")).toHaveText("1");
    await expect(page.getByText("Item Added to Cart")).toBeVisible();
    if (!js) await expect(page).toHaveURL(new RegExp(`/category/${category.slug}#product-${last.id}$`));
    // With JavaScript the card posts in place: no page load, the address unchanged.
    if (js) {
      expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
      await expect(page).toHaveURL(new RegExp(`/category/${category.slug}$`));
    }
    await expect(card).toBeInViewport();
    // The toast sits at the bottom of the screen, clear of the page's heading.
    const toast = (await page.getByText("Item Added to Cart").boundingBox())!;
    expect(toast.y).toBeGreaterThan(844 / 2);
  });

  test("the product page's buy box: price, stock, quantity and ADD TO CART together", async ({ page }) => {
    const category = await createCategory("Buy");
    const product = await createProduct(category.id, { priceCents: 4200 });
    await page.goto(`/product/${product.slug}`);
    const box = page.getByRole("region", { name: "Buy" });
    await expect(box).toContainText("$42.00");
    await expect(box).toContainText("In stock (10 available)");
    const quantity = box.getByLabel("Quantity");
    await expect(quantity.locator("option")).toHaveCount(10);
    await quantity.selectOption("3");
    await box.getByRole("button", { name: `ADD TO CART: ${product.name}` }).click();
    await expect(page.getByTestId("cart-count")).toHaveText("3");
    if (!hasJs(test.info())) await expect(page).toHaveURL(/#buy-box$/);

    await testDb().product.update({ where: { id: product.id }, data: { quantity: 0 } });
    await page.goto(`/product/${product.slug}`);
    await expect(box).toContainText("Out of stock");
    await expect(box.getByRole("button", { name: `OUT OF STOCK: ${product.name}` })).toBeDisabled();
    await expect(box.getByRole("button", { name: `OUT OF STOCK: ${product.name}` })).toHaveText("OUT OF STOCK");
    await expect(box.getByLabel("Quantity")).toHaveCount(0);
  });

  test("product and category pages have breadcrumbs, for people and for crawlers", async ({ page }) => {
    const category = await createCategory("Crumbs");
    const product = await createProduct(category.id);
    await page.goto(`/product/${product.slug}`);
    const crumbs = page.getByRole("navigation", { name: "Breadcrumb" });
    await expect(crumbs.getByRole("link", { name: "Home" })).toHaveAttribute("href", "/");
    await expect(crumbs.getByRole("link", { name: category.name })).toHaveAttribute("href", `/category/${category.slug}`);
    await expect(crumbs.getByText(product.name)).toHaveAttribute("aria-current", "page");
    const lds = (await page.locator('script[type="application/ld+json"]').allTextContents()).map((text) => JSON.parse(text));
    const trail = lds.find((ld) => ld["@type"] === "BreadcrumbList");
    expect(trail.itemListElement.map((item: { name: string }) => item.name)).toEqual(["Home", category.name, product.name]);

    await crumbs.getByRole("link", { name: category.name }).click();
    await page.waitForURL(`**/category/${category.slug}`);
    await expect(page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "Categories" })).toHaveAttribute(
      "href",
      "/categories",
    );
  });

  test("category and search results can be sorted like the home page", async ({ page }) => {
    const js = hasJs(test.info());
    const tag = randomBytes(4).toString("hex");
    const category = await createCategory("Sorted");
    for (const priceCents of [500, 9900, 2500]) await createProduct(category.id, { priceCents, name: `Sortable${tag} ${priceCents}` });

    await page.goto(`/category/${category.slug}`);
    await page.getByLabel("Sort", { exact: true }).selectOption("price-asc");
    // The sort's own Apply (the facets beside the results have "Apply filters").
    if (!js) await page.getByRole("button", { name: "Apply", exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get("sort") === "price-asc");
    await expect(page.getByRole("article").first()).toContainText("$5.00");
    await expect(page.getByRole("article").last()).toContainText("$99.00");

    await page.goto(`/search?keyword=sortable${tag}`);
    await expect(page.getByRole("heading", { name: "Found 3" })).toBeVisible();
    await page.getByLabel("Sort", { exact: true }).selectOption("price-desc");
    // The sort's own Apply (the facets beside the results have "Apply filters").
    if (!js) await page.getByRole("button", { name: "Apply", exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get("sort") === "price-desc" && url.searchParams.get("keyword") === `sortable${tag}`);
    await expect(page.getByRole("article").first()).toContainText("$99.00");
    await expect(page.getByRole("article").last()).toContainText("$5.00");
  });
});
