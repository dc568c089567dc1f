// Layout at phone width: dashboards' menus fold above the content, long
// lists are compact and paged, order summaries stack instead of scrolling sideways.
import { Role } from "~/domain/accounts/user";
import { createCategory, createOrder, createProduct, createUser, expect, hasJs, signIn, test, unique } from "../fixtures/e2e";
const PHONE = { width: 390, height: 844 };

async function noSidewaysScroll(page: import("@playwright/test").Page) {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

async function ordersFor(buyerId: string, count: number) {
  for (let i = 0; i < count; i++) {
    await createOrder({
      buyerId,
      status: "OUT_FOR_DELIVERY",
      createdAt: new Date(Date.now() - i * 60_000),
      lines: [{ productId: null, name: `Extraordinarily Long Product Name Number ${i + 1}`, unitPriceCents: 1500 }],
    });
  }
}

test.describe("dashboards on a phone", () => {
  test("the admin menu folds above the content, which starts on the first screen", async ({ page, asAdmin }) => {
    await page.setViewportSize(PHONE);
    await page.goto("/dashboard/admin/products");
    const heading = page.getByRole("heading", { name: "All Products List" });
    await expect(heading).toBeVisible();
    expect((await heading.boundingBox())!.y).toBeLessThan(300);
    const menu = page.getByRole("navigation", { name: "Admin Panel" });
    await expect(menu).toBeHidden();
    await page.getByText("Admin Panel menu").click();
    await expect(menu.getByRole("link", { name: "Orders" })).toBeVisible();
    await menu.getByRole("link", { name: "Orders" }).click();
    await page.waitForURL("**/dashboard/admin/orders");
    await expect(page.getByRole("heading", { name: "All Orders" })).toBeVisible();
    if (hasJs(test.info())) await expect(menu).toBeHidden();
    expect(asAdmin.role).toBe(Role.Admin);
  });

  test("from 768 px the menu stands beside the content", async ({ page, asUser }) => {
    await page.setViewportSize({ width: 1024, height: 800 });
    await page.goto("/dashboard/user");
    await expect(page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Orders" })).toBeVisible();
    await expect(page.getByText("Dashboard menu")).toBeHidden();
    expect(asUser.role).toBe(Role.User);
  });

  test("the admin products list is compact and paged", async ({ page, asAdmin }) => {
    const tag = unique("Compact");
    const category = await createCategory(tag);
    for (let i = 0; i < 26; i++) {
      await createProduct({
        name: `${tag} item ${String(i).padStart(2, "0")}`,
        description: "Listed in the admin area.",
        priceCents: 999,
        quantity: 3,
        shipping: true,
        categoryId: category.id,
      });
    }
    await page.setViewportSize(PHONE);
    await page.goto(`/dashboard/admin/products?q=${encodeURIComponent(tag)}`);
    const list = page.getByRole("list", { name: "Products" });
    await expect(list.getByRole("listitem")).toHaveCount(24);
    // A row, not a full-width photo card.
    expect((await list.getByRole("listitem").first().boundingBox())!.height).toBeLessThan(120);
    expect(await noSidewaysScroll(page)).toBe(0);
    await page.getByRole("navigation", { name: "Product pages" }).getByRole("link", { name: "Next" }).click();
    await page.waitForURL((url) => url.searchParams.get("page") === "2");
    await expect(list.getByRole("listitem")).toHaveCount(2);
    await expect(page.getByText("Page 2 of 2")).toBeVisible();
    expect(asAdmin.role).toBe(Role.Admin);
  });

  test("a user's orders are paged and stack into cards without scrolling sideways", async ({ page, context, baseURL }) => {
    const buyer = await createUser();
    await signIn(context, buyer, baseURL!);
    await ordersFor(buyer.id, 12);
    await page.setViewportSize(PHONE);
    await page.goto("/dashboard/user/orders");
    await expect(page.getByRole("article")).toHaveCount(10);
    const first = page.getByRole("article", { name: "Order 1", exact: true });
    await expect(first.getByRole("cell", { name: "Out for Delivery" })).toBeVisible();
    await expect(first.getByRole("cell", { name: "Success" })).toBeVisible();
    expect(await noSidewaysScroll(page)).toBe(0);
    await page.getByRole("link", { name: "Next" }).click();
    await page.waitForURL((url) => url.searchParams.get("page") === "2");
    await expect(page.getByRole("article")).toHaveCount(2);
    await expect(page.getByRole("article", { name: "Order 11" })).toBeVisible();
  });

  test("the admin's orders stack into cards with the status control, without scrolling sideways", async ({ page, asAdmin }) => {
    const buyer = await createUser();
    await ordersFor(buyer.id, 1);
    await page.setViewportSize(PHONE);
    await page.goto("/dashboard/admin/orders");
    await expect(page.getByRole("heading", { name: "All Orders" })).toBeVisible();
    await expect(page.getByRole("article").first().getByRole("combobox")).toBeVisible();
    expect(await noSidewaysScroll(page)).toBe(0);
    for (const path of [
      "/dashboard/admin",
      "/dashboard/admin/create-category",
      "/dashboard/admin/create-product",
      "/dashboard/admin/users",
    ]) {
      await page.goto(path);
      expect(await noSidewaysScroll(page), path).toBe(0);
    }
    expect(asAdmin.role).toBe(Role.Admin);
  });
});
