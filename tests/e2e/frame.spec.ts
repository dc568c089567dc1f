import { expect, test } from "@playwright/test";
import { hasJs } from "../fixtures/e2e";

test.describe("the frame of every screen", () => {
  for (const path of ["/", "/about", "/contact", "/policy"]) {
    test(`${path} has the header and the footer`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      const main = page.getByRole("navigation", { name: "Main" });
      await expect(main.getByRole("link", { name: "Home" })).toBeVisible();
      await expect(main.getByRole("link", { name: "Register" })).toBeVisible();
      await expect(main.getByRole("link", { name: "Login" })).toBeVisible();
      await expect(page.getByPlaceholder("Search")).toBeVisible();
      await expect(page.getByRole("button", { name: "Search" })).toBeVisible();
      const footer = page.getByRole("contentinfo");
      await expect(footer.getByRole("link", { name: "About" })).toBeVisible();
      await expect(footer.getByRole("link", { name: "Contact" })).toBeVisible();
      await expect(footer.getByRole("link", { name: "Privacy Policy" })).toBeVisible();
      await expect(footer).toContainText("All Rights Reserved");
    });
  }

  test("header and footer links lead there (in place, with JavaScript) and mark the current page", async ({ page }) => {
    const js = hasJs(test.info());
    await page.goto("/about");
    if (js) await page.evaluate(() => ((window as unknown as { notReloaded?: boolean }).notReloaded = true));
    const main = page.getByRole("navigation", { name: "Main" });
    await expect(main.getByRole("link", { name: "Login" })).not.toHaveAttribute("aria-current", "page");
    await main.getByRole("link", { name: "Login" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole("heading", { name: /login/i }).first()).toBeVisible();
    await expect(main.getByRole("link", { name: "Login" })).toHaveAttribute("aria-current", "page");
    await expect(main.getByRole("link", { name: "Home" })).not.toHaveAttribute("aria-current", "page");
    await page.getByRole("contentinfo").getByRole("link", { name: "Contact" }).click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(page.getByText("help@storefront.test")).toBeVisible();
    await page.getByRole("link", { name: "Storefront home" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(main.getByRole("link", { name: "Home" })).toHaveAttribute("aria-current", "page");
    if (js) {
      expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
      // A click with Ctrl is the browser's (a new tab), as with any link; this page stays.
      const [tab] = await Promise.all([
        page.context().waitForEvent("page"),
        main.getByRole("link", { name: "Register" }).click({ modifiers: ["Control"] }),
      ]);
      await tab.close();
      await expect(page).toHaveURL(/\/$/);
    }
  });

  test("the header's search finds products (in place, with JavaScript) and keeps the words in its box", async ({ page }) => {
    const js = hasJs(test.info());
    await page.goto("/about");
    if (js) await page.evaluate(() => ((window as unknown as { notReloaded?: boolean }).notReloaded = true));
    // A searchbox, which becomes a combobox (suggestions) once focused with JavaScript: found by its label.
    const box = page.getByLabel("Search products", { exact: true });
    await box.fill(`laptop "x" & <y>`);
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/\/search\?keyword=laptop/);
    await expect(page.getByRole("heading", { name: "Search Results" })).toBeVisible();
    await expect(box).toHaveValue(`laptop "x" & <y>`);
    await box.fill("laptop");
    await box.press("Enter");
    await expect(page.getByRole("heading", { name: "Aurora 14 Laptop" })).toBeVisible();
    await expect(box).toHaveValue("laptop");
    if (js) expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
  });

  test("contact shows the support e-mail, phone and toll-free number", async ({ page }) => {
    await page.goto("/contact");
    await expect(page.getByText("help@storefront.test")).toBeVisible();
    await expect(page.getByText(/Toll free/)).toBeVisible();
  });

  test("the Categories dropdown lists All Categories and each category", async ({ page }) => {
    await page.goto("/about");
    await page.getByRole("navigation", { name: "Main" }).locator("summary", { hasText: "Categories" }).click();
    await expect(page.getByRole("link", { name: "All Categories" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Electronics" })).toBeVisible();
  });

  test("every page and error page has exactly one title, its own", async ({ page }) => {
    for (const [path, title] of [
      ["/", "All Products | Storefront"],
      ["/product/no-such-product", "Page Not Found"],
      ["/no-such-page", "Page Not Found"],
    ]) {
      await page.goto(path);
      await expect(page.locator("head title"), path).toHaveCount(1);
      await expect(page, path).toHaveTitle(title);
    }
  });

  test("an unknown path shows the 404 screen with status 404", async ({ page }) => {
    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Oops ! Page Not Found" })).toBeVisible();
    await page.getByRole("link", { name: "Go Back" }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("small screens get a menu that works without JavaScript", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto("/about");
    await page.getByLabel("Menu").click();
    const mobile = page.getByRole("navigation", { name: "Mobile" });
    for (const [name, href] of [
      ["Categories", "/category"],
      ["Register", "/register"],
      ["Login", "/login"],
    ]) {
      await expect(mobile.getByRole("link", { name })).toHaveAttribute("href", href);
    }
    // The cart stays in the bar, outside the menu.
    await expect(mobile.getByRole("link", { name: /Cart/ })).toHaveCount(0);
    await expect(page.getByRole("banner").getByRole("link", { name: /^Cart \d+ items?$/ })).toHaveAttribute("href", "/cart");
  });
});
