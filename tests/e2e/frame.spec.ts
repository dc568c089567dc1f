import { expect, test } from "@playwright/test";

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
