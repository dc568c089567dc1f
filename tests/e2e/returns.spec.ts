// A return as the customer and the owner meet it, with and without
// JavaScript: the customer asks to return one of two delivered lamps, the
// owner approves it with instructions (the customer sees them and gets the
// e-mail), marks the lamp received and restocked, then refunds exactly what
// it was charged.
import AxeBuilder from "@axe-core/playwright";
import type { Locator, Page } from "@playwright/test";
import Stripe from "stripe";
import { createOrder, createProduct, createUser, expect, hasJs, signIn, test, testDb } from "../fixtures/e2e";

const inbox = `http://127.0.0.1:${process.env.E2E_MAIL_PORT ?? 1080}`;
type InboxEmail = { subject: string; to: { address: string }[]; text: string };

async function inboxFor(address: string): Promise<InboxEmail[]> {
  const response = await fetch(`${inbox}/email`);
  const all = (await response.json()) as InboxEmail[];
  return all.filter((email) => email.to.some((to) => to.address === address));
}

/** A payment the local Stripe stand-in took (refunds need one): its payment intent's id. */
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

/**
 * What axe finds serious or critical on the page (as tests/e2e/a11y.spec.ts
 * checks every page). axe runs as a script in the page, so only where pages
 * run scripts: the forms' markup is the server's, the same without JavaScript.
 */
async function seriousViolations(page: Page) {
  if (!hasJs(test.info())) return [];
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]).analyze();
  return results.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.help}`);
}

/** Selects what a field holds and types over it, as a person does. */
async function typeOver(field: Locator, text: string) {
  await field.focus();
  await field.press("ControlOrMeta+a");
  await field.pressSequentially(text);
}

test("the customer asks to return a lamp; the owner approves, receives it into stock and refunds it", async ({
  page,
  asAdmin,
  browser,
  baseURL,
}, testInfo) => {
  test.slow(); // two browsers and an e-mail's arrival on a busy two-core machine
  expect(asAdmin.role).toBe(1);
  const db = testDb();
  const buyer = await createUser();
  const lamp = await createProduct({ priceCents: 1500, quantity: 4 });
  const intent = await takePayment(3000);
  const order = await createOrder({
    buyerId: buyer.id,
    paymentStatus: "SUCCEEDED",
    paidAt: new Date(),
    stripePaymentIntentId: intent,
    lines: [{ productId: lamp.id, name: lamp.name, unitPriceCents: 1500, quantity: 2 }],
  });
  const [line] = await db.orderLine.findMany({ where: { orderId: order.id } });
  await db.shipment.create({
    data: {
      orderId: order.id,
      carrier: "UPS",
      trackingNumber: "1Z999AA10123456784",
      deliveredAt: new Date(),
      lines: { create: [{ orderLineId: line.id, quantity: 2 }] },
    },
  });

  // The customer, in a browser of their own (with or without JavaScript as this project runs).
  const customer = await browser.newContext({ javaScriptEnabled: hasJs(testInfo) });
  await signIn(customer, buyer, baseURL!);
  const mine = await customer.newPage();
  await mine.goto(`/dashboard/user/orders/${order.number}`);
  const ask = mine.getByRole("form", { name: `Return items of order #${order.number}` });
  await expect(ask).toBeVisible();
  expect(await seriousViolations(mine), "the customer's order page").toEqual([]);
  await typeOver(ask.getByRole("spinbutton", { name: new RegExp(`^Return ${lamp.name} \\(up to 2`) }), "1");
  await ask.getByLabel("Reason").selectOption({ label: "Damaged" });
  await ask.getByLabel(/^Tell us more/).pressSequentially("The shade arrived cracked");
  await ask.getByRole("button", { name: "Request return" }).click();
  const myReturns = mine.getByRole("region", { name: "Returns" });
  await expect(myReturns).toContainText("Requested");
  await expect(myReturns).toContainText(`1 × ${lamp.name}`);
  const ret = await db.return.findFirstOrThrow({ where: { orderId: order.id } });
  const label = `R-${ret.number}`;
  await expect
    .poll(async () => (await inboxFor(buyer.email)).map((email) => email.subject), { timeout: 20_000 })
    .toContain(`We received your return request ${label} for order #${order.number}`);

  // The owner finds it in the back office, and approves it from the order's page.
  await page.goto("/dashboard/admin/returns?status=REQUESTED");
  await expect(page.getByRole("row", { name: `Return ${label}` })).toBeVisible();
  expect(await seriousViolations(page), "the returns list").toEqual([]);
  await page
    .getByRole("row", { name: `Return ${label}` })
    .getByRole("link", { name: `#${order.number}` })
    .click();
  await expect(page.getByRole("button", { name: "Approve return" })).toBeVisible();
  expect(await seriousViolations(page), "the admin's order page with a requested return").toEqual([]);
  await page.getByLabel(`Return instructions for ${label}`).pressSequentially("Use the prepaid UPS label in the box");
  await page.getByRole("button", { name: "Approve return" }).click();
  const returns = page.getByRole("region", { name: "Returns" });
  await expect(returns).toContainText("Approved");

  // The customer sees the instructions, and gets them by e-mail.
  await mine.reload();
  await expect(myReturns).toContainText("Return instructions: Use the prepaid UPS label in the box");
  await expect
    .poll(async () => (await inboxFor(buyer.email)).find((email) => email.subject.includes("is approved"))?.text ?? "", {
      timeout: 20_000,
    })
    .toContain("Use the prepaid UPS label in the box");

  // The parcel is back: received and restocked, then refunded in a second step.
  const receive = page.getByRole("form", { name: `Receive return ${label}` });
  await expect(receive).toBeVisible();
  expect(await seriousViolations(page), "the admin's order page with an approved return").toEqual([]);
  await expect(receive.getByLabel(`Received of ${lamp.name}`)).toHaveValue("1");
  await expect(receive.getByRole("checkbox", { name: `Restock ${lamp.name}` })).toBeChecked();
  await receive.getByRole("button", { name: "Mark received" }).click();
  await expect(returns).toContainText("1 received, 1 restocked");
  expect((await db.product.findUniqueOrThrow({ where: { id: lamp.id } })).quantity).toBe(5);
  await page.getByRole("button", { name: "Refund received items" }).click();
  await expect(returns).toContainText("Refunded $15.00");
  const done = await db.return.findUniqueOrThrow({ where: { id: ret.id }, include: { refund: true } });
  expect(done).toMatchObject({ status: "REFUNDED", refund: { amountCents: 1500, status: "SUCCEEDED" } });
  expect((await db.product.findUniqueOrThrow({ where: { id: lamp.id } })).quantity).toBe(5);

  await mine.reload();
  await expect(myReturns).toContainText("Refunded $15.00");
  await customer.close();
});
