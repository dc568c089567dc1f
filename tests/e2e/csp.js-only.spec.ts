// The public pages run their scripts under the CSP without a single violation
// or console error: a violation is reported by the browser (and costs
// Lighthouse's Best Practices score) even when the page still works.
import { e2eDb, expect, test } from "../fixtures/e2e";

test("public pages load and hydrate with no CSP violation and no console error", async ({ page }) => {
  const { rows } = await e2eDb().query(
    `SELECT p.slug AS product, c.slug AS category FROM "Product" p JOIN "Category" c ON c.id = p."categoryId" ORDER BY p."createdAt" LIMIT 1`,
  );
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(`console: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`);
    });
  });
  for (const path of [
    "/",
    `/product/${rows[0].product}`,
    `/category/${rows[0].category}`,
    "/search?keyword=lamp",
    "/cart",
    "/login",
    "/register",
    "/about",
  ]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    // Hydrated: the page's scripts ran (Remix's router is on the window).
    await page.waitForFunction(() => "__remixRouter" in window);
    // Give lazily built schemas and effects a moment to run.
    await page.waitForTimeout(300);
  }
  expect(problems).toEqual([]);
});
