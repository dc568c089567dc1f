// Discount codes on a real PostgreSQL and the Stripe stand-in: the rules
// (start, end, minimum, per customer, uses), the rounding, the use reserved
// at checkout and given back when the attempt ends unpaid, what Stripe is
// asked to charge, refunds, the cart's screens and the admin API.
import { afterAll, describe, expect, it, vi } from "vitest";

const fake = await vi.hoisted(async () => {
  const { startStripeStandIn } = await import("./stripe-stand-in");
  return startStripeStandIn("whsec_discount_tests");
});

import { Role } from "~/domain/accounts/user";
import { cancelCheckout } from "~/domain/checkout/cancel.server";
import { confirmCheckoutSession } from "~/domain/checkout/reconcile.server";
import { fulfilFromEvent } from "~/domain/checkout/settle.server";
import { refundOrder } from "~/domain/payments/automatic-refund.server";
import { startCheckout } from "~/domain/checkout/start.server";
import { type Buyer } from "~/domain/checkout/rules.server";
import {
  checkDiscount,
  createDiscount,
  discountCentsFor,
  discountInputSchema,
  getDiscount,
  updateDiscount,
} from "~/domain/discounts/discount.server";
import { discountCodeCookie } from "~/http/discount-cookie.server";
import type { DiscountInput } from "~/domain/discounts/discount.schema";
import { releaseExpiredReservations } from "~/domain/checkout/reconcile.server";
import { cartCookie, serializeCart } from "~/http/cart-cookie.server";
import * as cartRoute from "~/routes/cart/route";
import * as discountLinkRoute from "~/routes/discount.$code";
import * as successRoute from "~/routes/success";
import { db } from "~/utils/db.server";
import { parseInput } from "~/utils/validation";
import type { Stripe } from "~/domain/payments/stripe.server";
import { dispatch } from "./api-harness";
import {
  apiAuth,
  cookieFor,
  createProduct,
  createUser,
  expectFailure,
  expectOk,
  get,
  jsonRequest,
  ORIGIN,
  postForm,
  respond,
  signedIn,
  tag,
} from "../fixtures/integration";

afterAll(async () => {
  await fake.stop().catch(() => {});
});

const HOUR = 60 * 60 * 1000;

/** A code straight through the one schema, as the form and the API send it. */
async function makeCode(fields: Record<string, unknown> = {}) {
  const parsed = parseInput(discountInputSchema, { code: `T-${tag()}`, kind: "percent", percentOff: "10", ...fields });
  if (!parsed.success) throw new Error(parsed.message);
  return expectOk(await createDiscount(parsed.data)).discount;
}

async function buyer(): Promise<Buyer & { id: string }> {
  const user = await createUser();
  return { id: user.id, email: user.email, name: user.name, address: user.address, phone: user.phone };
}

const usesOf = async (id: string) => {
  const row = await db.discount.findUniqueOrThrow({ where: { id }, select: { usesReserved: true, usesPaid: true } });
  return row;
};

/** Pay on the stand-in's page (its webhook goes nowhere), then let the success page's check apply it. */
async function pay(sessionId: string, buyerId: string) {
  await fetch(`${fake.url}/pay/${sessionId}/confirm`, { method: "POST", redirect: "manual" });
  return confirmCheckoutSession(sessionId, buyerId);
}

describe("the amount", () => {
  it("rounds a percent half a cent up, never goes negative, and caps a fixed amount at the subtotal", () => {
    const percent = (p: number) => ({ percentOff: p, amountOffCents: null });
    const amount = (cents: number) => ({ percentOff: null, amountOffCents: cents });
    expect(discountCentsFor(percent(10), 1005)).toBe(101); // 100.5 → 101
    expect(discountCentsFor(percent(10), 1004)).toBe(100); // 100.4 → 100
    expect(discountCentsFor(percent(15), 333)).toBe(50); // 49.95 → 50
    expect(discountCentsFor(percent(33), 100)).toBe(33);
    expect(discountCentsFor(percent(100), 4321)).toBe(4321);
    expect(discountCentsFor(percent(10), 0)).toBe(0);
    expect(discountCentsFor(amount(500), 300)).toBe(300);
    expect(discountCentsFor(amount(500), 1300)).toBe(500);
    expect(discountCentsFor(amount(500), -10)).toBe(0);
  });

  it("is what Stripe charges and what the order records: subtotal − discount = total", async () => {
    const product = await createProduct({ priceCents: 333, quantity: 20 });
    const code = await makeCode({ percentOff: "15" });
    const shopper = await buyer();
    const started = expectOk(await startCheckout(shopper, [{ productId: product.id, quantity: 3 }], ORIGIN, { discountCode: code.code }));
    const order = await db.order.findUniqueOrThrow({ where: { id: started.orderId } });
    // 3 × $3.33 = $9.99; 15% = 149.85 cents → 150.
    expect(order).toMatchObject({ subtotalCents: 999, discountCents: 150, totalCents: 849, discountCode: code.code, discountId: code.id });
    const session = fake.sessions.get(started.sessionId)!;
    expect(session.amount_subtotal).toBe(999);
    expect(session.total_details.amount_discount).toBe(150);
    expect(session.amount_total).toBe(order.totalCents);
    const paid = await pay(started.sessionId, shopper.id);
    expect(paid?.paymentStatus).toBe("SUCCEEDED");
    expect(await usesOf(code.id)).toEqual({ usesReserved: 0, usesPaid: 1 });
    const intent = [...fake.paymentIntents.values()].find((pi) => pi.metadata.orderId === order.id)!;
    expect(intent.amount).toBe(849);
  });

  it("still needs Stripe's minimum charge after the discount", async () => {
    const product = await createProduct({ priceCents: 1000, quantity: 5 });
    const code = await makeCode({ kind: "amount", amountOff: "9.80" });
    const result = expectFailure(
      await startCheckout(await buyer(), [{ productId: product.id, quantity: 1 }], ORIGIN, { discountCode: code.code }),
    );
    expect(result).toMatchObject({ status: 400, message: "The order total must be at least $0.50" });
    expect(await usesOf(code.id)).toEqual({ usesReserved: 0, usesPaid: 0 });
  });
});

describe("the rules", () => {
  it("refuses unknown, inactive, not started, expired and below-minimum codes, saying which", async () => {
    const now = Date.now();
    expect(expectFailure(await checkDiscount("NO-SUCH-CODE", 5000))).toMatchObject({
      reason: "unknown",
      message: "There is no discount code NO-SUCH-CODE.",
    });
    const later = await makeCode({ startsAt: new Date(now + 24 * HOUR).toISOString() });
    expect(expectFailure(await checkDiscount(later.code, 5000))).toMatchObject({ reason: "not-started" });
    expect(expectFailure(await checkDiscount(later.code, 5000)).message).toMatch(/^The code T-\w+ starts on .+ UTC\.$/);
    const past = await makeCode({ startsAt: new Date(now - 48 * HOUR).toISOString(), endsAt: new Date(now - HOUR).toISOString() });
    expect(expectFailure(await checkDiscount(past.code, 5000))).toMatchObject({ reason: "expired" });
    expect(expectFailure(await checkDiscount(past.code, 5000)).message).toMatch(/expired on .+ UTC\.$/);
    const minimum = await makeCode({ minSubtotal: "50" });
    expect(expectFailure(await checkDiscount(minimum.code, 4999))).toMatchObject({
      reason: "minimum",
      message: `The code ${minimum.code} needs a subtotal of at least $50.00.`,
    });
    expect(expectOk(await checkDiscount(minimum.code, 5000)).discountCents).toBe(500);
    // Any case applies; a window that is open applies.
    const open = await makeCode({ startsAt: new Date(now - HOUR).toISOString(), endsAt: new Date(now + HOUR).toISOString() });
    expect(expectOk(await checkDiscount(open.code.toLowerCase(), 2000)).discountCents).toBe(200);
    const off = await makeCode();
    await db.discount.update({ where: { id: off.id }, data: { active: false } });
    expect(expectFailure(await checkDiscount(off.code, 5000))).toMatchObject({ reason: "inactive" });
  });

  it("checkout refuses them too, before anything is reserved or charged", async () => {
    const product = await createProduct({ priceCents: 2000, quantity: 5 });
    const expired = await makeCode({ endsAt: new Date(Date.now() - HOUR).toISOString() });
    const sessionsBefore = fake.sessions.size;
    const shopper = await buyer();
    const refused = expectFailure(
      await startCheckout(shopper, [{ productId: product.id, quantity: 1 }], ORIGIN, { discountCode: expired.code }),
    );
    expect(refused.status).toBe(409);
    expect(refused.message).toMatch(/expired/);
    expect(
      expectFailure(await startCheckout(shopper, [{ productId: product.id, quantity: 1 }], ORIGIN, { discountCode: "NOPE-1" })).status,
    ).toBe(400);
    expect(fake.sessions.size).toBe(sessionsBefore);
    expect((await db.product.findUniqueOrThrow({ where: { id: product.id } })).quantity).toBe(5);
    expect(await db.order.count({ where: { buyerId: shopper.id } })).toBe(0);
  });

  it("once per customer: a paid order uses it up for that buyer only", async () => {
    const product = await createProduct({ priceCents: 2000, quantity: 10 });
    const code = await makeCode({ oncePerCustomer: "on" });
    const shopper = await buyer();
    const first = expectOk(await startCheckout(shopper, [{ productId: product.id, quantity: 1 }], ORIGIN, { discountCode: code.code }));
    // Going back and checking out again replaces the attempt: not a second use.
    const again = expectOk(await startCheckout(shopper, [{ productId: product.id, quantity: 1 }], ORIGIN, { discountCode: code.code }));
    expect(await db.order.findUniqueOrThrow({ where: { id: first.orderId } })).toMatchObject({ paymentStatus: "CANCELLED" });
    expect(await usesOf(code.id)).toEqual({ usesReserved: 1, usesPaid: 0 });
    await pay(again.sessionId, shopper.id);
    const refused = expectFailure(
      await startCheckout(shopper, [{ productId: product.id, quantity: 1 }], ORIGIN, { discountCode: code.code }),
    );
    expect(refused).toMatchObject({ status: 409 });
    expect(refused.message).toContain(`You have already used the code ${code.code}.`);
    expect(expectFailure(await checkDiscount(code.code, 2000, { buyerId: shopper.id })).reason).toBe("already-used");
    expectOk(await startCheckout(await buyer(), [{ productId: product.id, quantity: 1 }], ORIGIN, { discountCode: code.code }));
  });

  it("10 shoppers at once with a 3-use code: exactly 3 discounted orders, the others told it is used up", async () => {
    const product = await createProduct({ priceCents: 2000, quantity: 100 });
    const code = await makeCode({ maxUses: "3", percentOff: "25" });
    const shoppers = await Promise.all(Array.from({ length: 10 }, buyer));
    const sessionsBefore = fake.sessions.size;
    const results = await Promise.all(
      shoppers.map((shopper) => startCheckout(shopper, [{ productId: product.id, quantity: 1 }], ORIGIN, { discountCode: code.code })),
    );
    const started = results.filter((result) => result.ok);
    const refused = results.filter((result) => !result.ok);
    expect(started).toHaveLength(3);
    expect(refused).toHaveLength(7);
    for (const result of refused)
      expect(result).toMatchObject({ status: 409, message: `The code ${code.code} has been used up. Nothing was charged.` });
    expect(fake.sessions.size - sessionsBefore).toBe(3);
    const orders = await db.order.findMany({ where: { buyerId: { in: shoppers.map((s) => s.id) } } });
    expect(orders).toHaveLength(3);
    for (const order of orders) expect(order).toMatchObject({ discountId: code.id, discountCents: 500, totalCents: 1500 });
    expect(await usesOf(code.id)).toEqual({ usesReserved: 3, usesPaid: 0 });
    expect((await db.product.findUniqueOrThrow({ where: { id: product.id } })).quantity).toBe(97);
  });
});

describe("a reserved use", () => {
  async function held(maxUses = "1") {
    const product = await createProduct({ priceCents: 2000, quantity: 10 });
    const code = await makeCode({ maxUses });
    const shopper = await buyer();
    const started = expectOk(await startCheckout(shopper, [{ productId: product.id, quantity: 1 }], ORIGIN, { discountCode: code.code }));
    expect(await usesOf(code.id)).toEqual({ usesReserved: 1, usesPaid: 0 });
    // The only use is held: nobody else gets it meanwhile.
    expect(expectFailure(await checkDiscount(code.code, 2000)).reason).toBe("used-up");
    return { product, code, shopper, started };
  }

  it("goes back once when the shopper cancels", async () => {
    const { code, shopper, started } = await held();
    expect(await cancelCheckout(started.orderId, shopper.id)).toBe("cancelled");
    expect(await cancelCheckout(started.orderId, shopper.id)).toBe("cancelled");
    expect(await usesOf(code.id)).toEqual({ usesReserved: 0, usesPaid: 0 });
    expectOk(await checkDiscount(code.code, 2000));
  });

  it("goes back once when the session expires (webhook, then the sweep finds nothing to do)", async () => {
    const { code, started } = await held();
    const session = fake.sessions.get(started.sessionId)!;
    session.status = "expired";
    const event = { type: "checkout.session.expired", data: { object: session as unknown as Stripe.Checkout.Session } } as const;
    expect((await fulfilFromEvent(event)).outcome).toBe("cancelled");
    expect((await fulfilFromEvent(event)).outcome).toBe("unchanged");
    await releaseExpiredReservations(new Date(Date.now() + 48 * HOUR));
    expect(await usesOf(code.id)).toEqual({ usesReserved: 0, usesPaid: 0 });
  });

  it("goes back when the sweep ends a hold Stripe never reported", async () => {
    const { code, started } = await held();
    expect(await releaseExpiredReservations(new Date(Date.now() + 48 * HOUR))).toBeGreaterThanOrEqual(1);
    expect(await db.order.findUniqueOrThrow({ where: { id: started.orderId } })).toMatchObject({ paymentStatus: "CANCELLED" });
    expect(await usesOf(code.id)).toEqual({ usesReserved: 0, usesPaid: 0 });
  });

  it("goes back when the payment fails", async () => {
    const { code, started } = await held();
    const session = fake.sessions.get(started.sessionId)!;
    const event = {
      type: "checkout.session.async_payment_failed",
      data: { object: session as unknown as Stripe.Checkout.Session },
    } as const;
    expect((await fulfilFromEvent(event)).outcome).toBe("failed");
    expect(await usesOf(code.id)).toEqual({ usesReserved: 0, usesPaid: 0 });
  });
});

describe("refunds", () => {
  it("give back what was paid (the discounted total), never more", async () => {
    const product = await createProduct({ priceCents: 4000, quantity: 1 });
    const code = await makeCode({ kind: "amount", amountOff: "7.50" });
    const shopper = await buyer();
    const started = expectOk(await startCheckout(shopper, [{ productId: product.id, quantity: 1 }], ORIGIN, { discountCode: code.code }));
    // The hold ends unpaid and someone else buys the last unit; then the payment arrives: it is refunded.
    await releaseExpiredReservations(new Date(Date.now() + 48 * HOUR));
    await db.product.update({ where: { id: product.id }, data: { quantity: 0 } });
    await fetch(`${fake.url}/pay/${started.sessionId}/confirm`, { method: "POST", redirect: "manual" });
    const session = fake.sessions.get(started.sessionId)!;
    // As the webhook would deliver it (the stand-in's own goes nowhere here).
    const outcome = await fulfilFromEvent({
      type: "checkout.session.completed",
      data: { object: session as unknown as Stripe.Checkout.Session },
    });
    expect(outcome.outcome).toBe("refunded");
    expect(await refundOrder(started.orderId)).toBe(true);
    const order = await db.order.findUniqueOrThrow({ where: { id: started.orderId } });
    expect(order).toMatchObject({ paymentStatus: "REFUNDED", totalCents: 3250 });
    const refunds = [...fake.refunds.values()].filter((refund) => refund.payment_intent === session.payment_intent);
    expect(refunds.map((refund) => refund.amount)).toEqual([3250]);
    // A refunded order did not use the code.
    expect(await usesOf(code.id)).toEqual({ usesReserved: 0, usesPaid: 0 });
  });
});

describe("the admin's schema", () => {
  const parse = (fields: Record<string, unknown>) =>
    parseInput(discountInputSchema, { code: "SPRING-5", kind: "percent", percentOff: "5", ...fields });

  it("takes letters, digits and dashes, percent 1-100 or an amount, and an end after the start", () => {
    expect(parse({ code: "spring 5" })).toMatchObject({ success: false, errors: { code: "Use letters, digits and dashes only" } });
    expect(parse({ percentOff: "0" })).toMatchObject({ success: false, errors: { percentOff: "Enter a whole percent from 1 to 100" } });
    expect(parse({ percentOff: "101" })).toMatchObject({ success: false });
    expect(parse({ kind: "amount", percentOff: "" })).toMatchObject({
      success: false,
      errors: { amountOff: "Enter the amount off, e.g. 5.00" },
    });
    expect(parse({ startsAt: "2026-12-02T00:00", endsAt: "2026-12-01T00:00" })).toMatchObject({
      success: false,
      errors: { endsAt: "The end must come after the start" },
    });
    const ok = parse({
      code: "spring-5",
      kind: "amount",
      amountOff: "5",
      minSubtotal: "20",
      maxUses: "10",
      oncePerCustomer: "on",
      startsAt: "2026-12-01T09:00",
    });
    expect(ok).toEqual({
      success: true,
      data: {
        code: "SPRING-5",
        percentOff: null,
        amountOffCents: 500,
        minSubtotalCents: 2000,
        startsAt: new Date("2026-12-01T09:00:00Z"),
        endsAt: null,
        maxUses: 10,
        oncePerCustomer: true,
      } satisfies DiscountInput,
    });
  });

  it("keeps codes unique ignoring case, on create and on edit", async () => {
    const code = `Uniq-${tag()}`;
    await makeCode({ code });
    const again = expectFailure(await createDiscount({ ...(await makeInput(code.toLowerCase())) }));
    expect(again).toMatchObject({ status: 409, errors: { code: `The code ${code.toUpperCase()} already exists` } });
    const other = await makeCode();
    expect(expectFailure(await updateDiscount(other.id, await makeInput(code))).status).toBe(409);
    expect(expectOk(await updateDiscount(other.id, await makeInput(`${other.code}-B`))).discount.code).toBe(`${other.code}-B`);
  });

  async function makeInput(code: string): Promise<DiscountInput> {
    const parsed = parseInput(discountInputSchema, { code, kind: "percent", percentOff: "5" });
    if (!parsed.success) throw new Error(parsed.message);
    return parsed.data;
  }
});

describe("the API", () => {
  it("lets an admin list, create, update and deactivate codes; others are refused", async () => {
    const admin = await signedIn(Role.Admin);
    const user = await signedIn(Role.User);
    const code = `API-${tag()}`;
    const body = { code, kind: "amount", amountOff: 5, minSubtotal: 20, maxUses: 2, oncePerCustomer: true };
    expect((await dispatch(jsonRequest("POST", "/api/v1/discount/create", body, apiAuth(user)))).status).toBe(403);
    const created = await dispatch(jsonRequest("POST", "/api/v1/discount/create", body, apiAuth(admin)));
    expect(created.status).toBe(201);
    const { discount } = await created.json();
    expect(discount).toMatchObject({ code: code.toUpperCase(), amountOff: 5, percentOff: null, minSubtotal: 20, maxUses: 2, active: true });
    expect((await dispatch(jsonRequest("POST", "/api/v1/discount/create", body, apiAuth(admin)))).status).toBe(409);
    const bad = await dispatch(jsonRequest("POST", "/api/v1/discount/create", { ...body, code: "x y" }, apiAuth(admin)));
    expect(bad.status).toBe(400);

    const updated = await dispatch(
      jsonRequest("PUT", `/api/v1/discount/update/${discount._id}`, { ...body, kind: "percent", percentOff: 20 }, apiAuth(admin)),
    );
    expect((await updated.json()).discount).toMatchObject({ percentOff: 20, amountOff: null });
    const off = await dispatch(jsonRequest("POST", `/api/v1/discount/deactivate/${discount._id}`, undefined, apiAuth(admin)));
    expect((await off.json()).discount.active).toBe(false);
    expect(
      (await dispatch(jsonRequest("POST", "/api/v1/discount/deactivate/cxxxxxxxxxxxxxxxxxxxxxxxx", undefined, apiAuth(admin)))).status,
    ).toBe(404);
    const list = await (await dispatch(new Request(`${ORIGIN}/api/v1/discount/list`, { headers: apiAuth(admin) }))).json();
    expect(list.discounts.find((d: { _id: string }) => d._id === discount._id)).toMatchObject({
      active: false,
      uses: { paid: 0, reserved: 0 },
    });
  });

  it("checks out with a code and shows the discount on the buyer's orders", async () => {
    const user = await signedIn(Role.User);
    const product = await createProduct({ priceCents: 2500, quantity: 5 });
    const code = await makeCode({ percentOff: "20" });
    const response = await dispatch(
      jsonRequest(
        "POST",
        "/api/v1/product/payments",
        { products: [{ _id: product.id }], discountCode: code.code.toLowerCase() },
        apiAuth(user),
      ),
    );
    expect(response.status).toBe(200);
    const { id } = await response.json();
    await pay(id, user.id);
    const orders = await (await dispatch(new Request(`${ORIGIN}/api/v1/user/orders`, { headers: apiAuth(user) }))).json();
    expect(orders[0]).toMatchObject({ total: 20, subtotal: 25, discount: { code: code.code, amount: 5 } });
  });
});

describe("the cart", () => {
  async function cartFor(productId: string, quantity = 1) {
    const value = (await serializeCart([{ productId, quantity }])).split(";")[0];
    return value;
  }
  const cookieOf = (response: Response, name: string) =>
    response.headers
      .getSetCookie()
      .find((c) => c.startsWith(`${name}=`))
      ?.split(";")[0];

  it("applies a code (kept in its cookie), shows its line and the total, and removes it", async () => {
    const product = await createProduct({ priceCents: 3000, quantity: 5 });
    const code = await makeCode({ percentOff: "10" });
    const cart = await cartFor(product.id, 2);
    const applied = await respond(
      cartRoute.action,
      postForm("/cart", { intent: "apply-discount", code: code.code.toLowerCase() }, { Cookie: cart }),
    );
    expect(applied.status).toBe(302);
    const discountCookie = cookieOf(applied, "cart-discount")!;
    expect(discountCookie).toBeTruthy();
    const page = await (await respond(cartRoute.loader, get("/cart", { Cookie: `${cart}; ${discountCookie}` }))).json();
    expect(page.discount).toMatchObject({ code: code.code, discountCents: 600, totalCents: 5400, problem: null });

    const removed = await respond(
      cartRoute.action,
      postForm("/cart", { intent: "remove-discount" }, { Cookie: `${cart}; ${discountCookie}` }),
    );
    expect(cookieOf(removed, "cart-discount")).toBe("cart-discount=");
  });

  it("says why a code does not apply, in the page", async () => {
    const product = await createProduct({ priceCents: 1000, quantity: 5 });
    const cart = await cartFor(product.id);
    const unknown = await respond(cartRoute.action, postForm("/cart", { intent: "apply-discount", code: "NOPE-NOPE" }, { Cookie: cart }));
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ discountError: "There is no discount code NOPE-NOPE.", code: "NOPE-NOPE" });
    expect(cookieOf(unknown, "cart-discount")).toBeUndefined();
    const malformed = await respond(cartRoute.action, postForm("/cart", { intent: "apply-discount", code: "<b>" }, { Cookie: cart }));
    expect(malformed.status).toBe(400);
    expect((await malformed.json()).discountError).toBe("Use letters, digits and dashes only");

    // Below its minimum: kept (adding items makes it apply), with the minimum named.
    const minimum = await makeCode({ minSubtotal: "25" });
    const short = await respond(cartRoute.action, postForm("/cart", { intent: "apply-discount", code: minimum.code }, { Cookie: cart }));
    expect(short.status).toBe(409);
    expect((await short.json()).discountError).toBe(`The code ${minimum.code} needs a subtotal of at least $25.00.`);
    const kept = cookieOf(short, "cart-discount")!;
    const page = await (await respond(cartRoute.loader, get("/cart", { Cookie: `${cart}; ${kept}` }))).json();
    expect(page.discount).toMatchObject({
      code: minimum.code,
      discountCents: 0,
      totalCents: 1000,
      problem: `The code ${minimum.code} needs a subtotal of at least $25.00.`,
    });
    const bigger = await cartFor(product.id, 3);
    const enough = await (await respond(cartRoute.loader, get("/cart", { Cookie: `${bigger}; ${kept}` }))).json();
    expect(enough.discount).toMatchObject({ discountCents: 300, totalCents: 2700, problem: null });
  });

  it("/discount/CODE applies a code and goes to the cart, which says why one fails", async () => {
    const code = await makeCode();
    const link = await respond(discountLinkRoute.loader, get(`/discount/${code.code.toLowerCase()}`), { code: code.code.toLowerCase() });
    expect(link.status).toBe(302);
    expect(link.headers.get("Location")).toBe("/cart");
    expect(cookieOf(link, "cart-discount")).toBeTruthy();

    const expired = await makeCode({ endsAt: new Date(Date.now() - HOUR).toISOString() });
    const refused = await respond(discountLinkRoute.loader, get(`/discount/${expired.code}`), { code: expired.code });
    expect(refused.headers.get("Location")).toBe(`/cart?discount=${expired.code}`);
    expect(cookieOf(refused, "cart-discount")).toBeUndefined();
    const page = await (await respond(cartRoute.loader, get(`/cart?discount=${expired.code}`))).json();
    expect(page.triedRefusal.discountError).toMatch(new RegExp(`^The code ${expired.code} expired on`));
  });

  it("the success page forgets the used code with the cart", async () => {
    const user = await signedIn(Role.User);
    const product = await createProduct({ priceCents: 2000, quantity: 5 });
    const code = await makeCode();
    const started = expectOk(
      await startCheckout({ ...user, id: user.id }, [{ productId: product.id, quantity: 1 }], ORIGIN, { discountCode: code.code }),
    );
    await fetch(`${fake.url}/pay/${started.sessionId}/confirm`, { method: "POST", redirect: "manual" });
    const cookies = `${await cookieFor(user.token)}; ${await cartFor(product.id)}; ${(await discountCodeCookie(code.code)).split(";")[0]}`;
    const first = await respond(successRoute.loader, get(`/success?session_id=${started.sessionId}`, { Cookie: cookies }));
    expect(first.status).toBe(302);
    expect(cookieOf(first, "cart-discount")).toBe("cart-discount=");
    expect(cookieOf(first, cartCookie().name)).toBe(`${cartCookie().name}=`);
    const page = await (
      await respond(successRoute.loader, get(`/success?session_id=${started.sessionId}&cleared=1`, { Cookie: await cookieFor(user.token) }))
    ).json();
    expect(page.order).toMatchObject({ totalCents: 1800, discountCents: 200, discountCode: code.code });
    expect(await getDiscount(code.id)).toMatchObject({ usesPaid: 1, usesReserved: 0 });
  });
});
