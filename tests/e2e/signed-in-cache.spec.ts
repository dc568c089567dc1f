// A signed-in shopper's catalogue pages are kept in the server's memory
// (server/middleware/page-cache.ts); what they show must still change at once
// with the shopper's own name, role, the catalogue and a logout.
import { createCategory, createProduct, e2eDb, expect, test, unique } from "../fixtures/e2e";

test("a signed-in shopper's pages follow their profile, role, the catalogue and a logout", async ({ page, asUser }) => {
  const mainNav = page.getByRole("navigation", { name: "Main" });
  // Twice: the second answer is the kept one.
  for (let i = 0; i < 2; i++) {
    await page.goto("/");
    await expect(mainNav.getByText(asUser.name)).toBeVisible();
  }

  // Their own profile change.
  await page.goto("/dashboard/user/profile");
  const newName = `Kept ${unique("n")}`;
  await page.getByLabel("Name", { exact: true }).fill(newName);
  await page.getByRole("button", { name: "UPDATE" }).click();
  await expect(page.getByText("Profile Updated Successfully")).toBeVisible();
  await page.goto("/");
  await expect(mainNav.getByText(newName)).toBeVisible();
  await expect(page.getByText(asUser.name)).toHaveCount(0);

  // A role change made elsewhere (an operator): the header's dashboard link (in its closed menu) follows.
  await page.goto("/");
  await expect(page.getByRole("link", { name: "Dashboard", includeHidden: true }).first()).toHaveAttribute("href", "/dashboard/user");
  await e2eDb().query(`UPDATE "User" SET role = 1 WHERE id = $1`, [asUser.id]);
  await page.goto("/");
  await expect(page.getByRole("link", { name: "Dashboard", includeHidden: true }).first()).toHaveAttribute("href", "/dashboard/admin");

  // A catalogue change made elsewhere: a product of this test's own category
  // renamed (never another test's: they run alongside), on a page seen twice.
  const category = await createCategory(`Kept ${unique("c")}`);
  const product = await createProduct({ categoryId: category.id });
  for (let i = 0; i < 2; i++) {
    await page.goto(`/?category=${category.id}`);
    await expect(page.getByRole("heading", { name: product.name })).toBeVisible();
  }
  const renamed = `Fresh ${unique("p")}`;
  await e2eDb().query(`UPDATE "Product" SET name = $1 WHERE id = $2`, [renamed, product.id]);
  await page.goto(`/?category=${category.id}`);
  await expect(page.getByRole("heading", { name: renamed })).toBeVisible();

  // Logging out ends it: the same page is a visitor's.
  await mainNav.getByText(newName).click();
  await mainNav.getByRole("button", { name: "Logout" }).click();
  await page.waitForURL((url) => url.pathname === "/login");
  await page.goto("/");
  await expect(mainNav.getByRole("link", { name: "Login" })).toBeVisible();
  await expect(page.getByText(newName)).toHaveCount(0);
});
