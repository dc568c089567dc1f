// Basics at 390 px: no storefront, account or admin page scrolls sideways, and
// previews say "..." only when they cut something. (The header, cards and
// toasts at each width: look.spec.ts.)
import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { createUser, e2eDb, expect, signIn, test, unique } from "../fixtures/e2e";

const scrollsSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

async function someProduct() {
  const { rows } = await e2eDb().query<{ slug: string }>(`SELECT slug FROM "Product" ORDER BY "createdAt" LIMIT 1`);
  return rows[0].slug;
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
    const admin = await createUser({ role: 1, name: `Admin ${unique("wide")}` });
    await signIn(context, admin, baseURL!);
    for (const path of ["/dashboard/admin/orders", "/dashboard/admin/users", "/dashboard/admin/create-category"]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      expect(await scrollsSideways(page), path).toBe(false);
    }
  });
});

test("a card's description preview ends with '...' only when it was cut", async ({ page }) => {
  const id = () => `c${randomBytes(12).toString("hex")}`;
  const category = { id: id(), name: `Brief ${unique("c")}` };
  const slug = category.name.toLowerCase().replace(/[^a-z0-9]+/g, "-");
  await e2eDb().query(`INSERT INTO "Category" (id, name, slug) VALUES ($1, $2, $3)`, [category.id, category.name, slug]);
  for (const [name, description] of [
    [`Short ${unique("p")}`, "Short and sweet"],
    [`Long ${unique("p")}`, "A description that is certainly longer than thirty characters"],
  ]) {
    await e2eDb().query(
      `INSERT INTO "Product" (id, name, slug, description, "priceCents", quantity, "categoryId", "updatedAt")
       VALUES ($1, $2, $3, $4, 1234, 3, $5, now())`,
      [id(), name, name.toLowerCase().replace(/[^a-z0-9]+/g, "-"), description, category.id],
    );
  }
  await page.goto(`/category/${slug}`);
  await expect(page.getByText("Short and sweet", { exact: true })).toBeVisible();
  const long = "A description that is certainly longer than thirty characters";
  await expect(page.getByText(`${long.slice(0, 30)}...`, { exact: true })).toBeVisible();
});
