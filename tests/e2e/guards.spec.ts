import { expect, test } from "../fixtures/e2e";

test("a visitor opening the user dashboard sees the countdown, then the login page with the origin remembered", async ({ page }) => {
  const response = await page.goto("/dashboard/user");
  expect(response?.status()).toBe(401);
  await expect(page.getByRole("heading", { name: /Redirecting to you in [0-3] seconds/ })).toBeVisible();
  await page.waitForURL(/\/login\?redirectTo=%2Fdashboard%2Fuser$/, { timeout: 10_000 });
});

test("a signed-in user opening an admin page is sent to the home page", async ({ page, asUser }) => {
  expect(asUser.role).toBe(0);
  const response = await page.goto("/dashboard/admin");
  expect(response?.status()).toBe(403);
  await expect(page.getByRole("heading", { name: /Redirecting to you in [0-3] seconds/ })).toBeVisible();
  await page.waitForURL((url) => url.pathname === "/", { timeout: 10_000 });
});

test("an admin sees the admin panel menu", async ({ page, asAdmin }) => {
  expect(asAdmin.role).toBe(1);
  await page.goto("/dashboard/admin");
  const menu = page.getByRole("navigation", { name: "Admin Panel" });
  for (const name of ["Create Category", "Create Product", "Products", "Orders", "Users", "Discounts"]) {
    await expect(menu.getByRole("link", { name })).toBeVisible();
  }
});
