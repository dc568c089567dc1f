// Cart, checkout and payments on a real PostgreSQL and the project's own
// Stripe stand-in (scripts/stripe-fake.js), driven through the real `stripe`
// SDK. Webhooks from the stand-in reach the webhook route module through a
// small local HTTP server, so signatures are checked exactly as in production.
import { randomBytes } from "node:crypto";
import type { Server } from "node:http";
import Stripe from "stripe";
import { afterAll, describe, expect, it, vi } from "vitest";

const WEBHOOK_SECRET = "whsec_integration_test_secret";

// Before any app module loads (env() reads the environment once): start the
// webhook receiver and the stand-in, and point the app at them.
const harness = await vi.hoisted(async () => {
  const http = await import("node:http");
  const { startFakeStripe } = await import("../../scripts/stripe-fake.js");
  const received: { payload: string; signature: string; status: number }[] = [];
  const receiver: Server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(name, value);
    const route = await import("~/routes/api.v1.payments.webhook");
    const response = await route.action({ request: new Request(`http://shop.test${req.url}`, { method: "POST", headers, body }), params: {}, context: {} });
    received.push({ payload: body.toString("utf8"), signature: String(req.headers["stripe-signature"]), status: response.status });
    res.writeHead(response.status, { "Content-Type": "application/json" });
    res.end(await response.text());
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const address = receiver.address() as { port: number };
  const secret = "whsec_integration_test_secret";
  const fake = await startFakeStripe({ port: 0, webhookUrl: `http://127.0.0.1:${address.port}/api/v1/payments/webhook`, webhookSecret: secret });
  process.env.STRIPE_API_BASE = fake.url;
  process.env.STRIPE_SECRET_KEY = "sk_test_local_fake";
  process.env.STRIPE_WEBHOOK_SECRET = secret;
  return { fake, receiver, received };
});

import {
  addToCart,
  applyCartAction,
  cartActionSchema,
  cartCookie,
  MAX_CART_LINES,
  priceCart,
  readCart,
  serializeCart,
  setCartQuantity,
  type CartLine,
} from "~/models/cart.server";
import { CHECKOUT_LIMIT, confirmCheckoutSession, fulfilFromEvent, startCheckout, STRIPE_SESSION_FAILED } from "~/models/checkout.server";
import * as cartRoute from "~/routes/cart";
import * as checkoutRoute from "~/routes/checkout";
import * as paymentsRoute from "~/routes/api.v1.product.payments";
import * as webhookRoute from "~/routes/api.v1.payments.webhook";
import { db } from "~/utils/db.server";
import { commitSessionCookie, createSession } from "~/utils/session.server";
import { stripe } from "~/utils/stripe.server";

const { fake, receiver, received } = harness;
const ORIGIN = "http://shop.test";
const signer = new Stripe("sk_test_local_fake");
const tag = () => randomBytes(5).toString("hex");

afterAll(async () => {
  await fake.stop().catch(() => {});
  await new Promise((resolve) => receiver.close(resolve));
});

// ---------- data builders ----------

let categoryId: string | undefined;
async function product({ priceCents = 1250, quantity = 10, name = `Widget ${tag()}` } = {}) {
  categoryId ??= (await db.category.create({ data: { name: `Checkout ${tag()}`, slug: `checkout-${tag()}` } })).id;
  return db.product.create({
    data: { name, slug: `${name.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-${tag()}`, description: `About ${name}, a fine thing to own.`, priceCents, quantity, categoryId },
  });
}

async function buyer(overrides: { address?: string } = {}) {
  return db.user.create({
    data: { name: `Buyer ${tag()}`, email: `buyer-${tag()}@checkout.test`, passwordHash: "x", answerHash: "y", phone: "1", address: overrides.address ?? "1 Main St" },
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
  return webhookRoute.action({ request: new Request(`${ORIGIN}/api/v1/payments/webhook`, { method: "POST", headers, body: payload }), params: {}, context: {} });
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
    expect(parsed.success && parsed.data).toEqual({ intent: "add", productId: "c0000000000000000000000001", redirectTo: "/" });
    expect(cartActionSchema.safeParse({ intent: "set-quantity", productId: "c0000000000000000000000001", quantity: "" }).success).toBe(false);
    expect(cartActionSchema.safeParse({ intent: "set-quantity", productId: "c0000000000000000000000001", quantity: "1.5" }).success).toBe(false);
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
  const cartPair = (response: Response) => response.headers.getSetCookie().find((c) => c.startsWith("cart="))!.split(";")[0];

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
      request: new Request(`${ORIGIN}/cart`, { method: "POST", headers: { Origin: "http://evil.example", "Content-Type": "application/x-www-form-urlencoded" }, body: "intent=clear" }),
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
    expect(order).toMatchObject({ buyerId: user.id, status: "NOT_PROCESS", paymentStatus: "PENDING", totalCents: 2750, stripeSessionId: result.sessionId });
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
    expect(session.cancel_url).toBe(`${ORIGIN}/cancel`);
    // Nothing is taken from stock until the payment succeeds.
    expect(await stockOf(a.id)).toBe(5);
  });

  it("refuses an empty cart, unknown or sold-out products, short stock (unless limited), a changed total and a missing address", async () => {
    const user = await buyer();
    const few = await product({ quantity: 1, priceCents: 800 });
    const soldOut = await product({ quantity: 0 });
    expect(await startCheckout(user, [], ORIGIN)).toMatchObject({ ok: false, status: 400, message: "Your cart is empty" });
    expect(await startCheckout(user, [{ productId: "c0000000000000000000000000", quantity: 1 }], ORIGIN)).toMatchObject({ ok: false, status: 400 });
    expect(await startCheckout(user, [{ productId: soldOut.id, quantity: 1 }], ORIGIN)).toMatchObject({ ok: false, status: 409, message: expect.stringContaining("Out of stock") });
    expect(await startCheckout(user, [{ productId: few.id, quantity: 3 }], ORIGIN)).toMatchObject({ ok: false, status: 409, message: expect.stringContaining("Only 1") });
    expect(await startCheckout(user, [{ productId: few.id, quantity: 1 }], ORIGIN, { expectedTotalCents: 1 })).toMatchObject({ ok: false, status: 409, message: expect.stringContaining("$8.00") });
    expect(await startCheckout(await buyer({ address: "  " }), [{ productId: few.id, quantity: 1 }], ORIGIN)).toMatchObject({ ok: false, status: 400 });
    expect(await db.order.count({ where: { buyerId: user.id } })).toBe(0);

    const limited = await startCheckout(user, [{ productId: few.id, quantity: 3 }], ORIGIN, { shortage: "limit", expectedTotalCents: 800 });
    expect(limited).toMatchObject({ ok: true });
    expect((await orderOf((limited as { orderId: string }).orderId)).lines[0].quantity).toBe(1);
  });

  it("limits how many checkouts one buyer starts in a window", async () => {
    const user = await buyer();
    const a = await product({ quantity: 99 });
    for (let i = 0; i < CHECKOUT_LIMIT.max; i++) expect((await startCheckout(user, [{ productId: a.id, quantity: 1 }], ORIGIN)).ok).toBe(true);
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
    await expect(checkoutRoute.action({ request: request(cart.split(";")[0]), params: {}, context: {} })).rejects.toMatchObject({ status: 302 });
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
    const response = await call({ products: [{ _id: a.id, price: 0.01, name: "free" }, { _id: a.id, price: 0.01 }, { _id: a.id, quantity: 2 }] }, token);
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
    expect((await call({ products: [{ _id: "'; DROP TABLE \"Order\";--" }] }, token)).status).toBe(400);
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
    const session = { id: sessionId, object: "checkout.session", payment_status: "paid", metadata: { orderId } };
    const { payload, signature } = signedEvent("checkout.session.completed", session);
    expect((await postWebhook(payload)).status).toBe(400);
    expect((await postWebhook(payload, "t=1,v1=deadbeef")).status).toBe(400);
    const forged = signer.webhooks.generateTestHeaderString({ payload, secret: "whsec_someone_else" });
    expect((await postWebhook(payload, forged)).status).toBe(400);
    expect((await postWebhook(payload.replace('"paid"', '"paid" '), signature)).status).toBe(400);
    expect((await orderOf(orderId)).paymentStatus).toBe("PENDING");
    expect(await stockOf(a.id)).toBe(5);
    expect((await postWebhook(payload, signature)).status).toBe(200);
    expect(await stockOf(a.id)).toBe(4);
  });

  it("an expired session marks the payment Failed; a late expiry never downgrades a paid order", async () => {
    const a = await product({ quantity: 5 });
    const first = await checkout([{ productId: a.id, quantity: 1 }]);
    // Through the SDK; the stand-in then sends checkout.session.expired to the webhook.
    expect((await stripe().checkout.sessions.expire(first.sessionId)).status).toBe("expired");
    expect((await orderOf(first.orderId)).paymentStatus).toBe("FAILED");

    const second = await checkout([{ productId: a.id, quantity: 1 }]);
    await pay(second.sessionId);
    const late = signedEvent("checkout.session.expired", { id: second.sessionId, object: "checkout.session", payment_status: "unpaid", metadata: { orderId: second.orderId } });
    expect((await postWebhook(late.payload, late.signature)).status).toBe(200);
    expect((await orderOf(second.orderId)).paymentStatus).toBe("SUCCEEDED");
    expect(await stockOf(a.id)).toBe(4);
  });

  it("applies events in any order: failed then succeeded ends paid, with stock taken once", async () => {
    const a = await product({ quantity: 5 });
    const { orderId, sessionId } = await checkout([{ productId: a.id, quantity: 2 }]);
    const session = { id: sessionId, object: "checkout.session", metadata: { orderId } };
    expect(await fulfilFromEvent({ type: "checkout.session.async_payment_failed", data: { object: { ...session, payment_status: "unpaid" } } } as never)).toMatchObject({ outcome: "failed" });
    expect(await fulfilFromEvent({ type: "checkout.session.async_payment_succeeded", data: { object: { ...session, payment_status: "paid" } } } as never)).toMatchObject({ outcome: "paid" });
    expect(await fulfilFromEvent({ type: "checkout.session.completed", data: { object: { ...session, payment_status: "paid" } } } as never)).toMatchObject({ outcome: "already-paid" });
    expect(await fulfilFromEvent({ type: "checkout.session.expired", data: { object: { ...session, payment_status: "unpaid" } } } as never)).toMatchObject({ outcome: "unchanged" });
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
    expect(await fulfilFromEvent({ type: "checkout.session.completed", data: { object: { id: "cs_test_unknown", payment_status: "paid", metadata: {} } } } as never)).toMatchObject({ outcome: "ignored" });
    expect(await fulfilFromEvent({ type: "checkout.session.completed", data: { object: { id: "cs_test_other", payment_status: "paid", metadata: { orderId } } } } as never)).toMatchObject({ outcome: "ignored" });
    expect((await orderOf(orderId)).paymentStatus).toBe("PENDING");
    expect(await stockOf(a.id)).toBe(5);
  });

  it("when two paid orders want the last unit, both stand, stock stops at 0 and the shortfall is reported", async () => {
    const last = await product({ quantity: 1 });
    const first = await checkout([{ productId: last.id, quantity: 1 }]);
    const second = await checkout([{ productId: last.id, quantity: 1 }]);
    const event = (o: { orderId: string; sessionId: string }) =>
      ({ type: "checkout.session.completed", data: { object: { id: o.sessionId, payment_status: "paid", metadata: { orderId: o.orderId } } } }) as never;
    const results = await Promise.all([fulfilFromEvent(event(first)), fulfilFromEvent(event(second))]);
    expect(results.map((r) => r.outcome)).toEqual(["paid", "paid"]);
    const shortages = results.flatMap((r) => (r.outcome === "paid" ? r.shortages : []));
    expect(shortages).toEqual([{ productId: last.id, name: last.name, inStock: 0, bought: 1 }]);
    expect(await stockOf(last.id)).toBe(0);
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
  });
});

// Last: it stops the stand-in.
describe("when Stripe cannot be reached", () => {
  it("says 'Failed to create Stripe session', marks the order failed and takes nothing", async () => {
    const a = await product({ quantity: 5 });
    const user = await buyer();
    await fake.stop();
    const result = await startCheckout(user, [{ productId: a.id, quantity: 1 }], ORIGIN);
    expect(result).toEqual({ ok: false, status: 502, message: STRIPE_SESSION_FAILED });
    const order = await db.order.findFirstOrThrow({ where: { buyerId: user.id } });
    expect(order).toMatchObject({ paymentStatus: "FAILED", stripeSessionId: null });
    expect(await stockOf(a.id)).toBe(5);
  });
});
