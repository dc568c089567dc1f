// From the cart to a paid order, with and without JavaScript, paying on the
// local Stripe stand-in's hosted page. Every test makes its own category and
// products (with known stock) so parallel tests never share numbers.
import type { Browser, Page } from "@playwright/test";
import {
  createCategory,
  createProduct,
  createUser,
  expect,
  hasJs,
  signIn,
  test,
  testDb,
  unique,
  withGuestCheckout,
  type TestUser,
} from "../fixtures/e2e";
import { Role } from "~/domain/accounts/user";

type Product = { id: string; name: string; slug: string; priceCents: number; quantity: number };

async function makeProducts(specs: { priceCents: number; quantity: number }[]): Promise<Product[]> {
  const tag = unique("co");
  const category = await createCategory(`Checkout ${tag}`);
  const products: Product[] = [];
  for (const [index, spec] of specs.entries()) {
    products.push(
      await createProduct({
        name: `Gadget ${String.fromCharCode(65 + index)} ${tag}`,
        description: `A handy gadget made for checkout tests, number ${index}.`,
        categoryId: category.id,
        ...spec,
      }),
    );
  }
  return products;
}

const stock = async (id: string) => (await testDb().product.findUniqueOrThrow({ where: { id } })).quantity;
const badge = (page: Page) => page.getByTestId("cart-count");
const money = (cents: number) => new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(cents / 100);

/** ADD TO CART on the product's own page; waits for the badge so the next click counts. */
async function addFromProductPage(page: Page, product: Product, expectedCount: number) {
  if (new URL(page.url()).pathname !== `/product/${product.slug}`) await page.goto(`/product/${product.slug}`);
  await page.getByRole("button", { name: `ADD TO CART: ${product.name}` }).click();
  await expect(badge(page)).toHaveText(String(expectedCount));
}

async function signedInContext(browser: Browser, user: TestUser, baseURL: string, javaScriptEnabled: boolean) {
  const context = await browser.newContext({ baseURL, javaScriptEnabled });
  await signIn(context, user, baseURL);
  return context;
}

test("add, change a quantity, remove a line, log in, check out, pay, and see the paid order everywhere", async ({
  page,
  context,
  browser,
  baseURL,
}, testInfo) => {
  const js = hasJs(testInfo);
  const [alpha, beta, gamma] = await makeProducts([
    { priceCents: 1250, quantity: 5 },
    { priceCents: 799, quantity: 7 },
    { priceCents: 300, quantity: 4 },
  ]);

  // As a visitor: alpha twice, beta and gamma once.
  await page.goto(`/product/${alpha.slug}`);
  await addFromProductPage(page, alpha, 1);
  await expect(page.getByText("Item Added to Cart")).toBeVisible();
  await addFromProductPage(page, alpha, 2);
  await addFromProductPage(page, beta, 3);
  await addFromProductPage(page, gamma, 4);

  await page.getByRole("link", { name: /^Cart \d+ items?$/ }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByRole("heading", { name: "Hello Guest" })).toBeVisible();
  await expect(page.getByText("You have 4 items in your cart")).toBeVisible();
  const items = page.getByRole("list", { name: "Cart items" });
  await expect(items.getByRole("listitem")).toHaveCount(3); // alpha is one line, quantity 2
  await expect(items.getByRole("listitem", { name: alpha.name }).getByLabel("Quantity", { exact: true })).toHaveValue("2");

  // Change beta's quantity to 3, remove gamma.
  const betaLine = items.getByRole("listitem", { name: beta.name });
  await betaLine.getByLabel("Quantity", { exact: true }).fill("3");
  await betaLine.getByRole("button", { name: "Update" }).click();
  await expect(badge(page)).toHaveText("6");
  await items.getByRole("listitem", { name: gamma.name }).getByRole("button", { name: "Remove" }).click();
  await expect(badge(page)).toHaveText("5");
  await expect(items.getByRole("listitem")).toHaveCount(2);
  const totalCents = 2 * alpha.priceCents + 3 * beta.priceCents;
  await expect(page.getByTestId("cart-total")).toHaveText(`Total : ${money(totalCents)}`);

  // A visitor is asked to log in, and comes back to the cart.
  const login = page.getByRole("link", { name: "Please Login to checkout" });
  await expect(login).toHaveAttribute("href", "/login?redirectTo=/cart");
  const buyer = await createUser();
  await signIn(context, buyer, baseURL!);
  await page.goto("/cart");
  await expect(page.getByRole("heading", { name: `Hello ${buyer.name}` })).toBeVisible();
  await expect(page.getByText("7 Test Lane, Springfield")).toBeVisible();
  await expect(page.getByRole("link", { name: "Update Address" })).toHaveAttribute("href", "/dashboard/user/profile");

  await page.getByRole("link", { name: "Checkout" }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByTestId("checkout-total")).toHaveText(money(totalCents));
  const checkoutButton = page.getByRole("button", { name: "Checkout" });
  if (js) {
    // Hold the action's answer a moment so the busy state can be seen.
    await page.route("**/checkout?_data=*", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 700));
      await route.continue();
    });
    await checkoutButton.click();
    await expect(page.getByRole("button", { name: "Processing..." })).toBeDisabled();
  } else {
    await checkoutButton.click();
  }

  // The stand-in's hosted page: the amount is the server's.
  await page.waitForURL(/\/pay\/cs_test_/);
  await expect(page.getByRole("heading", { name: `Pay ${money(totalCents)}` })).toBeVisible();
  await page.getByRole("button", { name: "Pay", exact: true }).click();

  await page.waitForURL(/\/success\?/);
  await expect(page.getByRole("heading", { name: "Payment successful" })).toBeVisible();
  await expect(page.getByTestId("order-payment")).toContainText("payment Success");
  const placed = await testDb().order.findFirstOrThrow({ where: { buyerId: buyer.id }, orderBy: { createdAt: "desc" } });
  await expect(page.getByTestId("order-payment")).toContainText(`Order #${placed.number}`);
  await expect(page.getByRole("link", { name: "See your order" })).toHaveAttribute("href", `/dashboard/user/orders/${placed.number}`);
  await expect(badge(page)).toHaveText("0");
  await expect(page.getByRole("link", { name: "Go to Home" })).toHaveAttribute("href", "/");

  // Stock went down by what was bought; gamma was removed, so untouched.
  expect([await stock(alpha.id), await stock(beta.id), await stock(gamma.id)]).toEqual([3, 4, 4]);

  // The buyer's orders.
  await page.goto("/dashboard/user/orders");
  const order = page.getByRole("article", { name: "Order 1" });
  await expect(order.getByRole("cell", { name: "Success" })).toBeVisible();
  await expect(order.getByRole("cell", { name: money(totalCents) })).toBeVisible();
  await expect(order.getByText(alpha.name)).toBeVisible();
  await expect(order.getByText(`Price: ${money(alpha.priceCents)} · Quantity: 2`)).toBeVisible();
  await expect(order.getByText(`Price: ${money(beta.priceCents)} · Quantity: 3`)).toBeVisible();
  await expect(order.getByText(gamma.name)).toHaveCount(0);

  // The admin's orders.
  const admin = await createUser({ role: Role.Admin, name: `Admin ${unique("a")}` });
  const adminContext = await signedInContext(browser, admin, baseURL!, js);
  const adminPage = await adminContext.newPage();
  await adminPage.goto("/dashboard/admin/orders");
  const adminOrder = adminPage.getByRole("article").filter({ hasText: buyer.name });
  await expect(adminOrder.getByRole("cell", { name: "Success" })).toBeVisible();
  await expect(adminOrder.getByRole("cell", { name: money(totalCents) })).toBeVisible();
  await expect(adminOrder.getByText(beta.name)).toBeVisible();
  await adminContext.close();
});

test("Cancel on the payment page leads to /cancel with the cart kept, and Try Again returns to checkout", async ({ page, asUser }) => {
  const [item] = await makeProducts([{ priceCents: 2000, quantity: 3 }]);
  await addFromProductPage(page, item, 1);
  await page.goto("/checkout");
  await page.getByRole("button", { name: "Checkout" }).click();
  await page.waitForURL(/\/pay\/cs_test_/);
  expect(await stock(item.id)).toBe(2); // reserved while the payment page is open
  await page.getByRole("button", { name: "Cancel", exact: true }).click();

  await page.waitForURL(/\/cancel\?order=/);
  await expect(page.getByRole("heading", { name: "Payment canceled" })).toBeVisible();
  await expect(badge(page)).toHaveText("1");
  await page.getByRole("link", { name: "Try Again" }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole("cell", { name: item.name })).toBeVisible();
  // The session was expired and its reserved unit given back; the attempt is cancelled, not pending.
  expect(await stock(item.id)).toBe(3);
  const orders = await testDb().order.findMany({ where: { buyerId: asUser.id }, select: { paymentStatus: true } });
  expect(orders).toEqual([{ paymentStatus: "CANCELLED" }]);
});

test("the cart explains products sold out or deleted since they were added, and leaves them out of the total", async ({ page, asUser }) => {
  expect(asUser.id).toBeTruthy();
  const [kept, soldOut, deleted] = await makeProducts([
    { priceCents: 1000, quantity: 5 },
    { priceCents: 500, quantity: 5 },
    { priceCents: 700, quantity: 5 },
  ]);
  await addFromProductPage(page, kept, 1);
  await addFromProductPage(page, soldOut, 2);
  await addFromProductPage(page, deleted, 3);
  await testDb().product.update({ where: { id: soldOut.id }, data: { quantity: 0 } });
  await testDb().product.delete({ where: { id: deleted.id } });

  await page.goto("/cart");
  const items = page.getByRole("list", { name: "Cart items" });
  await expect(items.getByRole("listitem", { name: soldOut.name }).getByRole("note")).toHaveText(/Out of stock/);
  await expect(items.getByRole("listitem", { name: "Unavailable product" }).getByRole("note")).toHaveText(/no longer sold/);
  await expect(page.getByTestId("cart-total")).toHaveText(`Total : ${money(kept.priceCents)}`);

  // Checkout refuses until they are removed.
  await page.goto("/checkout");
  await expect(page.getByRole("note")).toContainText("Some items are no longer available");
  await expect(page.getByRole("button", { name: "Checkout" })).toHaveCount(0);
  await page.goto("/cart");
  await items.getByRole("listitem", { name: soldOut.name }).getByRole("button", { name: "Remove" }).click();
  await expect(items.getByRole("listitem")).toHaveCount(2);
  await items.getByRole("listitem", { name: "Unavailable product" }).getByRole("button", { name: "Remove" }).click();
  await expect(items.getByRole("listitem")).toHaveCount(1);
  await expect(badge(page)).toHaveText("1"); // the server has it too (the list hides removed lines at once)
  await page.goto("/checkout");
  await expect(page.getByRole("button", { name: "Checkout" })).toBeEnabled();
});

test("a visitor opening /checkout is sent to log in and comes back", async ({ page }) => {
  // The shop's default: no guest checkout (held so a guest journey elsewhere cannot switch it meanwhile).
  await withGuestCheckout(false, async () => {
    await page.goto("/checkout");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fcheckout$/);
  });
});
