// Discount codes from the admin's form to a paid order, with and without
// JavaScript: create a code, apply it in the cart (and remove it), apply it
// from a /discount/CODE link, pay on the Stripe stand-in, and see it on the
// success page and the order pages.
import { createCategory, createProduct, createUser, expect, hasJs, signIn, test, testDb, unique } from "../fixtures/e2e";

const money = (cents: number) => new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(cents / 100);

test("an admin creates a code; a shopper applies it in the cart and from a link, pays, and sees it on the order", async ({
  page,
  asAdmin,
  browser,
  baseURL,
}, testInfo) => {
  const js = hasJs(testInfo);
  const tag = unique("dc");
  const category = await createCategory(`Discounts ${tag}`);
  const product = await createProduct({ name: `Kettle ${tag}`, categoryId: category.id, priceCents: 2499, quantity: 5 });
  const code = `SAVE-${tag}`
    .toUpperCase()
    .replace(/[^A-Z0-9-]/g, "-")
    .slice(0, 32);

  // The admin: Discounts in the menu, a refused code, then the real one.
  await page.goto("/dashboard/admin");
  await page.getByRole("navigation", { name: "Admin Panel" }).getByRole("link", { name: "Discounts" }).click();
  await expect(page.getByRole("heading", { name: "Discounts", level: 1 })).toBeVisible();
  await page.getByLabel("Code", { exact: true }).fill("not a code");
  await page.getByLabel("Percent off (%)").fill("20");
  await page.getByRole("button", { name: "Create code" }).click();
  await expect(page.getByText("Use letters, digits and dashes only")).toBeVisible();
  await page.getByLabel("Code", { exact: true }).fill(code.toLowerCase());
  await page.getByLabel("Percent off (%)").fill("20");
  await page.getByLabel("Total uses").fill("5");
  await page.getByRole("button", { name: "Create code" }).click();
  const row = page.getByRole("listitem", { name: code });
  await expect(row).toContainText("20% off");
  await expect(row.getByTestId("discount-uses")).toHaveText("Uses: 0 paid of 5");

  // The shopper, in a browser of their own (with or without JavaScript, as this project runs).
  const buyer = await createUser();
  const context = await browser.newContext({ baseURL, javaScriptEnabled: js });
  await signIn(context, buyer, baseURL!);
  const shop = await context.newPage();
  await shop.goto(`/product/${product.slug}`);
  await shop.getByRole("button", { name: `ADD TO CART: ${product.name}` }).click();
  await expect(shop.getByTestId("cart-count")).toHaveText("1");
  await shop.goto(`/product/${product.slug}`);
  await shop.getByRole("button", { name: `ADD TO CART: ${product.name}` }).click();
  await expect(shop.getByTestId("cart-count")).toHaveText("2");

  // Apply in the cart: its own line, the amount off, the total below; Remove takes it away.
  const subtotal = 2 * 2499;
  const off = Math.floor((subtotal * 20 + 50) / 100);
  await shop.goto("/cart");
  await shop.getByLabel("Discount code").fill("NO-SUCH-CODE");
  await shop.getByRole("button", { name: "Apply" }).click();
  await expect(shop.getByLabel("Discount code")).toHaveAccessibleDescription("There is no discount code NO-SUCH-CODE.");
  await shop.getByLabel("Discount code").fill(code.toLowerCase());
  await shop.getByRole("button", { name: "Apply" }).click();
  await expect(shop.getByTestId("discount-line")).toContainText(code);
  await expect(shop.getByTestId("discount-amount")).toHaveText(`−${money(off)}`);
  await expect(shop.getByTestId("cart-total")).toHaveText(`Total : ${money(subtotal - off)}`);
  await shop.getByRole("button", { name: `Remove discount ${code}` }).click();
  await expect(shop.getByTestId("discount-line")).toHaveCount(0);
  await expect(shop.getByTestId("cart-total")).toHaveText(`Total : ${money(subtotal)}`);

  // From a shared link: a code that fails says why in the cart; a good one is applied.
  await shop.goto("/discount/EXPIRED-OR-NOT-THERE");
  await expect(shop).toHaveURL(/\/cart\?discount=EXPIRED-OR-NOT-THERE$/);
  await expect(shop.getByLabel("Discount code")).toHaveAccessibleDescription("There is no discount code EXPIRED-OR-NOT-THERE.");
  await shop.goto(`/discount/${code}`);
  await expect(shop).toHaveURL(/\/cart$/);
  await expect(shop.getByTestId("discount-amount")).toHaveText(`−${money(off)}`);

  // Checkout, the hosted page and the success page all show it; Stripe charges the discounted total.
  await shop.getByRole("link", { name: "Checkout" }).click();
  await expect(shop.getByTestId("checkout-discount")).toContainText(code);
  await expect(shop.getByTestId("checkout-total")).toHaveText(money(subtotal - off));
  await shop.getByRole("button", { name: "Checkout" }).click();
  await shop.waitForURL(/\/pay\/cs_test_/);
  await expect(shop.getByRole("heading", { name: `Pay ${money(subtotal - off)}` })).toBeVisible();
  await expect(shop.getByRole("row", { name: new RegExp(`Discount \\(${code}\\)`) })).toContainText(`−${money(off)}`);
  await shop.getByRole("button", { name: "Pay", exact: true }).click();
  await shop.waitForURL(/\/success\?/);
  await expect(shop.getByTestId("order-payment")).toContainText(`discount ${code}: −${money(off)}`);

  // The order page, the buyer's and the admin's.
  const order = await testDb().order.findFirstOrThrow({ where: { buyerId: buyer.id }, orderBy: { createdAt: "desc" } });
  expect(order).toMatchObject({ subtotalCents: subtotal, discountCents: off, totalCents: subtotal - off, paymentStatus: "SUCCEEDED" });
  await shop.getByRole("link", { name: "See your order" }).click();
  await expect(shop.getByTestId("order-discount")).toHaveText(`Discount (${code})−${money(off)}`);
  await expect(shop.getByTestId("order-total")).toHaveText(money(subtotal - off));
  // Paid: the code is no longer kept with the (now empty) cart.
  await shop.goto("/cart");
  await expect(shop.getByTestId("discount-line")).toHaveCount(0);
  await context.close();

  await page.goto(`/dashboard/admin/orders/${order.number}`);
  await expect(page.getByTestId("order-discount")).toHaveText(`Discount (${code})−${money(off)}`);
  await page.goto("/dashboard/admin/discounts");
  await expect(page.getByRole("listitem", { name: code }).getByTestId("discount-uses")).toHaveText("Uses: 1 paid of 5");
  expect(asAdmin.id).toBeTruthy();
});

test("an admin edits and deactivates a code; the cart then says it is no longer valid", async ({
  page,
  asAdmin,
  browser,
  baseURL,
}, testInfo) => {
  const tag = unique("de");
  const code = `OFF-${tag}`
    .toUpperCase()
    .replace(/[^A-Z0-9-]/g, "-")
    .slice(0, 32);
  await page.goto("/dashboard/admin/discounts");
  await page.getByLabel("Code", { exact: true }).fill(code);
  await page.getByRole("radio", { name: "Amount off" }).check();
  await page.getByLabel("Amount off ($)").fill("5");
  await page.getByRole("button", { name: "Create code" }).click();
  const row = page.getByRole("listitem", { name: code });
  await expect(row).toContainText("$5.00 off");

  await row.getByRole("link", { name: `Edit ${code}` }).click();
  await expect(page.getByRole("heading", { name: `Edit discount ${code}` })).toBeVisible();
  await expect(page.getByLabel("Amount off ($)")).toHaveValue("5.00");
  await page.getByLabel("Minimum subtotal ($)").fill("30");
  await page.getByRole("checkbox", { name: "Once per customer" }).check();
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page).toHaveURL(/\/dashboard\/admin\/discounts$/);
  await expect(row).toContainText("minimum $30.00");
  await expect(row).toContainText("once per customer");

  await row.getByRole("button", { name: `Deactivate ${code}` }).click();
  await expect(row).toContainText("Inactive");
  expect(asAdmin.id).toBeTruthy();

  const context = await browser.newContext({ baseURL, javaScriptEnabled: hasJs(testInfo) });
  const shop = await context.newPage();
  await shop.goto(`/discount/${code}`);
  await expect(shop.getByLabel("Discount code")).toHaveAccessibleDescription(`The code ${code} is no longer valid.`);
  await context.close();
});
