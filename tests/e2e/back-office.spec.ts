// The owner's back office in a real browser, with and without JavaScript:
// sales at a glance at phone and desktop widths, the order list's filters
// and search, the CSV download, and a refund from an order's page.
import fs from "node:fs";
import type { Locator } from "@playwright/test";
import Stripe from "stripe";
import { createOrder, createProduct, createUser, expect, hasJs, test, testDb, unique } from "../fixtures/e2e";

const SHOTS = process.env.SCREENSHOT_DIR;
const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/**
 * A payment the server's Stripe stand-in really took: a Checkout Session paid
 * on its page (its webhook finds no order of ours and is ignored), so a
 * refund of it goes through Stripe's API as in production.
 */
async function takePayment(amountCents: number): Promise<string> {
  const port = Number(process.env.E2E_STRIPE_PORT);
  const stripe = new Stripe("sk_test_local_fake", { host: "127.0.0.1", port, protocol: "http", telemetry: false });
  const session = await stripe.checkout.sessions.create({
    mode: "payment",
    line_items: [{ quantity: 1, price_data: { currency: "usd", unit_amount: amountCents, product_data: { name: "Test payment" } } }],
    success_url: "http://localhost/success",
    cancel_url: "http://localhost/cancel",
  });
  await fetch(`http://127.0.0.1:${port}/pay/${session.id}/confirm`, { method: "POST", redirect: "manual" });
  const paid = await stripe.checkout.sessions.retrieve(session.id);
  return String(paid.payment_intent);
}

test("the dashboard shows the day's sales at 390 and 1280 px, chart and table included", async ({ page, asAdmin }) => {
  expect(asAdmin.name).toBeTruthy();
  const product = await createProduct({ priceCents: 1234, quantity: 1 });
  await createOrder({ paidAt: new Date(), lines: [{ productId: product.id, unitPriceCents: 1234, quantity: 1 }] });
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/dashboard/admin");
    // Exact: "Returned sales" and "Recovered sales" are headings of their own.
    await expect(page.getByRole("heading", { name: "Sales", exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Today", exact: true })).toBeVisible();
    await expect(page.getByTestId("today-revenueCents")).not.toHaveText("$0.00");
    await expect(page.getByRole("img", { name: /Revenue and paid orders per day/ })).toBeVisible();
    await page.getByText("The figures by day (table)").click();
    await expect(page.getByRole("table", { name: "Revenue and paid orders per day" })).toBeVisible();
    // Low stock links to the product's edit page; the spec's admin panel is still there.
    const lowStock = page.getByRole("region", { name: /Low stock/ });
    await expect(lowStock.getByRole("link").first()).toHaveAttribute("href", /^\/dashboard\/admin\/product\//);
    await expect(page.getByText(asAdmin.email)).toBeVisible();
    const sideways = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(sideways, `scrolls sideways at ${width} px`).toBeLessThanOrEqual(0);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/dashboard-${width}-${hasJs(test.info()) ? "js" : "nojs"}.png`, fullPage: true });
  }
});

test("orders are filtered and searched from the URL, and the filter downloads as CSV", async ({ page, asAdmin }) => {
  expect(asAdmin.role).toBe(1);
  const mark = unique("srch");
  const ada = await createUser({ name: `Ada ${mark}` });
  const bob = await createUser({ name: `Bob ${mark}` });
  const shipped = await createOrder({ buyerId: ada.id, status: "SHIPPED" });
  const other = await createOrder({ buyerId: bob.id });

  await page.goto("/dashboard/admin/orders");
  await page.getByLabel("Search orders").fill(mark);
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(new RegExp(`q=${mark}`));
  await expect(page.getByText(`#${shipped.number}`)).toBeVisible();
  await expect(page.getByText(`#${other.number}`)).toBeVisible();

  await page.getByLabel("Status", { exact: true }).selectOption({ label: "Shipped" });
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/status=SHIPPED/);
  await expect(page.getByText(`#${shipped.number}`)).toBeVisible();
  await expect(page.getByText(`#${other.number}`)).toHaveCount(0);
  await expect(page.getByText("1 order matches")).toBeVisible();
  if (SHOTS) {
    await page.setViewportSize({ width: 390, height: 900 });
    await page.screenshot({ path: `${SHOTS}/orders-390-${hasJs(test.info()) ? "js" : "nojs"}.png`, fullPage: true });
  }

  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download CSV" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = fs.readFileSync((await file.path())!, "utf8").replace(/^\uFEFF/, "");
  const rows = text.trim().split("\r\n");
  expect(rows[0]).toBe(
    "number,date,buyer,email,status,payment,items,subtotal,discount,total,refunded,lines,shipping method,shipping,tax,tax included",
  );
  expect(rows.slice(1).map((row) => row.split(",")[0])).toEqual([String(shipped.number)]);

  // A status change comes back to the same filter (the form posts to the URL with its query).
  await page.getByLabel("Status of order 1").selectOption({ label: "Delivered" });
  if (!hasJs(test.info())) await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("No orders match this filter.")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`status=SHIPPED.*q=${mark}|q=${mark}.*status=SHIPPED`));
});

/** Selects what a field holds and types over it, as a person does. */
async function typeOver(field: Locator, text: string) {
  await field.focus();
  await field.press("ControlOrMeta+a");
  await field.pressSequentially(text);
}

test("an admin refunds one line of a discounted, taxed order, seeing what it gives back before confirming", async ({ page, asAdmin }) => {
  expect(asAdmin.role).toBe(1);
  const js = hasJs(test.info());
  const lamp = await createProduct({ priceCents: 1500, quantity: 4 });
  const fan = await createProduct({ priceCents: 1000, quantity: 4 });
  // $40.00 of goods, $4.00 off (shared $3.00 and $1.00), $3.20 tax (shared $2.40 and $0.80), $5.00 shipping: $44.20.
  const intent = await takePayment(4420);
  const order = await createOrder({
    paidAt: new Date(),
    stripePaymentIntentId: intent,
    discountCents: 400,
    taxCents: 320,
    shippingCents: 500,
    lines: [
      { productId: lamp.id, name: lamp.name, unitPriceCents: 1500, quantity: 2 },
      { productId: fan.id, name: fan.name, unitPriceCents: 1000, quantity: 1 },
    ],
  });
  expect(order.totalCents).toBe(4420);

  await page.goto(`/dashboard/admin/orders/${order.number}`);
  await expect(page.getByTestId("payment-state")).toHaveText("Success");
  await page.getByLabel("The items and quantities below").check();
  // The refund form's own quantity (the ship form beside it labels its inputs with the line's name too).
  const refund = page.getByRole("region", { name: "Refund", exact: true });
  await typeOver(refund.getByLabel(new RegExp(`^${lamp.name}`)), "1");
  await page.getByLabel("Reason").pressSequentially("Arrived scratched");
  await expect(page.getByLabel("Put the units back in stock")).toBeChecked();
  await page.getByRole("button", { name: "Review refund" }).click();

  // With JavaScript a dialog asks; without, a step of the page does. One lamp: $15.00 − $1.50 + $1.20.
  const confirm = js ? page.getByRole("dialog", { name: "Confirm refund" }) : page.getByRole("region", { name: "Confirm refund" });
  await expect(confirm).toContainText(`Refund ${money(1470)} of order #${order.number}`);
  await expect(confirm).toBeInViewport();
  await expect(confirm).toContainText(`1 × ${lamp.name}: ${money(1470)}`);
  const breakdown = confirm.getByTestId("refund-breakdown");
  await expect(breakdown).toContainText(`Items${money(1500)}`);
  await expect(breakdown).toContainText(`Their share of the discount−${money(150)}`);
  await expect(breakdown).toContainText(`Their tax${money(120)}`);
  if (SHOTS) {
    await page.setViewportSize({ width: 390, height: 900 });
    await page.screenshot({ path: `${SHOTS}/refund-confirm-390-${js ? "js" : "nojs"}.png`, fullPage: !js });
  }
  await confirm.getByRole("button", { name: `Refund ${money(1470)}` }).click();

  await expect(page.getByText(`Refunded ${money(1470)} on order #${order.number}`)).toBeVisible();
  await expect(page.getByTestId("payment-state")).toHaveText("Success · Partly refunded");
  await expect(page.getByTestId("order-refunded")).toHaveText(`−${money(1470)}`);
  await expect(page.getByRole("list", { name: "Order history" })).toContainText("Refund of $14.70 done: 1 × ");
  const after = await testDb().order.findUniqueOrThrow({ where: { id: order.id }, select: { refundedCents: true } });
  expect(after.refundedCents).toBe(1470);
  expect((await testDb().product.findUniqueOrThrow({ where: { id: lamp.id } })).quantity).toBe(5);

  // Then the rest of the lines and the shipping: exactly the total back, and the order reads Refunded.
  await page.getByLabel("The items and quantities below").check();
  await typeOver(refund.getByLabel(new RegExp(`^${lamp.name}`)), "1");
  await typeOver(refund.getByLabel(new RegExp(`^${fan.name}`)), "1");
  await page.getByLabel(/^The shipping/).check();
  await page.getByLabel("Reason").pressSequentially("Returned");
  await page.getByRole("button", { name: "Review refund" }).click();
  const rest = 4420 - 1470;
  await expect(confirm.getByTestId("refund-breakdown")).toContainText(`Shipping${money(500)}`);
  await confirm.getByRole("button", { name: `Refund ${money(rest)}` }).click();
  await expect(page.getByText(`Refunded ${money(rest)} on order #${order.number}`)).toBeVisible();
  await expect(page.getByTestId("payment-state")).toHaveText("Refunded");
});
