// Search that finds what people mean, with and without JavaScript: a typo is
// corrected against the catalogue's words, the page says so and links to
// what was typed.
import { createCategory, createProduct, expect, test, unique } from "../fixtures/e2e";

test.describe("search forgives typos", () => {
  test("a misspelt word shows the corrected results and a way back to what was typed", async ({ page }) => {
    const tag = unique("s").replace(/[^a-z0-9]/gi, "");
    const category = await createCategory(`Percussion ${tag}`);
    const product = await createProduct({
      name: `Xylophonic Bells ${tag}`,
      description: "Tuned steel bars.",
      priceCents: 4500,
      quantity: 3,
      shipping: true,
      categoryId: category.id,
    });

    await page.goto("/");
    await page.getByPlaceholder("Search").fill("xylofonic");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/search" && url.searchParams.get("keyword") === "xylofonic");
    await expect(page.getByText("Showing results for")).toContainText("xylophonic");
    await expect(page.getByRole("article").getByRole("heading", { name: product.name })).toBeVisible();

    await page.getByRole("link", { name: "Search instead for “xylofonic”" }).click();
    await page.waitForURL((url) => url.searchParams.get("exact") === "1");
    await expect(page.getByRole("heading", { name: "No Products Found" })).toBeVisible();
    await expect(page.getByText("Showing results for")).toHaveCount(0);
  });
});
