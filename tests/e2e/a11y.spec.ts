// axe-core on every page type, with and without JavaScript: no serious or
// critical violations (WCAG 2.1 A/AA rules plus axe's best practices).
import AxeBuilder from "@axe-core/playwright";
import type { Browser, Page } from "@playwright/test";
import { e2eDb, expect, hasJs, signIn, test, type TestUser } from "../fixtures/e2e";

/**
 * The page to check. axe runs as a script in the page, which a context
 * without JavaScript cannot do: for the no-js project the pages are loaded
 * with their <script> elements taken out (the JSON-LD data stays), which is
 * what a browser without JavaScript renders.
 */
async function pageToCheck(page: Page, browser: Browser, baseURL: string, width: number, user?: TestUser): Promise<Page> {
  if (hasJs(test.info())) return page;
  const context = await browser.newContext({ baseURL, viewport: { width, height: 844 }, javaScriptEnabled: true });
  if (user) await signIn(context, user, baseURL);
  await context.route("**/*", async (route) => {
    if (route.request().resourceType() !== "document") return route.continue();
    const response = await route.fetch();
    const html = (await response.text()).replace(/<script(?![^>]*application\/ld\+json)[^>]*>[\s\S]*?<\/script>/gi, "");
    await route.fulfill({ response, body: html });
  });
  return context.newPage();
}

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes
          .map((n) => n.target.join(" "))
          .slice(0, 3)
          .join(", ")}`,
    );
}

async function aProductSlug() {
  const { rows } = await e2eDb().query<{ slug: string }>(`SELECT slug FROM "Product" WHERE slug = 'aurora-14-laptop'`);
  return rows[0].slug;
}

for (const width of [390, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 844 } });

    test("shop pages have no serious or critical accessibility violations", async ({ page: jsPage, browser, baseURL }) => {
      test.slow();
      const page = await pageToCheck(jsPage, browser, baseURL!, width);
      const slug = await aProductSlug();
      for (const path of [
        "/",
        `/product/${slug}`,
        "/categories",
        "/category/electronics",
        "/search?keyword=lamp",
        "/cart",
        "/login",
        "/register",
        "/forgot-password",
        "/about",
        "/contact",
        "/no-such-page",
      ]) {
        await page.goto(path);
        expect(await seriousViolations(page), path).toEqual([]);
      }
    });

    test("user dashboard pages have none either", async ({ page: jsPage, browser, baseURL, asUser }) => {
      const page = await pageToCheck(jsPage, browser, baseURL!, width, asUser);
      expect(asUser.role).toBe(0);
      for (const path of ["/dashboard/user", "/dashboard/user/orders", "/dashboard/user/profile", "/dashboard/user/security"]) {
        await page.goto(path);
        expect(await seriousViolations(page), path).toEqual([]);
      }
    });

    test("admin lists and forms have none either", async ({ page: jsPage, browser, baseURL, asAdmin }) => {
      // Ten pages, each checked by axe: more than one default test's time on a shared machine.
      test.slow();
      const page = await pageToCheck(jsPage, browser, baseURL!, width, asAdmin);
      expect(asAdmin.role).toBe(1);
      const slug = await aProductSlug();
      for (const path of [
        "/dashboard/admin",
        "/dashboard/admin/create-category",
        "/dashboard/admin/create-product",
        "/dashboard/admin/products",
        `/dashboard/admin/product/${slug}`,
        "/dashboard/admin/orders",
        "/dashboard/admin/users",
        "/dashboard/admin/discounts",
        "/dashboard/admin/emails",
        "/dashboard/admin/audit",
      ]) {
        await page.goto(path);
        expect(await seriousViolations(page), path).toEqual([]);
      }
    });
  });
}
