// Cart, checkout and payments on a real PostgreSQL and the project's own
// Stripe stand-in (dev/stripe-fake.js), driven through the real `stripe`
// SDK. Webhooks from the stand-in reach the webhook route module through a
// small local HTTP server, so signatures are checked exactly as in production.
import { randomBytes } from "node:crypto";
import Stripe from "stripe";
import { afterAll, describe, expect, it, vi } from "vitest";

// Before any app module loads (env() reads the environment once): start the
// webhook receiver and the stand-in, and point the app at them.
const harness = await vi.hoisted(async () => {
  const { startStripeHarness } = await import("../fixtures/stripe");
  return startStripeHarness();
});

import {
  addToCart,
  applyCartAction,
  cartActionSchema,
  MAX_CART_LINES,
  priceCart,
  setCartQuantity,
  type CartLine,
} from "~/domain/cart/cart.server";
import { cartCookie, readCart, serializeCart } from "~/http/cart-cookie.server";
import { CHECKOUT_LIMIT, STRIPE_SESSION_FAILED } from "~/domain/checkout/rules.server";
import { confirmCheckoutSession } from "~/domain/checkout/reconcile.server";
import { fulfilFromEvent } from "~/domain/checkout/settle.server";
import { startCheckout } from "~/domain/checkout/start.server";
import { listAllOrders, listOrdersForUser } from "~/domain/orders/order.server";
import { reconcilePayments, releaseExpiredReservations } from "~/domain/checkout/reconcile.server";
import * as cancelRoute from "~/routes/cancel";
import * as successRoute from "~/routes/success";
import { webhookSecretProblem } from "~/utils/env.server";
import * as cartRoute from "~/routes/cart/route";
import * as checkoutRoute from "~/routes/checkout/route";
import * as paymentsRoute from "~/routes/api.v1.$";
import * as webhookRoute from "~/routes/api.v1.$";
import { db } from "~/utils/db.server";
import { commitSessionCookie } from "~/http/session-cookie.server";
import { createSession } from "~/domain/accounts/session.server";
import { stripe } from "~/domain/payments/stripe.server";
import { TEST_WEBHOOK_SECRET } from "../fixtures/stripe";

const { fake, received } = harness;
const WEBHOOK_SECRET = TEST_WEBHOOK_SECRET;
const ORIGIN = "http://shop.test";
const signer = new Stripe("sk_test_local_fake");
const tag = () => randomBytes(5).toString("hex");

afterAll(() => harness.stop());

// ---------- data builders ----------

let categoryId: string | undefined;
async function product({ priceCents = 1250, quantity = 10, name = `Widget ${tag()}` } = {}) {
  categoryId ??= (await db.category.create({ data: { name: `Checkout ${tag()}`, slug: `checkout-${tag()}` } })).id;
  return db.product.create({
    data: {
      name,
      slug: `${name.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-${tag()}`,
      description: `About ${name}, a fine thing to own.`,
      priceCents,
      quantity,
      categoryId,
    },
  });
}

async function buyer(overrides: { address?: string } = {}) {
  return db.user.create({
    data: {
      name: `Buyer ${tag()}`,
      email: `buyer-${tag()}@checkout.test`,
      passwordHash: "x",
      answerHash: "y",
      phone: "1",
      address: overrides.address ?? "1 Main St",
    },
  });
}

const stockOf = async (id: string) => (await db.product.findUniqueOrThrow({ where: { id } })).quantity;
const orderOf = (id: string) => db.order.findUniqueOrThrow({ where: { id }, include: { lines: { orderBy: { name: "asc" } } } });

/** A signed event as Stripe would send it. */
function signedEvent(type: string, session: Record<string, unknown>) {
  const payload = JSON.stringify({ id: `evt_${tag()}`, object: "event", type, created: 1, livemode: false, data: { object: session } });
  return { payload, signature: signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }) };
}

function postWebhook(payload: string, signature?: string) {
  const headers: Record<string, string> = { "Content-Type": "application/json" };
  if (signature !== undefined) headers["Stripe-Signature"] = signature;
  return webhookRoute.action({
    request: new Request(`${ORIGIN}/api/v1/payments/webhook`, { method: "POST", headers, body: payload }),
    params: {},
    context: {},
  });
}

async function checkout(lines: CartLine[], user?: Awaited<ReturnType<typeof buyer>>) {
  const result = await startCheckout(user ?? (await buyer()), lines, ORIGIN);
  if (!result.ok) throw new Error(result.message);
  return result;
}

/** Clicks Pay on the stand-in's hosted page, which sends the signed webhook before redirecting. */
async function pay(sessionId: string) {
  const response = await fetch(`${fake.url}/pay/${sessionId}/confirm`, { method: "POST", redirect: "manual" });
  expect(response.status).toBe(303);
  return response.headers.get("Location");
}

// ---------- the cart ----------

describe("cart rules", () => {
  it("adding a product already in the cart raises its quantity instead of adding a line", async () => {
    const a = await product();
    const b = await product();
    let lines: CartLine[] = [];
    for (const id of [a.id, b.id, a.id]) {
      const change = await addToCart(lines, id);
      expect(change.ok).toBe(true);
      lines = change.lines;
    }
    expect(lines).toEqual([
      { productId: a.id, quantity: 2 },
      { productId: b.id, quantity: 1 },
    ]);
  });

  it("limits quantities to the stock and refuses unknown or sold-out products", async () => {
    const few = await product({ quantity: 3 });
    const change = await addToCart([], few.id, 5);
    expect(change).toMatchObject({ ok: true, lines: [{ productId: few.id, quantity: 3 }], message: expect.stringContaining("Only 3") });
    expect(await addToCart(change.lines, few.id)).toMatchObject({ ok: false, message: expect.stringContaining("all 3") });

    const soldOut = await product({ quantity: 0 });
    expect(await addToCart([], soldOut.id)).toMatchObject({ ok: false, message: expect.stringContaining("out of stock") });
    expect(await addToCart([], "c0000000000000000000000000")).toMatchObject({ ok: false, message: "This product is no longer available" });

    expect(await setCartQuantity(change.lines, few.id, 40)).toMatchObject({ ok: true, lines: [{ productId: few.id, quantity: 3 }] });
    expect(await setCartQuantity(change.lines, few.id, 2)).toMatchObject({ ok: true, lines: [{ productId: few.id, quantity: 2 }] });
    expect(await setCartQuantity(change.lines, few.id, 0)).toMatchObject({ ok: true, lines: [] });
  });

  it("removes a line, clears the cart, and caps the number of lines", async () => {
    const a = await product();
    const b = await product();
    const lines = [
      { productId: a.id, quantity: 1 },
      { productId: b.id, quantity: 2 },
    ];
    expect((await applyCartAction(lines, { intent: "remove", productId: a.id })).lines).toEqual([{ productId: b.id, quantity: 2 }]);
    expect((await applyCartAction(lines, { intent: "clear" })).lines).toEqual([]);
    const full = Array.from({ length: MAX_CART_LINES }, (_, i) => ({ productId: `c${String(i).padStart(24, "0")}`, quantity: 1 }));
    expect(await addToCart(full, a.id)).toMatchObject({ ok: false, message: expect.stringContaining(`${MAX_CART_LINES}`) });
  });

  it("prices every line from the database in one query, flags deleted, sold-out and short lines, and leaves them out of the total", async () => {
    const ok = await product({ priceCents: 1999 });
    const short = await product({ priceCents: 500, quantity: 2 });
    const soldOut = await product({ priceCents: 700, quantity: 0 });
    const gone = await product({ priceCents: 900 });
    await db.product.delete({ where: { id: gone.id } });
    // The price changed after the product was added: today's price counts.
    await db.product.update({ where: { id: ok.id }, data: { priceCents: 2499 } });

    const cart = await priceCart([
      { productId: ok.id, quantity: 2 },
      { productId: short.id, quantity: 5 },
      { productId: soldOut.id, quantity: 1 },
      { productId: gone.id, quantity: 1 },
    ]);
    expect(cart.lines.map((line) => [line.problem, line.quantity, line.lineTotalCents])).toEqual([
      [null, 2, 4998],
      ["reduced", 2, 1000],
      ["out-of-stock", 0, 0],
      ["deleted", 0, 0],
    ]);
    expect(cart.totalCents).toBe(5998);
    expect(cart.itemCount).toBe(4);
    expect(cart.unavailable.map((line) => line.productId)).toEqual([soldOut.id, gone.id]);
    expect(cart.lines[0].product).toMatchObject({ name: ok.name, priceCents: 2499, photoVersion: null });
  });

  it("reads only its own signed, well-formed cookie: tampered values read as an empty cart", async () => {
    const a = await product();
    const cookie = await serializeCart([{ productId: a.id, quantity: 2 }]);
    const pair = cookie.split(";")[0];
    expect(await readCart(new Request(ORIGIN, { headers: { Cookie: pair } }))).toEqual([{ productId: a.id, quantity: 2 }]);

    // Same value re-encoded without the signature, or with a price smuggled in: ignored.
    const forged = `cart=${Buffer.from(JSON.stringify(`${a.id}:2`)).toString("base64")}`;
    expect(await readCart(new Request(ORIGIN, { headers: { Cookie: forged } }))).toEqual([]);
    const signedJunk = (await cartCookie().serialize([{ productId: a.id, quantity: 2, priceCents: 1 }])).split(";")[0];
    expect(await readCart(new Request(ORIGIN, { headers: { Cookie: signedJunk } }))).toEqual([]);
    const tooMany = (await cartCookie().serialize(`${a.id}:500`)).split(";")[0];
    expect(await readCart(new Request(ORIGIN, { headers: { Cookie: tooMany } }))).toEqual([]);
  });

  it("the form schema reads ids and quantities only, and rejects an empty or fractional quantity", () => {
    const parsed = cartActionSchema.safeParse({ intent: "add", productId: "c0000000000000000000000001", price: "0.01", redirectTo: "/" });
    expect(parsed.error).toBeUndefined();
    expect(parsed.data).toEqual({ intent: "add", productId: "c0000000000000000000000001", redirectTo: "/" });
    expect(cartActionSchema.safeParse({ intent: "set-quantity", productId: "c0000000000000000000000001", quantity: "" }).success).toBe(
      false,
    );
    expect(cartActionSchema.safeParse({ intent: "set-quantity", productId: "c0000000000000000000000001", quantity: "1.5" }).success).toBe(
      false,
    );
  });
});

describe("the /cart action", () => {
  const post = (fields: Record<string, string>, cookie = "") =>
    cartRoute.action({
      request: new Request(`${ORIGIN}/cart`, {
        method: "POST",
        headers: { Origin: ORIGIN, "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
        body: new URLSearchParams(fields),
      }),
      params: {},
      context: {},
    });
  const cartPair = (response: Response) =>
    response.headers
      .getSetCookie()
      .find((c) => c.startsWith("cart="))!
      .split(";")[0];

  it("without JavaScript, adding redirects back with the toast and the new cart cookie", async () => {
    const a = await product();
    const response = await post({ intent: "add", productId: a.id, redirectTo: "/product/x" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/product/x");
    const again = await post({ intent: "add", productId: a.id, redirectTo: "//evil.example" }, cartPair(response));
    expect(again.headers.get("Location")).toBe("/cart");
    expect(await readCart(new Request(ORIGIN, { headers: { Cookie: cartPair(again) } }))).toEqual([{ productId: a.id, quantity: 2 }]);
  });

  it("with JavaScript (a fetcher) it answers JSON with the toast 'Item Added to Cart '", async () => {
    const a = await product();
    const response = await post({ intent: "add", productId: a.id, respond: "json" });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ ok: true, count: 1 });
    const toastCookie = response.headers.getSetCookie().find((c) => c.startsWith("toast-session="));
    expect(toastCookie).toBeTruthy();
  });

  it("answers bad input with 400 and refusals with 409, never a 500; cross-site posts are refused", async () => {
    const a = await product({ quantity: 0 });
    expect((await post({ intent: "add", productId: "../etc", respond: "json" })).status).toBe(400);
    expect((await post({ intent: "nonsense" })).status).toBe(400);
    expect((await post({ intent: "add", productId: a.id, respond: "json" })).status).toBe(409);
    const crossSite = cartRoute.action({
      request: new Request(`${ORIGIN}/cart`, {
        method: "POST",
        headers: { Origin: "http://evil.example", "Content-Type": "application/x-www-form-urlencoded" },
        body: "intent=clear",
      }),
      params: {},
      context: {},
    });
    await expect(crossSite).rejects.toMatchObject({ status: 403 });
  });
});

// ---------- checkout ----------

describe("startCheckout", () => {
  it("re-prices from the database, creates a pending 'Not Process' order with frozen lines and a matching Stripe session", async () => {
    const a = await product({ priceCents: 1000, quantity: 5, name: `Alpha ${tag()}` });
    const b = await product({ priceCents: 250, quantity: 5, name: `Beta ${tag()}` });
    const user = await buyer();
    const result = await checkout(
      [
        { productId: a.id, quantity: 2 },
        { productId: b.id, quantity: 3 },
      ],
      user,
    );
    expect(result.url).toBe(`${fake.url}/pay/${result.sessionId}`);

    const order = await orderOf(result.orderId);
    expect(order).toMatchObject({
      buyerId: user.id,
      status: "NOT_PROCESS",
      paymentStatus: "PENDING",
      totalCents: 2750,
      stripeSessionId: result.sessionId,
    });
    expect(order.lines.map((l) => [l.name, l.unitPriceCents, l.quantity])).toEqual([
      [a.name, 1000, 2],
      [b.name, 250, 3],
    ]);

    const session = fake.sessions.get(result.sessionId)!;
    expect(session.amount_total).toBe(2750);
    expect(session._line_items).toEqual([
      { name: a.name, unit_amount: 1000, currency: "usd", quantity: 2 },
      { name: b.name, unit_amount: 250, currency: "usd", quantity: 3 },
    ]);
    expect(session.metadata).toEqual({ orderId: order.id });
    expect(session.client_reference_id).toBe(order.id);
    expect(session.customer_email).toBe(user.email);
    expect(session.success_url).toBe(`${ORIGIN}/success?session_id={CHECKOUT_SESSION_ID}`);
    expect(session.cancel_url).toBe(`${ORIGIN}/cancel?order=${order.id}`);
    // The session lives as long as the reservation, and the units are held from now on.
    expect(session.expires_at * 1000).toBe(order.reservedUntil!.getTime());
    expect(session.expires_at - Date.now() / 1000).toBeGreaterThan(30 * 60);
    expect([await stockOf(a.id), await stockOf(b.id)]).toEqual([3, 2]);
  });

  it("freezes the ship-to (name, address, phone) as the profile said when the order was placed", async () => {
    const item = await product({ priceCents: 900, quantity: 5 });
    const user = await buyer({ address: "1 Old Road, Oldtown" });
    const result = await checkout([{ productId: item.id, quantity: 1 }], user);
    await db.user.update({ where: { id: user.id }, data: { name: "Someone Else", address: "99 New Street, Newtown", phone: "000" } });
    expect(await orderOf(result.orderId)).toMatchObject({ shipName: user.name, shipAddress: "1 Old Road, Oldtown", shipPhone: user.phone });
  });

  it("refuses an empty cart, unknown or sold-out products, short stock (unless limited), a changed total and a missing address", async () => {
    const user = await buyer();
    const few = await product({ quantity: 1, priceCents: 800 });
    const soldOut = await product({ quantity: 0 });
    expect(await startCheckout(user, [], ORIGIN)).toMatchObject({ ok: false, status: 400, message: "Your cart is empty" });
    expect(await startCheckout(user, [{ productId: "c0000000000000000000000000", quantity: 1 }], ORIGIN)).toMatchObject({
      ok: false,
      status: 400,
    });
    expect(await startCheckout(user, [{ productId: soldOut.id, quantity: 1 }], ORIGIN)).toMatchObject({
      ok: false,
      status: 409,
      message: expect.stringContaining("Out of stock"),
    });
    expect(await startCheckout(user, [{ productId: few.id, quantity: 3 }], ORIGIN)).toMatchObject({
      ok: false,
      status: 409,
      message: expect.stringContaining("Only 1"),
    });
    expect(await startCheckout(user, [{ productId: few.id, quantity: 1 }], ORIGIN, { expectedTotalCents: 1 })).toMatchObject({
      ok: false,
      status: 409,
      message: expect.stringContaining("$8.00"),
    });
    expect(await startCheckout(await buyer({ address: "  " }), [{ productId: few.id, quantity: 1 }], ORIGIN)).toMatchObject({
      ok: false,
      status: 400,
    });
    expect(await db.order.count({ where: { buyerId: user.id } })).toBe(0);

    const limited = await startCheckout(user, [{ productId: few.id, quantity: 3 }], ORIGIN, { shortage: "limit", expectedTotalCents: 800 });
    expect(limited).toMatchObject({ ok: true });
    expect((await orderOf((limited as { orderId: string }).orderId)).lines[0].quantity).toBe(1);
  });

  it("limits how many checkouts one buyer starts in a window", async () => {
    const user = await buyer();
    const a = await product({ quantity: 99 });
    for (let i = 0; i < CHECKOUT_LIMIT.max; i++)
      expect((await startCheckout(user, [{ productId: a.id, quantity: 1 }], ORIGIN)).ok).toBe(true);
    expect(await startCheckout(user, [{ productId: a.id, quantity: 1 }], ORIGIN)).toMatchObject({ ok: false, status: 429 });
    expect(await db.order.count({ where: { buyerId: user.id } })).toBe(CHECKOUT_LIMIT.max);
  });

  it("the checkout page's action sends the browser to Stripe with a 303, and a visitor to the login page", async () => {
    const a = await product({ priceCents: 1500 });
    const user = await buyer();
    const session = await commitSessionCookie(await createSession(user.id));
    const cart = await serializeCart([{ productId: a.id, quantity: 1 }]);
    const cookie = [session.split(";")[0], cart.split(";")[0]].join("; ");
    const request = (cookies: string) =>
      new Request(`${ORIGIN}/checkout`, {
        method: "POST",
        headers: { Origin: ORIGIN, "Content-Type": "application/x-www-form-urlencoded", Cookie: cookies },
        body: "expectedTotalCents=1500",
      });
    const response = (await checkoutRoute.action({ request: request(cookie), params: {}, context: {} })) as Response;
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toMatch(new RegExp(`^${fake.url}/pay/cs_test_`));
    await expect(checkoutRoute.action({ request: request(cart.split(";")[0]), params: {}, context: {} })).rejects.toMatchObject({
      status: 302,
    });
  });
});

// ---------- the API ----------

describe("POST /api/v1/product/payments", () => {
  const call = (body: unknown, token?: string) =>
    paymentsRoute.action({
      request: new Request(`${ORIGIN}/api/v1/product/payments`, {
        method: "POST",
        headers: { "Content-Type": "application/json", ...(token ? { Authorization: token } : {}) },
        body: typeof body === "string" ? body : JSON.stringify(body),
      }),
      params: {},
      context: {},
    });

  it("charges database prices whatever the client sends, merging repeated products", async () => {
    const a = await product({ priceCents: 4200, quantity: 9 });
    const user = await buyer();
    const token = await createSession(user.id);
    const response = await call(
      {
        products: [
          { _id: a.id, price: 0.01, name: "free" },
          { _id: a.id, price: 0.01 },
          { _id: a.id, quantity: 2 },
        ],
      },
      token,
    );
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({ success: true, id: expect.stringMatching(/^cs_test_/), url: expect.stringContaining("/pay/") });
    expect(fake.sessions.get(body.id)!.amount_total).toBe(4200 * 4);
    expect((await orderOf(body.orderId)).lines).toMatchObject([{ productId: a.id, unitPriceCents: 4200, quantity: 4 }]);
  });

  it("needs a token and a valid, non-empty list of known products", async () => {
    const a = await product();
    const token = await createSession((await buyer()).id);
    expect((await call({ products: [{ _id: a.id }] })).status).toBe(401);
    expect((await call({ products: [{ _id: a.id }] }, "Bearer nonsense")).status).toBe(401);
    expect((await call({ products: [] }, token)).status).toBe(400);
    expect((await call({}, token)).status).toBe(400);
    expect((await call("{not json", token)).status).toBe(400);
    expect((await call({ products: [{ _id: "c0000000000000000000000000" }] }, token)).status).toBe(400);
    expect((await call({ products: [{ _id: '\'; DROP TABLE "Order";--' }] }, token)).status).toBe(400);
    expect((await call({ products: [{ _id: a.id, quantity: -1 }] }, token)).status).toBe(400);
    expect((await call({ products: [{ _id: a.id, quantity: "lots" }] }, token)).status).toBe(400);
    const wrongMethod = await paymentsRoute.loader({ request: new Request(`${ORIGIN}/api/v1/product/payments`), params: {}, context: {} });
    expect(wrongMethod.status).toBe(405);
  });
});

// ---------- fulfilment ----------

describe("fulfilment from Stripe's webhook", () => {
  it("paying on the hosted page fulfils the order once: payment Success, stock down by the quantities", async () => {
    const a = await product({ quantity: 5 });
    const b = await product({ quantity: 7 });
    const { orderId, sessionId } = await checkout([
      { productId: a.id, quantity: 2 },
      { productId: b.id, quantity: 3 },
    ]);
    const before = received.length;
    expect(await pay(sessionId)).toBe(`${ORIGIN}/success?session_id=${sessionId}`);
    expect(received.length).toBe(before + 1);
    expect(received.at(-1)!.status).toBe(200);
    expect(await orderOf(orderId)).toMatchObject({ paymentStatus: "SUCCEEDED", paidAt: expect.any(Date) });
    expect([await stockOf(a.id), await stockOf(b.id)]).toEqual([3, 4]);

    // Stripe delivers the same event again, twice at once even: nothing changes.
    const { payload, signature } = received.at(-1)!;
    const replies = await Promise.all([postWebhook(payload, signature), postWebhook(payload, signature)]);
    expect(replies.map((r) => r.status)).toEqual([200, 200]);
    expect(await replies[0].json()).toEqual({ received: true });
    expect([await stockOf(a.id), await stockOf(b.id)]).toEqual([3, 4]);
  });

  it("refuses a missing or wrong signature, or a body changed after signing, with 400", async () => {
    const a = await product({ quantity: 5 });
    const { orderId, sessionId } = await checkout([{ productId: a.id, quantity: 1 }]);
    const session = {
      id: sessionId,
      object: "checkout.session",
      payment_status: "paid",
      amount_total: 1250,
      currency: "usd",
      metadata: { orderId },
    };
    const { payload, signature } = signedEvent("checkout.session.completed", session);
    expect((await postWebhook(payload)).status).toBe(400);
    expect((await postWebhook(payload, "t=1,v1=deadbeef")).status).toBe(400);
    const forged = signer.webhooks.generateTestHeaderString({ payload, secret: "whsec_someone_else" });
    expect((await postWebhook(payload, forged)).status).toBe(400);
    expect((await postWebhook(payload.replace('"paid"', '"paid" '), signature)).status).toBe(400);
    expect((await orderOf(orderId)).paymentStatus).toBe("PENDING");
    expect(await stockOf(a.id)).toBe(4); // held since checkout
    expect((await postWebhook(payload, signature)).status).toBe(200);
    expect((await orderOf(orderId)).paymentStatus).toBe("SUCCEEDED");
    expect(await stockOf(a.id)).toBe(4);
  });

  it("an expired session cancels the attempt and gives its stock back; a late expiry never downgrades a paid order", async () => {
    const a = await product({ quantity: 5 });
    const first = await checkout([{ productId: a.id, quantity: 1 }]);
    expect(await stockOf(a.id)).toBe(4);
    // Through the SDK; the stand-in then sends checkout.session.expired to the webhook.
    expect((await stripe().checkout.sessions.expire(first.sessionId)).status).toBe("expired");
    expect(await orderOf(first.orderId)).toMatchObject({ paymentStatus: "CANCELLED", status: "CANCEL", reservedUntil: null });
    expect(await stockOf(a.id)).toBe(5);

    const second = await checkout([{ productId: a.id, quantity: 1 }]);
    await pay(second.sessionId);
    const late = signedEvent("checkout.session.expired", {
      id: second.sessionId,
      object: "checkout.session",
      payment_status: "unpaid",
      metadata: { orderId: second.orderId },
    });
    expect((await postWebhook(late.payload, late.signature)).status).toBe(200);
    expect((await orderOf(second.orderId)).paymentStatus).toBe("SUCCEEDED");
    expect(await stockOf(a.id)).toBe(4);
  });

  it("applies events in any order: failed then succeeded ends paid, with stock taken once", async () => {
    const a = await product({ quantity: 5 });
    const { orderId, sessionId } = await checkout([{ productId: a.id, quantity: 2 }]);
    const session = { id: sessionId, object: "checkout.session", amount_total: 2500, currency: "usd", metadata: { orderId } };
    expect(
      await fulfilFromEvent({
        type: "checkout.session.async_payment_failed",
        data: { object: { ...session, payment_status: "unpaid" } },
      } as never),
    ).toMatchObject({ outcome: "failed" });
    expect(await stockOf(a.id)).toBe(5); // the hold went back
    expect(
      await fulfilFromEvent({
        type: "checkout.session.async_payment_succeeded",
        data: { object: { ...session, payment_status: "paid" } },
      } as never),
    ).toMatchObject({ outcome: "paid" });
    expect(
      await fulfilFromEvent({ type: "checkout.session.completed", data: { object: { ...session, payment_status: "paid" } } } as never),
    ).toMatchObject({ outcome: "already-paid" });
    expect(
      await fulfilFromEvent({ type: "checkout.session.expired", data: { object: { ...session, payment_status: "unpaid" } } } as never),
    ).toMatchObject({ outcome: "unchanged" });
    expect((await orderOf(orderId)).paymentStatus).toBe("SUCCEEDED");
    expect(await stockOf(a.id)).toBe(3);
  });

  it("ignores unpaid completions, unknown sessions, foreign sessions for an order, and other event types", async () => {
    const a = await product({ quantity: 5 });
    const { orderId, sessionId } = await checkout([{ productId: a.id, quantity: 1 }]);
    const unpaid = signedEvent("checkout.session.completed", { id: sessionId, payment_status: "unpaid", metadata: { orderId } });
    expect((await postWebhook(unpaid.payload, unpaid.signature)).status).toBe(200);
    const other = signedEvent("customer.created", { id: "cus_123" });
    expect((await postWebhook(other.payload, other.signature)).status).toBe(200);
    expect(
      await fulfilFromEvent({
        type: "checkout.session.completed",
        data: { object: { id: "cs_test_unknown", payment_status: "paid", metadata: {} } },
      } as never),
    ).toMatchObject({ outcome: "ignored" });
    expect(
      await fulfilFromEvent({
        type: "checkout.session.completed",
        data: { object: { id: "cs_test_other", payment_status: "paid", metadata: { orderId } } },
      } as never),
    ).toMatchObject({ outcome: "ignored" });
    expect((await orderOf(orderId)).paymentStatus).toBe("PENDING");
    expect(await stockOf(a.id)).toBe(4);
  });

  it("the success page's check fulfils from Stripe when the webhook has not arrived, for the buyer only", async () => {
    const a = await product({ quantity: 5 });
    const user = await buyer();
    const { orderId, sessionId } = await checkout([{ productId: a.id, quantity: 1 }], user);
    expect(await confirmCheckoutSession(sessionId, user.id)).toMatchObject({ paymentStatus: "PENDING" });
    fake.sessions.get(sessionId)!.payment_status = "paid"; // paid, but the webhook is delayed
    expect(await confirmCheckoutSession(sessionId, (await buyer()).id)).toBeNull();
    expect(await confirmCheckoutSession(sessionId, user.id)).toMatchObject({ id: orderId, paymentStatus: "SUCCEEDED" });
    expect(await stockOf(a.id)).toBe(4);
    expect(await confirmCheckoutSession(sessionId, user.id)).toMatchObject({ paymentStatus: "SUCCEEDED" });
  });
});

// ---------- stock reservations, refunds, cancel, reconcile ----------

/** Every paid session on the stand-in is either a fulfilled order or fully refunded: nobody paid for nothing. */
async function expectNobodyChargedForNothing() {
  const refundedIntents = new Set([...fake.refunds.values()].map((refund) => refund.payment_intent));
  for (const session of fake.sessions.values()) {
    if (session.payment_status !== "paid") continue;
    const order = await db.order.findUnique({ where: { stripeSessionId: session.id }, select: { paymentStatus: true } });
    if (order?.paymentStatus === "SUCCEEDED") continue;
    expect(
      refundedIntents.has(session.payment_intent!),
      `session ${session.id} (${order?.paymentStatus}) was charged without an order or a refund`,
    ).toBe(true);
  }
}

const paymentsCall = (token: string, productId: string) =>
  paymentsRoute.action({
    request: new Request(`${ORIGIN}/api/v1/product/payments`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: token },
      body: JSON.stringify({ products: [{ _id: productId }] }),
    }),
    params: {},
    context: {},
  });

describe("stock is reserved when checkout starts", () => {
  it("20 shoppers buying the last 3 units at once: exactly 3 get to pay, 17 are told before paying, stock ends at 0", async () => {
    const last = await product({ quantity: 3, priceCents: 1575 });
    const tokens = await Promise.all(Array.from({ length: 20 }, async () => createSession((await buyer()).id)));
    const responses = await Promise.all(tokens.map((token) => paymentsCall(token, last.id)));
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(3);
    expect(statuses.filter((s) => s === 409)).toHaveLength(17);
    for (const response of responses.filter((r) => r.status === 409)) {
      expect(await response.json()).toMatchObject({ success: false, message: expect.stringMatching(/sold out|left/) });
    }
    expect(await stockOf(last.id)).toBe(0);
    const started = await Promise.all(
      responses.filter((r) => r.status === 200).map((r) => r.json() as Promise<{ id: string; orderId: string }>),
    );

    // All three pay on the hosted page, at once.
    await Promise.all(started.map((s) => pay(s.id)));
    for (const s of started) expect((await orderOf(s.orderId)).paymentStatus).toBe("SUCCEEDED");
    expect(await db.order.count({ where: { lines: { some: { productId: last.id } } } })).toBe(3);
    expect(await db.order.count({ where: { lines: { some: { productId: last.id } }, paymentStatus: "SUCCEEDED" } })).toBe(3);
    expect(await stockOf(last.id)).toBe(0);
    await expectNobodyChargedForNothing();
  });

  it("12 buyers through the checkout page at once, 2 units each of 3: one gets them, the others go back to the cart with the reason", async () => {
    const few = await product({ quantity: 3, priceCents: 1000 });
    const users = await Promise.all(Array.from({ length: 12 }, () => buyer()));
    const responses = await Promise.all(
      users.map(async (user) => {
        const cookie = [
          (await commitSessionCookie(await createSession(user.id))).split(";")[0],
          (await serializeCart([{ productId: few.id, quantity: 2 }])).split(";")[0],
        ].join("; ");
        const request = new Request(`${ORIGIN}/checkout`, {
          method: "POST",
          headers: { Origin: ORIGIN, "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
          body: "expectedTotalCents=2000",
        });
        return (await checkoutRoute.action({ request, params: {}, context: {} })) as Response;
      }),
    );
    const toStripe = responses.filter((r) => r.status === 303);
    const toCart = responses.filter((r) => r.status === 302 && r.headers.get("Location") === "/cart");
    expect(toStripe).toHaveLength(1);
    expect(toCart).toHaveLength(11);
    expect(toCart[0].headers.getSetCookie().some((c) => c.startsWith("toast-session="))).toBe(true);
    expect(await stockOf(few.id)).toBe(1);
    await pay(new URL(toStripe[0].headers.get("Location")!).pathname.split("/").pop()!);
    expect(await stockOf(few.id)).toBe(1);
    await expectNobodyChargedForNothing();
  });

  it("a deleted product cannot be checked out, and stock can never go below 0", async () => {
    const gone = await product({ quantity: 4 });
    await db.product.delete({ where: { id: gone.id } });
    expect(await startCheckout(await buyer(), [{ productId: gone.id, quantity: 1 }], ORIGIN)).toMatchObject({ ok: false, status: 400 });
    const a = await product({ quantity: 1 });
    await expect(db.$executeRaw`UPDATE "Product" SET quantity = -1 WHERE id = ${a.id}`).rejects.toThrow(/Product_quantity_not_negative/);
  });

  it("a payment arriving after the reservation was given back and the units sold is refunded through Stripe", async () => {
    const one = await product({ quantity: 1, priceCents: 1575 });
    const late = await checkout([{ productId: one.id, quantity: 1 }]);
    expect(await stockOf(one.id)).toBe(0);
    // The hold is swept 40 minutes on (as if Stripe could not be asked), and the unit sells to someone else.
    expect(await releaseExpiredReservations(new Date(Date.now() + 40 * 60 * 1000))).toBeGreaterThanOrEqual(1);
    expect(await orderOf(late.orderId)).toMatchObject({ paymentStatus: "CANCELLED", reservedUntil: null });
    const other = await checkout([{ productId: one.id, quantity: 1 }]);
    await pay(other.sessionId);
    expect(await stockOf(one.id)).toBe(0);

    await pay(late.sessionId); // the late payment still arrives
    const order = await orderOf(late.orderId);
    expect(order).toMatchObject({
      paymentStatus: "REFUNDED",
      stripePaymentIntentId: expect.stringMatching(/^pi_/),
      paymentNote: expect.stringContaining("Refunded automatically"),
    });
    const refunds = [...fake.refunds.values()].filter((r) => r.payment_intent === order.stripePaymentIntentId);
    expect(refunds).toEqual([expect.objectContaining({ amount: 1575, status: "succeeded" })]);
    expect(await stockOf(one.id)).toBe(0);
    expect((await orderOf(other.orderId)).paymentStatus).toBe("SUCCEEDED");
    // Stripe repeats the event: still one refund.
    const { payload, signature } = received.at(-1)!;
    expect((await postWebhook(payload, signature)).status).toBe(200);
    expect([...fake.refunds.values()].filter((r) => r.payment_intent === order.stripePaymentIntentId)).toHaveLength(1);
    await expectNobodyChargedForNothing();
  });

  it("a late payment whose units are still there takes them again and stands", async () => {
    const a = await product({ quantity: 2 });
    const late = await checkout([{ productId: a.id, quantity: 1 }]);
    await releaseExpiredReservations(new Date(Date.now() + 40 * 60 * 1000));
    expect(await stockOf(a.id)).toBe(2);
    await pay(late.sessionId);
    expect(await orderOf(late.orderId)).toMatchObject({ paymentStatus: "SUCCEEDED", status: "NOT_PROCESS" });
    expect(await stockOf(a.id)).toBe(1);
  });

  it("a payment for a product deleted after checkout started is refunded", async () => {
    const a = await product({ quantity: 3 });
    const b = await product({ quantity: 3 });
    const started = await checkout([
      { productId: a.id, quantity: 1 },
      { productId: b.id, quantity: 1 },
    ]);
    await db.product.delete({ where: { id: a.id } });
    await pay(started.sessionId);
    expect((await orderOf(started.orderId)).paymentStatus).toBe("REFUNDED");
    expect(await stockOf(b.id)).toBe(3); // its hold went back
    await expectNobodyChargedForNothing();
  });
});

describe("payment events are checked against the order", () => {
  it("a correctly signed paid event with another amount or currency is never fulfilled, and is flagged for the admin", async () => {
    const a = await product({ quantity: 5, priceCents: 1575 });
    const short = await checkout([{ productId: a.id, quantity: 1 }]);
    const forged = signedEvent("checkout.session.completed", {
      id: short.sessionId,
      object: "checkout.session",
      payment_status: "paid",
      amount_total: 1,
      currency: "usd",
      metadata: { orderId: short.orderId },
    });
    expect((await postWebhook(forged.payload, forged.signature)).status).toBe(200);
    expect(await orderOf(short.orderId)).toMatchObject({
      paymentStatus: "NEEDS_REVIEW",
      paymentNote: expect.stringContaining("1 usd"),
      paidAt: null,
    });
    expect(await stockOf(a.id)).toBe(5); // not sold; the hold went back

    const euros = await checkout([{ productId: a.id, quantity: 1 }]);
    const wrongCurrency = {
      id: euros.sessionId,
      payment_status: "paid",
      amount_total: 1575,
      currency: "eur",
      metadata: { orderId: euros.orderId },
    };
    expect(await fulfilFromEvent({ type: "checkout.session.completed", data: { object: wrongCurrency } } as never)).toMatchObject({
      outcome: "mismatch",
    });
    // A right amount for another session is ignored.
    const other = {
      id: "cs_test_not_this_one",
      payment_status: "paid",
      amount_total: 1575,
      currency: "usd",
      metadata: { orderId: euros.orderId },
    };
    expect(await fulfilFromEvent({ type: "checkout.session.completed", data: { object: other } } as never)).toMatchObject({
      outcome: "ignored",
    });
    const listed = (await listAllOrders({ pageSize: 500 })).items.find((o) => o.id === short.orderId)!;
    expect(listed).toMatchObject({ paymentStatus: "NEEDS_REVIEW", paymentNote: expect.stringContaining("Not fulfilled") });
  });

  it("a real Stripe key without a webhook secret stops start-up; the local stand-in's runner sets its own", () => {
    expect(webhookSecretProblem({ STRIPE_SECRET_KEY: "sk_live_abc" })).toMatch(/STRIPE_WEBHOOK_SECRET|whsec/);
    expect(webhookSecretProblem({ STRIPE_SECRET_KEY: "sk_test_abc", NODE_ENV: undefined })).not.toBeNull();
    expect(webhookSecretProblem({ NODE_ENV: "production" })).not.toBeNull();
    expect(webhookSecretProblem({ STRIPE_SECRET_KEY: "sk_live_abc", STRIPE_WEBHOOK_SECRET: "whsec_x" })).toBeNull();
    expect(webhookSecretProblem({})).toBeNull(); // local default key: the webhook then accepts nothing
  });
});

describe("cancel, try again, and the success page", () => {
  const cookieFor = async (userId: string, lines: CartLine[] = []) =>
    [
      (await commitSessionCookie(await createSession(userId))).split(";")[0],
      ...(lines.length ? [(await serializeCart(lines)).split(";")[0]] : []),
    ].join("; ");

  it("Cancel expires the session, gives the stock back and hides the attempt; only the buyer can cancel", async () => {
    const a = await product({ quantity: 3 });
    const user = await buyer();
    const started = await checkout([{ productId: a.id, quantity: 2 }], user);
    expect(await stockOf(a.id)).toBe(1);
    const cancelAs = async (userId: string) =>
      (await (
        await cancelRoute.loader({
          request: new Request(`${ORIGIN}/cancel?order=${started.orderId}`, { headers: { Cookie: await cookieFor(userId) } }),
          params: {},
          context: {},
        })
      ).json()) as { outcome: string };
    expect(await cancelAs((await buyer()).id)).toEqual({ outcome: "not-found" });
    expect(await stockOf(a.id)).toBe(1);
    expect(await cancelAs(user.id)).toEqual({ outcome: "cancelled" });
    expect(fake.sessions.get(started.sessionId)!.status).toBe("expired");
    expect(await orderOf(started.orderId)).toMatchObject({ paymentStatus: "CANCELLED", status: "CANCEL" });
    expect(await stockOf(a.id)).toBe(3);
    expect(await listOrdersForUser(user.id)).toEqual([]);
    expect(await cancelAs(user.id)).toEqual({ outcome: "cancelled" }); // again: nothing more happens
    expect(await stockOf(a.id)).toBe(3);
  });

  it("checking out again replaces the unpaid attempt instead of adding a second pending order", async () => {
    const a = await product({ quantity: 2 });
    const user = await buyer();
    const first = await checkout([{ productId: a.id, quantity: 2 }], user);
    // Back from Stripe: the cart still offers both units (they are this buyer's hold).
    expect((await priceCart([{ productId: a.id, quantity: 2 }], user.id)).lines[0]).toMatchObject({ quantity: 2, problem: null });
    const second = await checkout([{ productId: a.id, quantity: 2 }], user);
    expect(await orderOf(first.orderId)).toMatchObject({ paymentStatus: "CANCELLED" });
    expect(fake.sessions.get(first.sessionId)!.status).toBe("expired");
    expect(await db.order.count({ where: { buyerId: user.id, paymentStatus: "PENDING" } })).toBe(1);
    expect(await stockOf(a.id)).toBe(0);
    await pay(second.sessionId);
    expect((await listOrdersForUser(user.id)).map((o) => o.id)).toEqual([second.orderId]);
  });

  it("5 checkouts of one buyer at once (a double submit, tabs): one pending order holds the units, every other hold is given back", async () => {
    const a = await product({ quantity: 6 });
    const b = await product({ quantity: 6 });
    const user = await buyer();
    const lines = [
      { productId: a.id, quantity: 2 },
      { productId: b.id, quantity: 1 },
    ];
    const results = await Promise.all(Array.from({ length: 5 }, () => startCheckout(user, lines, ORIGIN)));
    for (const result of results) if (!result.ok) expect(result.status, result.message).toBe(409);
    const pending = await db.order.findMany({ where: { buyerId: user.id, paymentStatus: "PENDING" } });
    expect(pending).toHaveLength(1);
    // Exactly one hold: the pending order's.
    expect(await stockOf(a.id)).toBe(4);
    expect(await stockOf(b.id)).toBe(5);
    const ended = await db.order.findMany({ where: { buyerId: user.id, paymentStatus: { not: "PENDING" } } });
    expect(ended.every((order) => order.paymentStatus === "CANCELLED" && order.reservedUntil === null)).toBe(true);
    expect(pending.length + ended.length).toBe(results.filter((result) => result.ok || result.status === 409).length);
    // Only the surviving attempt's payment page is open; it pays for what it holds.
    const open = results.filter((result) => result.ok && fake.sessions.get(result.sessionId)!.status === "open");
    expect(open.map((result) => result.ok && result.orderId)).toEqual([pending[0].id]);
    await pay(pending[0].stripeSessionId!);
    expect(await orderOf(pending[0].id)).toMatchObject({ paymentStatus: "SUCCEEDED" });
    expect(await stockOf(a.id)).toBe(4);
    expect(await stockOf(b.id)).toBe(5);
  });

  it("/success confirms only the signed-in buyer's paid session, then empties the cart; anything else leaves it", async () => {
    const a = await product({ quantity: 5 });
    const user = await buyer();
    const lines = [{ productId: a.id, quantity: 1 }];
    const started = await checkout(lines, user);
    const load = async (query: string, cookie: string) => {
      try {
        return (await successRoute.loader({
          request: new Request(`${ORIGIN}/success${query}`, { headers: { Cookie: cookie } }),
          params: {},
          context: {},
        })) as Response;
      } catch (thrown) {
        if (thrown instanceof Response) return thrown;
        throw thrown;
      }
    };
    const clears = (response: Response) =>
      response.headers.getSetCookie().some((c) => c.startsWith("cart=;") || /^cart=[^;]*;.*Max-Age=0/i.test(c));

    for (const [query, cookie] of [
      ["", await cookieFor(user.id, lines)],
      [`?session_id=${started.sessionId}`, await cookieFor(user.id, lines)], // not paid yet
      [`?session_id=${started.sessionId}`, (await serializeCart(lines)).split(";")[0]], // not signed in
      ["?session_id=cs_test_made_up", await cookieFor(user.id, lines)],
    ] as const) {
      const response = await load(query, cookie);
      expect(response.status).toBe(200);
      expect(clears(response)).toBe(false);
      expect(await response.json()).toMatchObject({ confirmed: false });
    }
    await pay(started.sessionId);
    const otherBuyer = await load(`?session_id=${started.sessionId}`, await cookieFor((await buyer()).id, lines));
    expect(await otherBuyer.json()).toMatchObject({ confirmed: false, order: null });

    const paid = await load(`?session_id=${started.sessionId}`, await cookieFor(user.id, lines));
    expect(paid.status).toBe(302);
    expect(clears(paid)).toBe(true);
    const shown = await load(`?session_id=${started.sessionId}&cleared=1`, await cookieFor(user.id));
    expect(await shown.json()).toMatchObject({ confirmed: true, order: { number: (await orderOf(started.orderId)).number } });
  });
});

describe("reconciling with Stripe", () => {
  it("a payment whose webhook never arrived is fulfilled; an expired session gives its stock back; a checkout that never reached Stripe is cancelled", async () => {
    const a = await product({ quantity: 5 });
    const paidLate = await checkout([{ productId: a.id, quantity: 1 }]);
    const session = fake.sessions.get(paidLate.sessionId)!;
    session.status = "complete";
    session.payment_status = "paid"; // paid while the shop's database was down: no webhook got through

    const expired = await checkout([{ productId: a.id, quantity: 2 }]);
    fake.sessions.get(expired.sessionId)!.expires_at = Math.floor(Date.now() / 1000) - 60;

    const orphan = await db.order.create({
      data: {
        buyerId: (await buyer()).id,
        totalCents: 1250,
        reservedUntil: new Date(Date.now() + 60_000),
        createdAt: new Date(Date.now() - 60 * 60 * 1000),
        lines: { create: [{ productId: a.id, name: a.name, description: a.description, slug: a.slug, unitPriceCents: 1250, quantity: 1 }] },
      },
    });
    await db.product.update({ where: { id: a.id }, data: { quantity: { decrement: 1 } } }); // its hold
    expect(await stockOf(a.id)).toBe(1);

    const report = await reconcilePayments();
    expect(report.errors).toBe(0);
    expect((await orderOf(paidLate.orderId)).paymentStatus).toBe("SUCCEEDED");
    expect((await orderOf(expired.orderId)).paymentStatus).toBe("CANCELLED");
    expect((await orderOf(orphan.id)).paymentStatus).toBe("CANCELLED");
    expect(await stockOf(a.id)).toBe(4);
    // Run again: nothing changes.
    await reconcilePayments();
    expect(await stockOf(a.id)).toBe(4);
  });

  it("startBackgroundJobs runs once per process and returns a stop function", async () => {
    const { startBackgroundJobs } = await import("~/jobs/index.server");
    const stop = startBackgroundJobs();
    expect(startBackgroundJobs()).toBe(stop);
    await stop();
    const again = startBackgroundJobs();
    expect(again).not.toBe(stop);
    await again();
  });
});

// Last: it stops the stand-in.
describe("when Stripe cannot be reached", () => {
  it("says 'Failed to create Stripe session', cancels the attempt and gives the reserved stock back", async () => {
    const a = await product({ quantity: 5 });
    const user = await buyer();
    await fake.stop();
    const result = await startCheckout(user, [{ productId: a.id, quantity: 1 }], ORIGIN);
    expect(result).toEqual({ ok: false, status: 502, message: STRIPE_SESSION_FAILED });
    const order = await db.order.findFirstOrThrow({ where: { buyerId: user.id } });
    expect(order).toMatchObject({ paymentStatus: "CANCELLED", stripeSessionId: null, reservedUntil: null });
    expect(await stockOf(a.id)).toBe(5);
  });
});
