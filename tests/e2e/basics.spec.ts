// Basics at 390 px: no storefront, account or admin page scrolls sideways, and
// previews say "..." only when they cut something. (The header, cards and
// toasts at each width: look.spec.ts.)
import type { Page } from "@playwright/test";
import { createCategory, createProduct, createUser, expect, signIn, test, testDb, unique } from "../fixtures/e2e";
import { Role } from "~/domain/accounts/user";

const scrollsSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

async function someProduct() {
  return (await testDb().product.findFirstOrThrow({ orderBy: { createdAt: "asc" }, select: { slug: true } })).slug;
}

test.describe("at 390 px", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("no storefront or account page scrolls sideways", async ({ page }) => {
    for (const path of [
      "/",
      `/product/${await someProduct()}`,
      "/categories",
      "/search?keyword=lamp",
      "/cart",
      "/login",
      "/register",
      "/%E0%A4%A",
    ]) {
      await page.goto(path);
      expect(await scrollsSideways(page), path).toBe(false);
    }
  });

  test("the admin's order and user tables scroll inside their box, never the page", async ({ page, context, baseURL }) => {
    const admin = await createUser({ role: Role.Admin, name: `Admin ${unique("wide")}` });
    await signIn(context, admin, baseURL!);
    for (const path of ["/dashboard/admin/orders", "/dashboard/admin/users", "/dashboard/admin/create-category"]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      expect(await scrollsSideways(page), path).toBe(false);
    }
  });
});

test("a card's description preview ends with '...' only when it was cut", async ({ page }) => {
  const category = await createCategory(`Brief ${unique("c")}`);
  for (const [name, description] of [
    [`Short ${unique("p")}`, "Short and sweet"],
    [`Long ${unique("p")}`, "A description that is certainly longer than thirty characters"],
  ]) {
    await createProduct({ name, description, priceCents: 1234, quantity: 3, categoryId: category.id });
  }
  await page.goto(`/category/${category.slug}`);
  await expect(page.getByText("Short and sweet", { exact: true })).toBeVisible();
  const long = "A description that is certainly longer than thirty characters";
  await expect(page.getByText(`${long.slice(0, 30)}...`, { exact: true })).toBeVisible();
});
