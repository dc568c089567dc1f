// Returns on a real PostgreSQL and the project's Stripe stand-in: asked for,
// approved, received with restock and refunded exactly what the lines were
// charged; the same step again (and parallel requests) does nothing more; the
// window; steps out of order answer 409; the declined path; the API.
import { describe, expect, it, vi } from "vitest";

const fake = await vi.hoisted(async () => {
  const { startStripeStandIn } = await import("./stripe-stand-in");
  return startStripeStandIn("whsec_returns_test_secret");
});

import { Role } from "~/domain/accounts/user";
import { salesStats } from "~/domain/orders/stats.server";
import { returnRequestSchema } from "~/domain/returns/return";
import { approveReturn, declineReturn, receiveReturn, refundReturn, requestReturn, returnableOf } from "~/domain/returns/return.server";
import { shipmentInputSchema } from "~/domain/shipments/shipment";
import { shipOrder } from "~/domain/shipments/shipment.server";
import * as adminOrderRoute from "~/routes/dashboard.admin.orders_.$number";
import * as adminReturnsRoute from "~/routes/dashboard.admin.returns";
import * as userOrderRoute from "~/routes/dashboard.user.orders_.$number";
import { db } from "~/utils/db.server";
import {
  apiAuth,
  browserAuth,
  createOrder,
  createProduct,
  expectFailure,
  expectOk,
  get,
  jsonRequest,
  postForm,
  respond,
  signedIn,
  tag,
} from "../fixtures/integration";
import { dispatch } from "./api-harness";

/**
 * A paid order the stand-in knows, with a discount and added tax (so each
 * line's charge is not its price): 2 lamps at $10.00 and 1 bulb at $5.50,
 * of products with 3 left each; shipped in full unless `ship` is false.
 */
async function shippedOrder({ buyerId, ship = true }: { buyerId?: string; ship?: boolean } = {}) {
  const lamp = await createProduct({ priceCents: 1000, quantity: 3 });
  const bulb = await createProduct({ priceCents: 550, quantity: 3 });
  const intentId = `pi_test_${tag()}`;
  const order = await createOrder({
    buyerId,
    paymentStatus: "SUCCEEDED",
    paidAt: new Date(),
    stripePaymentIntentId: intentId,
    discountCents: 300,
    taxCents: 179,
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
  if (ship) expectOk(await shipOrder(order.id, shipmentInputSchema.parse({ carrier: "UPS", trackingNumber: "1Z999AA10123456784" })));
  const lines = await db.orderLine.findMany({ where: { orderId: order.id } });
  const lampLine = lines.find((line) => line.productId === lamp.id)!;
  const bulbLine = lines.find((line) => line.productId === bulb.id)!;
  // The fixture's orders always have a buyer (a guest's order has none).
  return { order: { ...order, buyerId: order.buyerId! }, intentId, lamp, bulb, lampLine, bulbLine };
}

const ask = (lines: { lineId: string; quantity: number }[], reason = "DAMAGED", note?: string) =>
  returnRequestSchema.parse({ lines, reason, ...(note ? { note } : {}) });
const stripeRefunds = (intentId: string) => [...fake.refunds.values()].filter((refund) => refund.payment_intent === intentId);
const stockOf = async (id: string) => (await db.product.findUniqueOrThrow({ where: { id } })).quantity;
const emails = (orderId: string) => db.emailMessage.findMany({ where: { orderId, kind: { in: ["return", "admin-return"] } } });

describe("returns: the happy path", () => {
  it("requested, approved, received with restock, refunded exactly what the lines were charged", async () => {
    const admin = await signedIn(Role.Admin);
    const { order, intentId, lamp, bulb, lampLine, bulbLine } = await shippedOrder();
    const requested = expectOk(
      await requestReturn(
        order.buyerId,
        order.id,
        ask(
          [
            { lineId: lampLine.id, quantity: 2 },
            { lineId: bulbLine.id, quantity: 1 },
          ],
          "WRONG_SIZE",
        ),
      ),
    );
    expect(requested.return).toMatchObject({ status: "REQUESTED", reason: "WRONG_SIZE" });
    // The customer and every admin are told, once each.
    const asked = await emails(order.id);
    expect(asked.find((email) => email.key === `return:${requested.return.id}:requested`)?.subject).toContain("return request");
    expect(asked.some((email) => email.key === `admin-return:${requested.return.id}:${admin.id}`)).toBe(true);

    const approved = expectOk(await approveReturn(requested.return.id, { instructions: "Send it to 1 Dock Road, Newark" }));
    expect(approved.return).toMatchObject({ status: "APPROVED", instructions: "Send it to 1 Dock Road, Newark" });
    const approval = (await emails(order.id)).find((email) => email.key === `return:${requested.return.id}:approved`)!;
    expect(approval.text).toContain("1 Dock Road, Newark");

    // Both lamps came back (restocked), the bulb too but broken (not restocked).
    const received = expectOk(
      await receiveReturn(
        requested.return.id,
        {
          lines: [
            { lineId: lampLine.id, quantity: 2, restock: true },
            { lineId: bulbLine.id, quantity: 1, restock: false },
          ],
          refund: false,
        },
        admin.id,
      ),
    );
    expect(received.return.status).toBe("RECEIVED");
    expect(received.return.lines.map((line) => [line.orderLineId, line.received, line.restocked])).toEqual(
      expect.arrayContaining([
        [lampLine.id, 2, 2],
        [bulbLine.id, 1, 0],
      ]),
    );
    expect([await stockOf(lamp.id), await stockOf(bulb.id)]).toEqual([5, 3]);
    expect(stripeRefunds(intentId)).toHaveLength(0);

    const today = async () => (await salesStats()).returns.periods.find((period) => period.range === "today")!;
    const statsBefore = await today();
    const refunded = expectOk(await refundReturn(requested.return.id, admin.id));
    expect(refunded.return.status).toBe("REFUNDED");
    // The dashboard shows the returned sales apart: the goods given back (without tax), and the units.
    const goods = lampLine.totalCents - lampLine.taxCents + bulbLine.totalCents - bulbLine.taxCents;
    expect(await today()).toEqual({ range: "today", returnedCents: statsBefore.returnedCents + goods, units: statsBefore.units + 3 });
    // Exactly what both lines were charged (goods less their discount share, plus their tax): no shipping.
    const charged = lampLine.totalCents + bulbLine.totalCents;
    expect(refunded.return.refund).toMatchObject({ amountCents: charged, status: "SUCCEEDED" });
    expect(stripeRefunds(intentId).map((refund) => refund.amount)).toEqual([charged]);
    const refund = await db.refund.findUniqueOrThrow({ where: { id: refunded.return.refund!.id }, include: { lines: true } });
    expect(refund).toMatchObject({ restocked: false, byId: admin.id });
    expect(refund.lines.map((line) => line.amountCents).sort()).toEqual([lampLine.totalCents, bulbLine.totalCents].sort());
    // The refund path did not restock a second time.
    expect([await stockOf(lamp.id), await stockOf(bulb.id)]).toEqual([5, 3]);
    // The trail: requested, approved, received, refunded (and the refund itself).
    const trail = await db.auditEntry.findMany({ where: { targetId: order.id, kind: "order.return" }, orderBy: { at: "asc" } });
    expect(trail.map((entry) => Object.values(entry.changes as Record<string, { after: string }>)[0].after)).toEqual([
      expect.stringContaining("REQUESTED"),
      "APPROVED",
      "RECEIVED",
      "REFUNDED",
    ]);
    // Nothing of those lines is returnable any more.
    expect((await returnableOf(order.id))!.lines.map((line) => line.returnable)).toEqual([0, 0]);
  });

  it("receives and refunds in one step, only the units that came back", async () => {
    const admin = await signedIn(Role.Admin);
    const { order, intentId, lamp, lampLine } = await shippedOrder();
    const { return: ret } = expectOk(await requestReturn(order.buyerId, order.id, ask([{ lineId: lampLine.id, quantity: 2 }])));
    expectOk(await approveReturn(ret.id, {}));
    const done = expectOk(
      await receiveReturn(ret.id, { lines: [{ lineId: lampLine.id, quantity: 1, restock: true }], refund: true }, admin.id),
    );
    expect(done.return.status).toBe("REFUNDED");
    // One of two lamps: half the line's charge (the refund path's per-unit split).
    const amount = done.return.refund!.amountCents;
    expect(stripeRefunds(intentId).map((refund) => refund.amount)).toEqual([amount]);
    expect(amount).toBeGreaterThan(0);
    expect(amount).toBeLessThan(lampLine.totalCents);
    expect(await stockOf(lamp.id)).toBe(4);
    // The lamp not sent back can still be asked for.
    expect((await returnableOf(order.id))!.lines.find((line) => line.id === lampLine.id)!.returnable).toBe(1);
  });
});

describe("returns: once only", () => {
  it("a second identical click does nothing more", async () => {
    const admin = await signedIn(Role.Admin);
    const { order, intentId, lamp, lampLine } = await shippedOrder();
    const { return: ret } = expectOk(await requestReturn(order.buyerId, order.id, ask([{ lineId: lampLine.id, quantity: 2 }])));
    expectOk(await approveReturn(ret.id, { instructions: "Box it" }));
    expect(expectFailure(await approveReturn(ret.id, { instructions: "Box it" }))).toMatchObject({ status: 409 });
    const all = { refund: false } as const;
    expectOk(await receiveReturn(ret.id, all, admin.id));
    expect(expectFailure(await receiveReturn(ret.id, all, admin.id))).toMatchObject({
      status: 409,
      message: `Return R-${ret.number} is received: only an approved return can be marked received`,
    });
    expect(await stockOf(lamp.id)).toBe(5);
    expectOk(await refundReturn(ret.id, admin.id));
    expect(expectFailure(await refundReturn(ret.id, admin.id))).toMatchObject({ status: 409 });
    expect(stripeRefunds(intentId)).toHaveLength(1);
    expect(await db.emailMessage.count({ where: { key: `return:${ret.id}:approved` } })).toBe(1);
  });

  it("parallel requests (Promise.all) through the API: one does the step, the others answer 409", async () => {
    const admin = await signedIn(Role.Admin);
    const buyer = await signedIn(Role.User);
    const { order, intentId, lamp, lampLine } = await shippedOrder({ buyerId: buyer.id });
    const times = <T>(n: number, call: () => Promise<T>) => Promise.all(Array.from({ length: n }, call));
    const statuses = (answers: Response[]) => answers.map((answer) => answer.status).sort();

    // Four requests for both lamps: only one return.
    const body = { lines: [{ lineId: lampLine.id, quantity: 2 }], reason: "OTHER", note: "Too bright" };
    const asked = await times(4, () => dispatch(jsonRequest("POST", `/api/v1/orders/${order.id}/returns`, body, apiAuth(buyer))));
    expect(statuses(asked)).toEqual([201, 409, 409, 409]);
    const { return: ret } = await asked.find((answer) => answer.status === 201)!.json();
    expect(ret).toMatchObject({ status: "REQUESTED", reason: "OTHER", note: "Too bright", lines: [{ lineId: lampLine.id, quantity: 2 }] });

    const post =
      (step: string, payload: unknown = {}) =>
      () =>
        dispatch(jsonRequest("POST", `/api/v1/returns/${ret._id}/${step}`, payload, apiAuth(admin)));
    expect(statuses(await times(3, post("approve", { instructions: "Use the label" })))).toEqual([200, 409, 409]);
    expect(statuses(await times(3, post("receive", { lines: [{ lineId: lampLine.id, quantity: 2, restock: true }] })))).toEqual([
      200, 409, 409,
    ]);
    expect(await stockOf(lamp.id)).toBe(5);
    // More clicks than the pool's connections would hold if each kept one open across the refund.
    const refunds = await times(12, () => dispatch(jsonRequest("POST", `/api/v1/returns/${ret._id}/refund`, undefined, apiAuth(admin))));
    expect(statuses(refunds)).toEqual([200, ...Array(11).fill(409)]);
    expect(stripeRefunds(intentId).map((refund) => refund.amount)).toEqual([lampLine.totalCents]);
    expect(await db.refund.count({ where: { orderId: order.id } })).toBe(1);

    // The customer's list and the admin's, filtered.
    const mine = await (await dispatch(get("/api/v1/user/returns", apiAuth(buyer)))).json();
    expect(mine.returns.map((row: { _id: string; status: string }) => [row._id, row.status])).toEqual([[ret._id, "REFUNDED"]]);
    const refundedList = await (await dispatch(get("/api/v1/returns?status=REFUNDED", apiAuth(admin)))).json();
    expect(refundedList.returns.some((row: { _id: string }) => row._id === ret._id)).toBe(true);
    const requestedList = await (await dispatch(get("/api/v1/returns?status=REQUESTED", apiAuth(admin)))).json();
    expect(requestedList.returns.some((row: { _id: string }) => row._id === ret._id)).toBe(false);
    // A customer is not an admin.
    expect((await dispatch(get("/api/v1/returns", apiAuth(buyer)))).status).toBe(403);
  });
});

describe("returns: the rules", () => {
  it("enforces the window: from delivery, else from shipping", async () => {
    const { order, lampLine } = await shippedOrder();
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);
    await db.shipment.updateMany({ where: { orderId: order.id }, data: { shippedAt: daysAgo(31) } });
    const closed = expectFailure(await requestReturn(order.buyerId, order.id, ask([{ lineId: lampLine.id, quantity: 1 }])));
    expect(closed).toMatchObject({ status: 409 });
    expect(closed.message).toMatch(/^The return window for .+ closed on \d{4}-\d{2}-\d{2}$/);
    expect((await returnableOf(order.id))!.lines.every((line) => line.returnable === 0)).toBe(true);
    // Delivered 29 days ago: still open.
    await db.shipment.updateMany({ where: { orderId: order.id }, data: { deliveredAt: daysAgo(29) } });
    expectOk(await requestReturn(order.buyerId, order.id, ask([{ lineId: lampLine.id, quantity: 1 }])));
  });

  it("never more than shipped less returned or refunded; only the buyer's own, shipped lines", async () => {
    const { order, lampLine, bulbLine } = await shippedOrder({ ship: false });
    // Nothing shipped yet.
    expect(expectFailure(await requestReturn(order.buyerId, order.id, ask([{ lineId: lampLine.id, quantity: 1 }])))).toMatchObject({
      status: 409,
      message: expect.stringContaining("has not shipped yet"),
    });
    // One lamp shipped, and the bulb.
    expectOk(
      await shipOrder(
        order.id,
        shipmentInputSchema.parse({
          carrier: "DHL",
          trackingNumber: "JD1",
          lines: [
            { lineId: lampLine.id, quantity: 1 },
            { lineId: bulbLine.id, quantity: 1 },
          ],
        }),
      ),
    );
    expect(expectFailure(await requestReturn(order.buyerId, order.id, ask([{ lineId: lampLine.id, quantity: 2 }])))).toMatchObject({
      status: 409,
      message: expect.stringMatching(/^Only 1 of .+ can be returned, not 2$/),
    });
    expectOk(await requestReturn(order.buyerId, order.id, ask([{ lineId: lampLine.id, quantity: 1 }])));
    expect(expectFailure(await requestReturn(order.buyerId, order.id, ask([{ lineId: lampLine.id, quantity: 1 }])))).toMatchObject({
      status: 409,
      message: expect.stringContaining("already returned or refunded"),
    });
    // Another shopper's order is not found; a line of another order is refused.
    const stranger = await signedIn(Role.User);
    expect(expectFailure(await requestReturn(stranger.id, order.id, ask([{ lineId: bulbLine.id, quantity: 1 }])))).toMatchObject({
      status: 404,
    });
    const other = await shippedOrder();
    expect(expectFailure(await requestReturn(order.buyerId, order.id, ask([{ lineId: other.lampLine.id, quantity: 1 }])))).toMatchObject({
      status: 400,
    });
    // OTHER needs the customer's words.
    expect(returnRequestSchema.safeParse({ lines: [{ lineId: bulbLine.id, quantity: 1 }], reason: "OTHER" }).success).toBe(false);
  });

  it("answers 409 to a step out of order and changes nothing", async () => {
    const admin = await signedIn(Role.Admin);
    const { order, lamp, lampLine } = await shippedOrder();
    const { return: ret } = expectOk(await requestReturn(order.buyerId, order.id, ask([{ lineId: lampLine.id, quantity: 1 }])));
    expect(expectFailure(await receiveReturn(ret.id, { refund: false }, admin.id))).toMatchObject({
      status: 409,
      message: `Return R-${ret.number} is requested: only an approved return can be marked received`,
    });
    expect(expectFailure(await refundReturn(ret.id, admin.id))).toMatchObject({ status: 409 });
    expect(await stockOf(lamp.id)).toBe(3);
    expectOk(await approveReturn(ret.id, {}));
    expect(expectFailure(await declineReturn(ret.id, { reason: "Too late" }))).toMatchObject({ status: 409 });
    expect(expectFailure(await refundReturn(ret.id, admin.id))).toMatchObject({ status: 409 });
    // Received more than asked: refused, the return stays approved.
    expect(
      expectFailure(await receiveReturn(ret.id, { lines: [{ lineId: lampLine.id, quantity: 2, restock: true }], refund: false }, admin.id)),
    ).toMatchObject({ status: 409 });
    expect((await db.return.findUniqueOrThrow({ where: { id: ret.id } })).status).toBe("APPROVED");
    const unknown = await dispatch(jsonRequest("POST", `/api/v1/returns/${"c".repeat(25)}/approve`, {}, apiAuth(admin)));
    expect(unknown.status).toBe(404);
  });

  it("declined: the customer is told why, nothing moves, and the units can be asked for again", async () => {
    const admin = await signedIn(Role.Admin);
    const { order, intentId, lamp, lampLine } = await shippedOrder();
    const { return: ret } = expectOk(
      await requestReturn(order.buyerId, order.id, ask([{ lineId: lampLine.id, quantity: 2 }], "CHANGED_MIND")),
    );
    const declined = expectOk(await declineReturn(ret.id, { reason: "Opened hygiene items cannot be returned" }));
    expect(declined.return).toMatchObject({ status: "DECLINED", declineReason: "Opened hygiene items cannot be returned" });
    const email = await db.emailMessage.findUniqueOrThrow({ where: { key: `return:${ret.id}:declined` } });
    expect(email.text).toContain("Opened hygiene items cannot be returned");
    expect(expectFailure(await approveReturn(ret.id, {}))).toMatchObject({ status: 409 });
    expect(expectFailure(await receiveReturn(ret.id, { refund: false }, admin.id))).toMatchObject({ status: 409 });
    expect(expectFailure(await refundReturn(ret.id, admin.id))).toMatchObject({ status: 409 });
    expect(await stockOf(lamp.id)).toBe(3);
    expect(stripeRefunds(intentId)).toHaveLength(0);
    expect((await returnableOf(order.id))!.lines.find((line) => line.id === lampLine.id)!.returnable).toBe(2);
  });
});

describe("returns: the screens' forms", () => {
  it("the customer's form asks, the admin's forms approve, receive with restock and refund; others are refused", async () => {
    const admin = await signedIn(Role.Admin);
    const buyer = await signedIn(Role.User);
    const { order, intentId, lamp, lampLine, bulbLine } = await shippedOrder({ buyerId: buyer.id });
    const params = { number: String(order.number) };
    const userPath = `/dashboard/user/orders/${order.number}`;
    const adminPath = `/dashboard/admin/orders/${order.number}`;

    // The page offers what can be returned, and until when.
    const before = await (await respond(userOrderRoute.loader, get(userPath, await browserAuth(buyer)), params)).json();
    expect(before.returns.lines.map((line: { returnable: number }) => line.returnable).sort()).toEqual([1, 2]);
    expect(before.returns.windowDays).toBe(30);

    // OTHER without a note: refused with the schema's words, nothing written.
    const noNote = await respond(
      userOrderRoute.action,
      postForm(
        userPath,
        { intent: "return", [`return-${lampLine.id}`]: "1", [`return-${bulbLine.id}`]: "0", reason: "OTHER" },
        await browserAuth(buyer),
      ),
      params,
    );
    expect(noNote.status).toBe(302);
    expect(await db.return.count({ where: { orderId: order.id } })).toBe(0);
    // Another shopper cannot ask on this order.
    const stranger = await signedIn(Role.User);
    await respond(
      userOrderRoute.action,
      postForm(userPath, { intent: "return", [`return-${lampLine.id}`]: "1", reason: "DAMAGED" }, await browserAuth(stranger)),
      params,
    );
    expect(await db.return.count({ where: { orderId: order.id } })).toBe(0);

    const asked = await respond(
      userOrderRoute.action,
      postForm(
        userPath,
        { intent: "return", [`return-${lampLine.id}`]: "2", [`return-${bulbLine.id}`]: "0", reason: "NOT_AS_DESCRIBED", note: "Smaller" },
        await browserAuth(buyer),
      ),
      params,
    );
    expect(asked.status).toBe(302);
    const ret = await db.return.findFirstOrThrow({ where: { orderId: order.id }, include: { lines: true } });
    expect(ret).toMatchObject({ status: "REQUESTED", reason: "NOT_AS_DESCRIBED", note: "Smaller" });
    expect(ret.lines.map((line) => [line.orderLineId, line.quantity])).toEqual([[lampLine.id, 2]]);

    const post = async (fields: Record<string, string>, caller = admin) =>
      respond(adminOrderRoute.action, postForm(adminPath, { returnId: ret.id, ...fields }, await browserAuth(caller)), params);
    // A customer cannot approve (the admin's page refuses them before anything).
    await post({ intent: "return-approve", instructions: "x" }, buyer);
    expect((await db.return.findUniqueOrThrow({ where: { id: ret.id } })).status).toBe("REQUESTED");

    expect((await post({ intent: "return-approve", instructions: "Ship to our Newark dock" })).status).toBe(302);
    expect(await db.return.findUniqueOrThrow({ where: { id: ret.id } })).toMatchObject({
      status: "APPROVED",
      instructions: "Ship to our Newark dock",
    });
    // One lamp back and restocked, the other kept by the customer after all.
    await post({ intent: "return-receive", [`received-${lampLine.id}`]: "1", [`restock-${lampLine.id}`]: "on" });
    expect(await stockOf(lamp.id)).toBe(4);
    // The same form again (a double submit): nothing more.
    await post({ intent: "return-receive", [`received-${lampLine.id}`]: "1", [`restock-${lampLine.id}`]: "on" });
    expect(await stockOf(lamp.id)).toBe(4);
    await post({ intent: "return-refund" });
    await post({ intent: "return-refund" });
    const refunded = await db.return.findUniqueOrThrow({ where: { id: ret.id }, include: { refund: true } });
    expect(refunded.status).toBe("REFUNDED");
    expect(stripeRefunds(intentId).map((refund) => refund.amount)).toEqual([refunded.refund!.amountCents]);

    // The admin's order page and the back office's list show it; others are kept out of the list.
    const adminPage = await (await respond(adminOrderRoute.loader, get(adminPath, await browserAuth(admin)), params)).json();
    expect(adminPage.returns.map((row: { id: string; status: string }) => [row.id, row.status])).toEqual([[ret.id, "REFUNDED"]]);
    const list = await respond(adminReturnsRoute.loader, get("/dashboard/admin/returns?status=refunded", await browserAuth(admin)));
    const listed = await list.json();
    expect(listed.status).toBe("REFUNDED");
    expect(listed.returns.some((row: { id: string }) => row.id === ret.id)).toBe(true);
    expect((await respond(adminReturnsRoute.loader, get("/dashboard/admin/returns", await browserAuth(buyer)))).status).toBe(403);
    expect((await respond(adminReturnsRoute.loader, get("/dashboard/admin/returns"))).status).toBe(401);
  });
});
