// Refunds on a real PostgreSQL and the project's Stripe stand-in: in full, by
// lines, a double request, two admins at once, stock back, the cap on what
// was charged, Cancel on a paid order, and the API endpoint.
import { describe, expect, it, vi } from "vitest";

const fake = await vi.hoisted(async () => {
  const { startStripeStandIn } = await import("./stripe-stand-in");
  return startStripeStandIn("whsec_refunds_test_secret");
});

import { updateOrderStatus } from "~/domain/orders/order.server";
import { refundInputSchema } from "~/domain/payments/refund";
import { refundPaidOrder, retryPendingRefunds } from "~/domain/payments/refund.server";
import { Role } from "~/domain/accounts/user";
import * as adminOrderRoute from "~/routes/dashboard.admin.orders_.$number";
import { db } from "~/utils/db.server";
import { stripe } from "~/domain/payments/stripe.server";
import {
  apiAuth,
  browserAuth,
  createOrder,
  createProduct,
  get,
  jsonRequest,
  postForm,
  respond,
  signedIn,
  tag,
} from "../fixtures/integration";
import { dispatch } from "./api-harness";

/** A paid order whose payment the stand-in knows: two lines (2 × $10.00, 1 × $5.50) of products with 3 left each. */
async function paidOrder({ totalCents }: { totalCents?: number } = {}) {
  const lamp = await createProduct({ priceCents: 1000, quantity: 3 });
  const bulb = await createProduct({ priceCents: 550, quantity: 3 });
  const intentId = `pi_test_${tag()}`;
  const order = await createOrder({
    paymentStatus: "SUCCEEDED",
    paidAt: new Date(),
    stripePaymentIntentId: intentId,
    totalCents,
    lines: [
      { productId: lamp.id, unitPriceCents: 1000, quantity: 2 },
      { productId: bulb.id, unitPriceCents: 550, quantity: 1 },
    ],
  });
  fake.paymentIntents.set(intentId, {
    id: intentId,
    amount: order.totalCents,
    amount_received: order.totalCents,
    currency: "usd",
    status: "succeeded",
    metadata: { orderId: order.id },
  });
  const [lampLine, bulbLine] = [...order.lines].sort((a, b) => a.unitPriceCents - b.unitPriceCents).reverse();
  return { order, intentId, lamp, bulb, lampLine, bulbLine };
}

const input = (fields: Record<string, unknown>) => refundInputSchema.parse({ reason: "Damaged in transit", ...fields });
const stripeRefunds = (intentId: string) => [...fake.refunds.values()].filter((refund) => refund.payment_intent === intentId);
const stockOf = async (id: string) => (await db.product.findUniqueOrThrow({ where: { id } })).quantity;
const orderOf = (id: string) => db.order.findUniqueOrThrow({ where: { id }, include: { refunds: { include: { lines: true } } } });

describe("refunds", () => {
  it("in full: Stripe refunds what was charged, the order reads Refunded and every unit goes back in stock", async () => {
    const admin = await signedIn(Role.Admin);
    const { order, intentId, lamp, bulb } = await paidOrder();
    const outcome = await refundPaidOrder(order.id, input({}), admin.id);
    expect(outcome).toMatchObject({ ok: true, replayed: false, refund: { amountCents: 2550, status: "SUCCEEDED" } });
    expect(stripeRefunds(intentId).map((refund) => refund.amount)).toEqual([2550]);
    const after = await orderOf(order.id);
    expect(after).toMatchObject({ paymentStatus: "REFUNDED", refundedCents: 2550 });
    expect(after.refunds[0]).toMatchObject({ reason: "Damaged in transit", restocked: true, byId: admin.id, status: "SUCCEEDED" });
    expect(after.refunds[0].stripeRefundId).toMatch(/^re_/);
    expect([await stockOf(lamp.id), await stockOf(bulb.id)]).toEqual([5, 4]);
    // Nothing is left: a second refund is refused and Stripe is not asked.
    expect(await refundPaidOrder(order.id, input({}), admin.id)).toMatchObject({ ok: false, status: 409 });
    expect(stripeRefunds(intentId)).toHaveLength(1);
  });

  it("by lines: unit price × quantity, partly refunded, and only the chosen units back (none when not asked)", async () => {
    const admin = await signedIn(Role.Admin);
    const { order, intentId, lamp, bulb, lampLine, bulbLine } = await paidOrder();
    const first = await refundPaidOrder(order.id, input({ lines: [{ lineId: lampLine.id, quantity: 1 }] }), admin.id);
    expect(first).toMatchObject({ ok: true, refund: { amountCents: 1000 } });
    expect(await orderOf(order.id)).toMatchObject({ paymentStatus: "SUCCEEDED", refundedCents: 1000 });
    expect(await stockOf(lamp.id)).toBe(4);
    const second = await refundPaidOrder(order.id, input({ restock: false, lines: [{ lineId: bulbLine.id, quantity: 1 }] }), admin.id);
    expect(second).toMatchObject({ ok: true, refund: { amountCents: 550 } });
    expect(await stockOf(bulb.id)).toBe(3);
    // One lamp is left to refund, not two.
    const tooMany = await refundPaidOrder(order.id, input({ lines: [{ lineId: lampLine.id, quantity: 2 }] }), admin.id);
    expect(tooMany).toMatchObject({ ok: false, status: 409, message: expect.stringContaining("Only 1 of") });
    // A line of another order is not this order's.
    const other = await paidOrder();
    expect(await refundPaidOrder(order.id, input({ lines: [{ lineId: other.lampLine.id, quantity: 1 }] }), admin.id)).toMatchObject({
      ok: false,
      status: 400,
    });
    // The rest, in full, closes it.
    expect(await refundPaidOrder(order.id, input({}), admin.id)).toMatchObject({ ok: true, refund: { amountCents: 1000 } });
    expect(await orderOf(order.id)).toMatchObject({ paymentStatus: "REFUNDED", refundedCents: 2550 });
    expect(stripeRefunds(intentId).map((refund) => refund.amount)).toEqual([1000, 550, 1000]);
  });

  it("a discounted order's lines give back what they were charged, and together exactly what was paid", async () => {
    const admin = await signedIn(Role.Admin);
    // Charged $20.00 for $25.50 of lines: the $5.50 off is shared $4.31 and $1.19 (largest remainder).
    const { order, lampLine, bulbLine } = await paidOrder({ totalCents: 2000 });
    const lamps = await refundPaidOrder(order.id, input({ lines: [{ lineId: lampLine.id, quantity: 2 }] }), admin.id);
    expect(lamps).toMatchObject({ ok: true, refund: { amountCents: 1569 } });
    expect(await orderOf(order.id)).toMatchObject({ paymentStatus: "SUCCEEDED", refundedCents: 1569 });
    const bulb = await refundPaidOrder(order.id, input({ lines: [{ lineId: bulbLine.id, quantity: 1 }] }), admin.id);
    expect(bulb).toMatchObject({ ok: true, refund: { amountCents: 431 } });
    expect(await orderOf(order.id)).toMatchObject({ paymentStatus: "REFUNDED", refundedCents: 2000 });
  });

  it("a double request (same request key, also at once) refunds once", async () => {
    const admin = await signedIn(Role.Admin);
    const { order, intentId, lamp } = await paidOrder();
    const requestKey = `key-${tag()}`;
    const ask = () => refundPaidOrder(order.id, input({ requestKey, lines: [{ lineId: order.lines[0].id, quantity: 1 }] }), admin.id);
    const [a, b] = await Promise.all([ask(), ask()]);
    const again = await ask();
    for (const outcome of [a, b, again]) expect(outcome.ok).toBe(true);
    expect([a, b, again].filter((outcome) => outcome.ok && outcome.replayed)).toHaveLength(2);
    expect(stripeRefunds(intentId)).toHaveLength(1);
    const after = await orderOf(order.id);
    expect(after.refunds).toHaveLength(1);
    expect(after.refundedCents).toBe(after.refunds[0].amountCents);
    expect((await stockOf(lamp.id)) + (await stockOf(order.lines[1].productId!))).toBe(7);
  });

  it("two admins at once can never refund more than what is left", async () => {
    const [one, two] = [await signedIn(Role.Admin), await signedIn(Role.Admin)];
    const { order, intentId } = await paidOrder();
    const outcomes = await Promise.all([
      refundPaidOrder(order.id, input({}), one.id),
      refundPaidOrder(order.id, input({}), two.id),
      refundPaidOrder(order.id, input({ lines: [{ lineId: order.lines[0].id, quantity: 2 }] }), two.id),
    ]);
    const done = outcomes.filter((outcome) => outcome.ok);
    const given = done.reduce((sum, outcome) => sum + (outcome.ok ? outcome.refund.amountCents : 0), 0);
    expect(given).toBe(2550);
    expect(stripeRefunds(intentId).reduce((sum, refund) => sum + refund.amount, 0)).toBe(2550);
    expect(outcomes.filter((outcome) => !outcome.ok).every((outcome) => !outcome.ok && outcome.status === 409)).toBe(true);
    expect(await orderOf(order.id)).toMatchObject({ refundedCents: 2550, paymentStatus: "REFUNDED" });
  });

  it("an answer lost on the way: the refund stays pending (its amount held) and the retry, same idempotency key, refunds once", async () => {
    const admin = await signedIn(Role.Admin);
    const { order, intentId, lamp } = await paidOrder();
    const refunds = stripe().refunds;
    const real = refunds.create.bind(refunds);
    // Stripe makes the refund, but the answer never reaches the shop.
    const lost = vi.spyOn(refunds, "create").mockImplementationOnce(async (...args: Parameters<typeof refunds.create>) => {
      await real(...args);
      throw Object.assign(new Error("socket hang up"), { type: "StripeConnectionError" });
    });
    const outcome = await refundPaidOrder(order.id, input({}), admin.id);
    lost.mockRestore();
    expect(outcome).toMatchObject({ ok: true, refund: { status: "PENDING" } });
    expect(await orderOf(order.id)).toMatchObject({ refundedCents: 2550, paymentStatus: "SUCCEEDED" });
    expect(await stockOf(lamp.id)).toBe(3); // units go back once Stripe confirms
    // Meanwhile nothing more can be refunded.
    expect(await refundPaidOrder(order.id, input({}), admin.id)).toMatchObject({ ok: false, status: 409 });

    const [refund] = (await orderOf(order.id)).refunds;
    await db.refund.update({ where: { id: refund.id }, data: { createdAt: new Date(Date.now() - 120_000) } });
    expect(await retryPendingRefunds()).toBeGreaterThanOrEqual(1);
    expect(await orderOf(order.id)).toMatchObject({
      paymentStatus: "REFUNDED",
      refunds: [expect.objectContaining({ status: "SUCCEEDED" })],
    });
    expect(await stockOf(lamp.id)).toBe(5);
    expect(stripeRefunds(intentId)).toHaveLength(1);
  });

  it("an order that is not paid cannot be refunded", async () => {
    const admin = await signedIn(Role.Admin);
    const pending = await createOrder({ paymentStatus: "PENDING", stripePaymentIntentId: "pi_x" });
    expect(await refundPaidOrder(pending.id, input({}), admin.id)).toMatchObject({ ok: false, status: 409 });
    expect(await refundPaidOrder("c".repeat(25), input({}), admin.id)).toMatchObject({ ok: false, status: 404 });
  });
});

describe("Cancel on a paid order", () => {
  it("is refused until it is refunded or the admin keeps the payment on purpose", async () => {
    const { order } = await paidOrder();
    expect(await updateOrderStatus(order.id, "CANCEL")).toMatchObject({ ok: false, status: 409 });
    expect(await updateOrderStatus(order.id, "PROCESSING")).toMatchObject({ ok: true });
    expect(await updateOrderStatus(order.id, "CANCEL", { keepPayment: true })).toMatchObject({ ok: true, order: { status: "CANCEL" } });
  });

  it("the screen sends the admin to the refund's confirmation; refunding with cancel=1 cancels", async () => {
    const admin = await signedIn(Role.Admin);
    const { order } = await paidOrder();
    const auth = await browserAuth(admin);
    const path = `/dashboard/admin/orders/${order.number}`;
    const refused = await respond(adminOrderRoute.action, postForm(path, { orderId: order.id, status: "CANCEL" }, auth), {
      number: String(order.number),
    });
    expect(refused.status).toBe(302);
    const review = refused.headers.get("Location")!;
    expect(review).toContain("refund=review");
    expect((await db.order.findUniqueOrThrow({ where: { id: order.id } })).status).toBe("NOT_PROCESS");

    const page = await respond(adminOrderRoute.loader, get(review, auth), { number: String(order.number) });
    const data = await page.json();
    expect(data.review).toMatchObject({ ok: true, amountCents: 2550, cancel: true });
    const confirmed = await respond(
      adminOrderRoute.action,
      postForm(
        path,
        { intent: "refund", requestKey: data.review.requestKey, mode: "all", reason: "Order cancelled", restock: "on", cancel: "1" },
        auth,
      ),
      { number: String(order.number) },
    );
    expect(confirmed.status).toBe(302);
    expect(await db.order.findUniqueOrThrow({ where: { id: order.id } })).toMatchObject({ status: "CANCEL", paymentStatus: "REFUNDED" });
  });

  it("the API answers 409, and refunds through POST /api/v1/order/{id}/refund (once per requestKey)", async () => {
    const admin = await signedIn(Role.Admin);
    const { order, intentId, lampLine } = await paidOrder();
    const status = await dispatch(jsonRequest("PUT", `/api/v1/user/order-status/${order.id}`, { status: "Cancel" }, apiAuth(admin)));
    expect(status.status).toBe(409);
    expect((await status.json()).message).toContain("not refunded");

    const body = { reason: "Too late", requestKey: `api-${tag()}`, lines: [{ lineId: lampLine.id, quantity: 1 }] };
    const first = await dispatch(jsonRequest("POST", `/api/v1/order/${order.id}/refund`, body, apiAuth(admin)));
    expect(first.status).toBe(201);
    expect(await first.json()).toMatchObject({
      success: true,
      refund: { amountCents: 1000, status: "SUCCEEDED", orderNumber: order.number },
    });
    const again = await dispatch(jsonRequest("POST", `/api/v1/order/${order.id}/refund`, body, apiAuth(admin)));
    expect(again.status).toBe(200);
    expect(stripeRefunds(intentId)).toHaveLength(1);

    const user = await signedIn(Role.User);
    const refused = await dispatch(jsonRequest("POST", `/api/v1/order/${order.id}/refund`, { reason: "mine" }, apiAuth(user)));
    expect(refused.status).toBe(403);
  });
});
