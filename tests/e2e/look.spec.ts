// Issue 14: a shop people trust at 390, 768 and 1280 px. The layout checks
// a shopper notices first: no sideways scrolling, a usable header on a
// phone, products on the first screen, cards that link, menus that close.
// Each runs with and without JavaScript unless it is about what scripts do.
import type { Locator, Page } from "@playwright/test";
import { e2eDb, expect, hasJs, signIn, test } from "../fixtures/e2e";

const PHONE = { width: 390, height: 844 };
const TABLET = { width: 768, height: 1024 };
const DESKTOP = { width: 1280, height: 800 };

/** The seeded shopper (who has orders), signed in without the login form. */
async function signInSeededShopper(page: Page, baseURL: string) {
  const { rows } = await e2eDb().query<{ id: string }>(`SELECT id FROM "User" WHERE email = 'user@storefront.test'`);
  await signIn(page.context(), rows[0], baseURL);
}

async function expectNoSidewaysScroll(page: Page, path: string) {
  const overflow = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  expect(overflow.scrollWidth, `${path} scrolls sideways`).toBeLessThanOrEqual(overflow.innerWidth);
}

/** The text a sighted user reads in an element: its text without visually hidden parts (e.g. sr-only). */
async function visibleText(locator: Locator) {
  return locator.evaluate((root) => {
    const parts: string[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const box = node.parentElement?.getBoundingClientRect();
      if (box && box.width > 1 && box.height > 1) parts.push(node.textContent ?? "");
    }
    return parts.join("").replace(/\s+/g, " ").trim();
  });
}

test.describe("no page scrolls sideways", () => {
  const publicPaths = ["/", "/product/aurora-14-laptop", "/category/electronics", "/search?keyword=lamp", "/cart", "/login"];
  for (const viewport of [PHONE, DESKTOP]) {
    test(`public pages at ${viewport.width} px`, async ({ page }) => {
      await page.setViewportSize(viewport);
      for (const path of publicPaths) {
        const response = await page.goto(path);
        expect(response?.status(), path).toBe(200);
        await expectNoSidewaysScroll(page, path);
      }
    });

    test(`the shopper's orders at ${viewport.width} px`, async ({ page, baseURL }) => {
      await signInSeededShopper(page, baseURL!);
      await page.setViewportSize(viewport);
      await page.goto("/dashboard/user/orders");
      const order = page.getByRole("article", { name: "Order 1" });
      await expect(order).toBeVisible();
      // The list position and the column names are kept, stacked or not.
      await expect(order.getByRole("columnheader", { name: "#" })).toHaveCount(1);
      await expect(order.getByRole("cell").first()).toHaveText(/1/);
      await expectNoSidewaysScroll(page, "/dashboard/user/orders");
    });

    test(`the admin's orders at ${viewport.width} px`, async ({ page, asAdmin }) => {
      void asAdmin;
      await page.setViewportSize(viewport);
      await page.goto("/dashboard/admin/orders");
      await expect(page.getByRole("heading", { name: "All Orders" })).toBeVisible();
      await expect(page.getByRole("combobox", { name: "Status of order 1", exact: true })).toBeVisible();
      await expectNoSidewaysScroll(page, "/dashboard/admin/orders");
    });
  }
});

test.describe("the header on a phone", () => {
  test("shows the cart outside the menu, named by its visible text", async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto("/about");
    await expect(page.getByRole("navigation", { name: "Mobile" })).toBeHidden();
    const cart = page.getByRole("banner").getByRole("link", { name: /^Cart/ });
    await expect(cart).toBeVisible();
    await expect(cart).toHaveAttribute("href", "/cart");
    const shown = await visibleText(cart);
    expect(shown).toMatch(/^Cart \d+$/);
    // e.g. visible "Cart 2", name "Cart 2 items": a voice-control user can say what they see.
    await expect(cart).toHaveAccessibleName(new RegExp(`^${escapeRegExp(shown)}\\b`));
  });

  for (const viewport of [PHONE, TABLET]) {
    test(`the search box is at least 150 px wide at ${viewport.width} px`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.goto("/");
      const box = await page.getByRole("searchbox", { name: "Search products" }).boundingBox();
      expect(box?.width ?? 0).toBeGreaterThanOrEqual(150);
      await expect(page.getByRole("button", { name: "Search", exact: true })).toBeVisible();
    });
  }

  test("the first focusable element skips to the content", async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto("/about");
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to content" });
    await expect(skip).toBeFocused();
    await expect(skip).toHaveAttribute("href", "#main");
    await expect(page.locator("main#main")).toHaveCount(1);
  });
});

test.describe("the home page", () => {
  test("on a phone, the filters fold away and the first product is on the first screen", async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto("/");
    const category = page.getByRole("group", { name: "Filter By Category" });
    await expect(category).toBeHidden();
    const top = (await page.getByRole("article").first().boundingBox())?.y ?? Infinity;
    expect(top).toBeLessThan(800);

    await page.getByText("Filters", { exact: true }).click();
    await expect(category.getByRole("checkbox", { name: "Electronics" })).toBeVisible();
    await expect(page.getByRole("link", { name: "RESET FILTERS" })).toBeVisible();
  });

  test("on a desktop, the filters are always shown, with no toggle", async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto("/");
    await expect(page.getByRole("group", { name: "Filter By Category" }).getByRole("checkbox", { name: "Electronics" })).toBeVisible();
    await expect(page.getByText("Filters", { exact: true })).toBeHidden();
  });

  test("a card's photo and name lead to the product", async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto("/?category=" + (await categoryId("electronics")));
    const card = page.getByRole("article").first();
    const name = (await card.getByRole("heading").textContent()) ?? "";
    const href = await card.getByRole("link", { name: `More Details: ${name}` }).getAttribute("href");
    expect(href).toMatch(/^\/product\//);
    await expect(card.getByRole("heading").getByRole("link", { name, exact: true })).toHaveAttribute("href", href!);

    await card.getByRole("img", { name: new RegExp(`^${escapeRegExp(name)}`) }).click();
    await page.waitForURL(`**${href}`);
    await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
  });

  /** ADD TO CART on the home page filtered to electronics, at a phone's width: the toast it brings. */
  async function addToCartOnPhone(page: Page) {
    await page.setViewportSize(PHONE);
    await page.goto(`/?category=${await categoryId("electronics")}`);
    // Other tests sell products out meanwhile: any product still in stock will do.
    await page
      .getByRole("button", { name: /ADD TO CART/, disabled: false })
      .first()
      .click();
  }

  test("a toast never covers the page heading", async ({ page }) => {
    await addToCartOnPhone(page);
    const toast = page.getByRole("status").filter({ hasText: "Item Added to Cart" });
    await expect(toast).toBeVisible();
    const heading = await page.getByRole("heading", { name: "All Products", level: 1 }).boundingBox();
    const box = await toast.boundingBox();
    expect(heading && box).toBeTruthy();
    const overlaps = box!.y < heading!.y + heading!.height && heading!.y < box!.y + box!.height;
    expect(overlaps).toBe(false);
    // It goes after its 2 s, with or without JavaScript (a CSS animation then), and never stays
    // over the page's content.
    await expect(toast).toBeHidden({ timeout: 15_000 });
  });

  test("the toast's Dismiss closes it at once", async ({ page }) => {
    const js = hasJs(test.info());
    // With JavaScript the toast's own 2 s stand still (a fake clock), so only Dismiss can close it.
    if (js) await page.clock.install();
    await addToCartOnPhone(page);
    // Found in the DOM, not by visibility: without JavaScript its CSS timer may be over before the key press.
    const toast = page.locator('[data-toast-type="success"]');
    await expect(toast).toContainText("Item Added to Cart");
    if (js) {
      await page.getByRole("button", { name: "Dismiss notification" }).click();
      await expect(toast).toHaveCount(0);
    } else {
      const dismiss = page.getByRole("checkbox", { name: "Dismiss notification" });
      await dismiss.focus();
      await page.keyboard.press("Space");
      await expect(dismiss).toBeChecked();
      await expect(toast).toHaveCSS("display", "none");
    }
  });
});

test.describe("header menus", () => {
  // Escape and an outside click close a menu only with the script; a navigation closes it either way
  // (without JavaScript it loads a new page, whose menus start closed).
  test("Escape, an outside click and a navigation close the Categories dropdown", async ({ page }) => {
    const js = hasJs(test.info());
    await page.setViewportSize(DESKTOP);
    await page.goto("/about");
    const main = page.getByRole("navigation", { name: "Main" });
    const summary = main.locator("summary", { hasText: "Categories" });
    const all = main.getByRole("link", { name: "All Categories" });

    if (js) {
      await summary.click();
      await expect(all).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(all).toBeHidden();
      await expect(summary).toBeFocused();

      await summary.click();
      await expect(all).toBeVisible();
      await page.mouse.click(DESKTOP.width / 2, DESKTOP.height - 20); // below the dropdown
      await expect(all).toBeHidden();
    }

    await summary.click();
    await expect(all).toBeVisible();
    await main.getByRole("link", { name: "Electronics" }).click();
    await page.waitForURL("**/category/electronics");
    await expect(page.getByRole("heading", { name: "Category - Electronics" })).toBeVisible();
    await expect(all).toBeHidden();
  });

  test("the phone menu closes on navigation and on Escape", async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto("/about");
    const mobile = page.getByRole("navigation", { name: "Mobile" });
    if (hasJs(test.info())) {
      await page.getByLabel("Menu").click();
      await expect(mobile).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(mobile).toBeHidden();
    }

    await page.getByLabel("Menu").click();
    await expect(mobile).toBeVisible();
    await mobile.getByRole("link", { name: "Login" }).click();
    await page.waitForURL("**/login");
    await expect(mobile).toBeHidden();
  });
});

async function categoryId(slug: string) {
  const { rows } = await e2eDb().query<{ id: string }>(`SELECT id FROM "Category" WHERE slug = $1`, [slug]);
  return rows[0].id;
}

function escapeRegExp(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
