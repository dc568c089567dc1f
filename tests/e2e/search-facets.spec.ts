// Facets on the search results, with and without JavaScript: a shopper
// searches with a typo, narrows the corrected results to size M in stock, and
// sees only such products. Without JavaScript the choices wait for Apply; with
// it each applies on change. The page never scrolls sideways on a phone, a
// tablet or a desktop.
import { createCategory, createProduct, expect, hasJs, test, testDb, unique } from "../fixtures/e2e";

/** A jumper in S and M (both in stock), a cardigan in M (sold out) and L, and a scarf without options. */
async function makeKnitwear() {
  const word = unique("k").replace(/[^a-z0-9]/gi, "");
  const category = await createCategory(`Knitwear ${word}`);
  const make = async (name: string, sizes: { size: string; quantity: number }[]) => {
    const product = await createProduct({ name: `Alpaca ${name} ${word}`, categoryId: category.id, priceCents: 5000, quantity: 3 });
    if (!sizes.length) return product;
    await testDb().product.update({ where: { id: product.id }, data: { options: [{ name: "Size", values: sizes.map((s) => s.size) }] } });
    let position = 0;
    for (const { size, quantity } of sizes) {
      await testDb().productVariant.create({
        data: {
          productId: product.id,
          sku: `${word}-${name}-${size}`.toUpperCase(),
          title: size,
          options: { Size: size },
          position: position++,
          priceCents: 5000,
          quantity,
        },
      });
    }
    return product;
  };
  const jumper = await make("Jumper", [
    { size: "S", quantity: 2 },
    { size: "M", quantity: 4 },
  ]);
  const cardigan = await make("Cardigan", [
    { size: "M", quantity: 0 },
    { size: "L", quantity: 5 },
  ]);
  const scarf = await make("Scarf", []);
  return { word, jumper, cardigan, scarf };
}

test("a shopper searches with a typo, narrows to size M in stock and sees only such products", async ({ page }) => {
  const js = hasJs(test.info());
  const { word, jumper, cardigan, scarf } = await makeKnitwear();

  await page.goto("/");
  await page.getByLabel("Search products", { exact: true }).pressSequentially(`alpacca ${word}`);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await page.waitForURL((url) => url.pathname === "/search");
  await expect(page.getByText("Showing results for")).toContainText("alpaca");
  await expect(page.getByRole("heading", { name: "Found 3" })).toBeVisible();

  const filters = page.getByRole("complementary", { name: "Filters" });
  const size = filters.getByRole("group", { name: "Size" });
  // Each value says how many products it shows; a size nobody sells is not offered.
  await expect(size.getByRole("checkbox")).toHaveCount(3);
  await expect(size.getByRole("checkbox", { name: "M (2)" })).toBeVisible();
  await expect(filters.getByRole("checkbox", { name: "In stock only (3)" })).toBeVisible();

  await size.getByRole("checkbox", { name: "M (2)" }).check();
  if (js) {
    // Applied on change: the URL says so before anything else is touched.
    await page.waitForURL((url) => url.searchParams.get("Size") === "M");
    await expect(page.getByRole("heading", { name: "Found 2" })).toBeVisible();
    await expect(filters.getByRole("button", { name: "Apply filters" })).toHaveCount(0);
  }
  // With Size M chosen, one of them has M in stock.
  await filters.getByRole("checkbox", { name: /^In stock only/ }).check();
  if (!js) await filters.getByRole("button", { name: "Apply filters" }).click();

  await page.waitForURL((url) => url.searchParams.get("Size") === "M" && url.searchParams.get("inStock") === "1");
  await expect(page.getByRole("heading", { name: "Found 1" })).toBeVisible();
  await expect(page.getByRole("article", { name: jumper.name })).toBeVisible();
  await expect(page.getByRole("article", { name: cardigan.name })).toHaveCount(0);
  await expect(page.getByRole("article", { name: scarf.name })).toHaveCount(0);
  // The corrected keyword goes on with the facets, and the choices show as applied.
  expect(new URL(page.url()).searchParams.get("keyword")).toContain("alpaca");
  await expect(size.getByRole("checkbox", { name: "M (1)" })).toBeChecked();
  await expect(filters.getByRole("checkbox", { name: "In stock only (1)" })).toBeChecked();

  // And taken off again.
  await filters.getByRole("link", { name: "Clear filters" }).click();
  await expect(page.getByRole("heading", { name: "Found 3" })).toBeVisible();
});

test("the facets never make the page scroll sideways, from a phone to a desktop", async ({ page }) => {
  const { word } = await makeKnitwear();
  for (const width of [390, 768, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/search?keyword=alpaca+${word}&Size=M`);
    const filters = page.getByRole("complementary", { name: "Filters" });
    if (width < 768) {
      // Folded on a phone, under a disclosure that works without JavaScript.
      await expect(filters.getByRole("group", { name: "Size" })).toBeHidden();
      await filters.locator("summary").click();
    }
    await expect(filters.getByRole("group", { name: "Size" })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `${width} px`).toBeLessThanOrEqual(0);
  }
});
