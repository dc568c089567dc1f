// Suggestions as people type (the header's combobox, ARIA 1.2): meaningless
// without JavaScript, where the same box submits to /search
// (tests/e2e/search.spec.ts and storefront.spec.ts cover that).
import { createCategory, createProduct, expect, test, unique } from "../fixtures/e2e";

test("a shopper picks a suggestion with the keyboard; Escape closes the list; Enter alone searches", async ({ page }) => {
  const tag = unique("g").replace(/[^a-z0-9]/gi, "");
  const category = await createCategory(`Gramophonia ${tag}`);
  const lamp = await createProduct({
    name: `Gramolamp ${tag}`,
    description: "Brass.",
    priceCents: 4200,
    quantity: 3,
    categoryId: category.id,
  });
  await createProduct({ name: `Gramolamp ${tag} Shade`, description: "Paper.", priceCents: 900, quantity: 3, categoryId: category.id });

  await page.goto("/");
  // The box becomes a combobox on its first focus (the module that makes it one loads then).
  await page.getByPlaceholder("Search").click();
  const box = page.getByRole("combobox", { name: "Search products" });
  await expect(box).toHaveAttribute("aria-expanded", "false");
  await box.pressSequentially(`gramolamp ${tag}`, { delay: 20 });
  const list = page.getByRole("listbox", { name: "Suggestions" });
  await expect(list).toBeVisible();
  await expect(box).toHaveAttribute("aria-expanded", "true");
  await expect(list.getByRole("option")).toHaveCount(2);
  await expect(list.getByRole("option").first()).toContainText(lamp.name);
  await expect(list.getByRole("option").first()).toContainText("$42.00");
  await expect(page.getByRole("status").filter({ hasText: "2 suggestions" })).toBeAttached();

  await box.press("Escape");
  await expect(list).toBeHidden();
  await expect(box).toHaveAttribute("aria-expanded", "false");

  await box.press("ArrowDown");
  await expect(list).toBeVisible();
  await expect(list.getByRole("option", { selected: true })).toContainText(lamp.name);
  await expect(box).toHaveAttribute("aria-activedescendant", "site-search-product-0");
  await box.press("Enter");
  await page.waitForURL((url) => url.pathname === `/product/${lamp.slug}`);
  await expect(page.getByRole("heading", { name: lamp.name, level: 1 })).toBeVisible();

  // Without a choice, Enter goes to the results page.
  await box.fill("");
  await box.pressSequentially(`gramolamp ${tag}`);
  await expect(list).toBeVisible();
  await box.press("Enter");
  await page.waitForURL((url) => url.pathname === "/search" && url.searchParams.get("keyword") === `gramolamp ${tag}`);
  await expect(page.getByRole("heading", { name: "Found 2" })).toBeVisible();
});
