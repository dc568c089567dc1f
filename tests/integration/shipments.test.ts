// Shipments on a real PostgreSQL: partial parcels (2 of 3 units, then the
// last), never more than bought less refunded, also under parallel requests;
// the order's status following with the spec's values; the "shipped" e-mail
// queued once, in the shipment's transaction; the API and the admin's form.
import { describe, expect, it } from "vitest";
import { Role } from "~/domain/accounts/user";
import { shipmentInputSchema } from "~/domain/shipments/shipment";
import { shippableOf, shipOrder, updateShipment } from "~/domain/shipments/shipment.server";
import { updateOrderStatus } from "~/domain/orders/order.server";
import * as adminOrderRoute from "~/routes/dashboard.admin.orders_.$number";
import * as userOrderRoute from "~/routes/dashboard.user.orders_.$number";
import { db } from "~/utils/db.server";
import {
  apiAuth,
  browserAuth,
  createOrder,
  expectFailure,
  expectOk,
  get,
  jsonRequest,
  postForm,
  respond,
  signedIn,
} from "../fixtures/integration";
import { dispatch } from "./api-harness";

/** A paid order of two lines: 3 lamps and 1 bulb. */
async function paidOrder(overrides: { buyerId?: string } = {}) {
  const order = await createOrder({
    ...overrides,
    paymentStatus: "SUCCEEDED",
    paidAt: new Date(),
    lines: [
      { name: "Lamp", unitPriceCents: 1000, quantity: 3 },
      { name: "Bulb", unitPriceCents: 300, quantity: 1 },
    ],
  });
  const lamp = order.lines.find((line) => line.name === "Lamp")!;
  const bulb = order.lines.find((line) => line.name === "Bulb")!;
  return { order, lamp, bulb };
}

const input = (fields: Record<string, unknown>) =>
  shipmentInputSchema.parse({ carrier: "UPS", trackingNumber: "1Z999AA10123456784", ...fields });
const statusOf = async (orderId: string) => (await db.order.findUniqueOrThrow({ where: { id: orderId } })).status;
const shipmentEmails = (orderId: string) =>
  db.emailMessage.findMany({ where: { orderId, kind: "shipment" }, orderBy: { createdAt: "asc" } });
const statusEmails = (orderId: string) => db.emailMessage.findMany({ where: { orderId, kind: "order-status" } });

describe("shipments", () => {
  it("ships 2 of 3 units (Partly shipped, status Processing), then the rest (Shipped); never more", async () => {
    const { order, lamp, bulb } = await paidOrder();
    const first = expectOk(await shipOrder(order.id, input({ lines: [{ lineId: lamp.id, quantity: 2 }] })));
    expect(first.state).toBe("PARTLY_SHIPPED");
    expect(first.orderStatus).toBe("PROCESSING");
    expect(first.shipment).toMatchObject({
      carrier: "UPS",
      trackingNumber: "1Z999AA10123456784",
      trackingUrl: "https://www.ups.com/track?tracknum=1Z999AA10123456784",
      notified: true,
      lines: [{ orderLineId: lamp.id, quantity: 2 }],
    });
    expect(await statusOf(order.id)).toBe("PROCESSING");

    // Two more lamps than are left: 409, nothing written.
    const tooMany = expectFailure(await shipOrder(order.id, input({ lines: [{ lineId: lamp.id, quantity: 2 }] })));
    expect(tooMany).toMatchObject({ status: 409, message: "Only 1 of Lamp is left to ship, not 2" });
    expect(await db.shipment.count({ where: { orderId: order.id } })).toBe(1);

    // No lines: everything left (the last lamp and the bulb).
    const rest = expectOk(await shipOrder(order.id, input({ carrier: "Royal Mail", trackingNumber: "RM123456785GB" })));
    expect(rest.shipment.lines.map((line) => [line.orderLineId, line.quantity])).toEqual(
      expect.arrayContaining([
        [lamp.id, 1],
        [bulb.id, 1],
      ]),
    );
    expect(rest.shipment.lines).toHaveLength(2);
    expect(rest.state).toBe("SHIPPED");
    expect(await statusOf(order.id)).toBe("SHIPPED");
    expect(expectFailure(await shipOrder(order.id, input({})))).toMatchObject({ status: 409 });
    const left = await shippableOf(order.id);
    expect(left!.lines.map((line) => line.left)).toEqual([0, 0]);
  });

  it("counts refunded units as not to ship, and refuses unpaid or cancelled orders", async () => {
    const { order, lamp } = await paidOrder();
    await db.refund.create({
      data: {
        orderId: order.id,
        amountCents: 1000,
        reason: "One broke",
        restocked: false,
        lines: { create: [{ orderLineId: lamp.id, quantity: 1 }] },
      },
    });
    expect(expectFailure(await shipOrder(order.id, input({ lines: [{ lineId: lamp.id, quantity: 3 }] })))).toMatchObject({
      status: 409,
      message: "Only 2 of Lamp are left to ship, not 3",
    });
    // Everything left: 2 lamps and the bulb; then the order is out in full.
    expect(expectOk(await shipOrder(order.id, input({}))).state).toBe("SHIPPED");

    const unpaid = await createOrder({ paymentStatus: "PENDING" });
    expect(expectFailure(await shipOrder(unpaid.id, input({})))).toMatchObject({
      status: 409,
      message: "Only a paid order can be shipped",
    });
    const cancelled = await createOrder({ paymentStatus: "SUCCEEDED", status: "CANCEL" });
    expect(expectFailure(await shipOrder(cancelled.id, input({})))).toMatchObject({ status: 409 });
    const other = await paidOrder();
    expect(expectFailure(await shipOrder(order.id, input({ lines: [{ lineId: other.lamp.id, quantity: 1 }] })))).toMatchObject({
      status: 400,
    });
  });

  it("ships each unit once when parallel requests ask for the same units", async () => {
    const admin = await signedIn(Role.Admin);
    const { order, lamp } = await paidOrder();
    const body = { carrier: "DHL", trackingNumber: "JD014600003828", lines: [{ lineId: lamp.id, quantity: 2 }] };
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => dispatch(jsonRequest("POST", `/api/v1/orders/${order.id}/shipments`, body, apiAuth(admin)))),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409]);
    const refusal = await answers.find((answer) => answer.status === 409)!.json();
    expect(refusal).toMatchObject({ success: false, message: "Only 1 of Lamp is left to ship, not 2" });
    const shipped = await db.shipmentLine.aggregate({ where: { orderLineId: lamp.id }, _sum: { quantity: true } });
    expect(shipped._sum.quantity).toBe(2);
    expect(await shipmentEmails(order.id)).toHaveLength(1);
  });

  it("queues one 'shipped' e-mail per shipment, with its lines, carrier and tracking link; none when not asked", async () => {
    const { order, lamp, bulb } = await paidOrder();
    const shipped = expectOk(await shipOrder(order.id, input({ lines: [{ lineId: lamp.id, quantity: 2 }] })));
    const [email] = await shipmentEmails(order.id);
    expect(email).toMatchObject({ key: `shipment:${shipped.shipment.id}`, subject: `Your order #${order.number} has shipped` });
    expect(email.text).toContain("- 2 × Lamp");
    expect(email.text).toContain("Carrier: UPS");
    expect(email.text).toContain("https://www.ups.com/track?tracknum=1Z999AA10123456784");
    expect(email.html).toContain('href="https://www.ups.com/track?tracknum=1Z999AA10123456784"');
    expect(email.html).toContain("<li");
    // The shipment's own e-mail tells of Shipped/Processing: no generic status e-mail with it.
    expect(await statusEmails(order.id)).toHaveLength(0);

    expectOk(await shipOrder(order.id, input({ notify: false, lines: [{ lineId: bulb.id, quantity: 1 }] })));
    expect(await shipmentEmails(order.id)).toHaveLength(1);

    // A corrected number: e-mailed only when asked, and once per correction.
    expectOk(await updateShipment(shipped.shipment.id, { trackingNumber: "1Z999AA10123456785", notify: false }));
    expect(await shipmentEmails(order.id)).toHaveLength(1);
    const fixed = expectOk(await updateShipment(shipped.shipment.id, { trackingNumber: "1Z999AA10123456786", notify: true }));
    expect(fixed.shipment.trackingUrl).toBe("https://www.ups.com/track?tracknum=1Z999AA10123456786");
    expectOk(await updateShipment(shipped.shipment.id, { trackingNumber: "1Z999AA10123456786", notify: true }));
    const emails = await shipmentEmails(order.id);
    expect(emails).toHaveLength(2);
    expect(emails[1].subject).toBe(`Corrected tracking for your order #${order.number}`);
    expect(emails[1].text).toContain("1Z999AA10123456786");
  });

  it("Other takes its own URL; delivered per shipment, the order Delivered once every parcel is", async () => {
    const { order, lamp } = await paidOrder();
    const first = expectOk(
      await shipOrder(
        order.id,
        input({
          carrier: "OTHER",
          trackingNumber: "LOCAL-7",
          trackingUrl: "https://courier.example/t/LOCAL-7",
          lines: [{ lineId: lamp.id, quantity: 3 }],
        }),
      ),
    );
    expect(first.shipment.trackingUrl).toBe("https://courier.example/t/LOCAL-7");
    const second = expectOk(await shipOrder(order.id, input({})));
    expect(await statusOf(order.id)).toBe("SHIPPED");

    const delivered = expectOk(await updateShipment(first.shipment.id, { delivered: true, notify: false }));
    expect(delivered.shipment.deliveredAt).toBeInstanceOf(Date);
    expect(await statusOf(order.id)).toBe("SHIPPED");
    // A second "delivered" changes nothing.
    const again = expectOk(await updateShipment(first.shipment.id, { delivered: true, notify: false }));
    expect(again.shipment.deliveredAt).toEqual(delivered.shipment.deliveredAt);
    expectOk(await updateShipment(second.shipment.id, { delivered: true, notify: false }));
    expect(await statusOf(order.id)).toBe("DELIVERED");
    // The Delivered status e-mail, once.
    expect((await statusEmails(order.id)).map((email) => email.subject)).toEqual([`Order #${order.number} was delivered`]);
    expect(expectFailure(await updateShipment("cm0000000000000000000000", { notify: false }))).toMatchObject({ status: 404 });
  });

  it("keeps the status select working beside shipments", async () => {
    const { order, lamp } = await paidOrder();
    expectOk(await updateOrderStatus(order.id, "PROCESSING"));
    expectOk(await shipOrder(order.id, input({ lines: [{ lineId: lamp.id, quantity: 1 }] })));
    expect(await statusOf(order.id)).toBe("PROCESSING");
    // The owner may still say Shipped by hand; the next parcel does not move it back.
    expectOk(await updateOrderStatus(order.id, "SHIPPED"));
    expectOk(await shipOrder(order.id, input({ lines: [{ lineId: lamp.id, quantity: 1 }] })));
    expect(await statusOf(order.id)).toBe("SHIPPED");
  });

  it("serves the API: list, create (lines omitted ships all), update; orders carry their shipments", async () => {
    const admin = await signedIn(Role.Admin);
    const buyer = await signedIn(Role.User);
    const { order, lamp } = await paidOrder({ buyerId: buyer.id });
    const created = await dispatch(
      jsonRequest(
        "POST",
        `/api/v1/orders/${order.id}/shipments`,
        { carrier: "fedex", trackingNumber: "449044304137821", lines: [{ lineId: lamp.id, quantity: 1 }] },
        apiAuth(admin),
      ),
    );
    expect(created.status).toBe(201);
    const body = await created.json();
    expect(body).toMatchObject({
      success: true,
      orderStatus: "Processing",
      shipment: {
        carrier: "FEDEX",
        carrierName: "FedEx",
        trackingUrl: "https://www.fedex.com/fedextrack/?trknbr=449044304137821",
        lines: [{ lineId: lamp.id, name: "Lamp", quantity: 1 }],
        deliveredAt: null,
      },
    });
    const all = await dispatch(
      jsonRequest(
        "POST",
        `/api/v1/orders/${order.id}/shipments`,
        { carrier: "USPS", trackingNumber: "9400100000000000000000" },
        apiAuth(admin),
      ),
    );
    expect(all.status).toBe(201);
    expect((await all.json()).orderStatus).toBe("Shipped");

    const list = await dispatch(jsonRequest("GET", `/api/v1/orders/${order.id}/shipments`, undefined, apiAuth(admin)));
    expect((await list.json()).shipments).toHaveLength(2);
    const put = await dispatch(jsonRequest("PUT", `/api/v1/shipments/${body.shipment._id}`, { delivered: true }, apiAuth(admin)));
    expect(put.status).toBe(200);
    expect((await put.json()).shipment.deliveredAt).toEqual(expect.any(String));

    const mine = await dispatch(jsonRequest("GET", "/api/v1/user/orders", undefined, apiAuth(buyer)));
    const [listed] = await mine.json();
    expect(listed.status).toBe("Shipped");
    expect(listed.shipments.map((shipment: { carrier: string }) => shipment.carrier)).toEqual(["FEDEX", "USPS"]);

    // Buyers cannot ship; a bad carrier is a 400; too many a 409.
    expect((await dispatch(jsonRequest("GET", `/api/v1/orders/${order.id}/shipments`, undefined, apiAuth(buyer)))).status).toBe(403);
    const bad = await dispatch(
      jsonRequest("POST", `/api/v1/orders/${order.id}/shipments`, { carrier: "Pigeon", trackingNumber: "1" }, apiAuth(admin)),
    );
    expect(bad.status).toBe(400);
    const more = await dispatch(
      jsonRequest(
        "POST",
        `/api/v1/orders/${order.id}/shipments`,
        { carrier: "UPS", trackingNumber: "1", lines: [{ lineId: lamp.id, quantity: 1 }] },
        apiAuth(admin),
      ),
    );
    expect(more.status).toBe(409);
  });

  it("the admin's form ships chosen units; the buyer's page shows each parcel", async () => {
    const admin = await signedIn(Role.Admin);
    const buyer = await signedIn(Role.User);
    const { order, lamp, bulb } = await paidOrder({ buyerId: buyer.id });
    const path = `/dashboard/admin/orders/${order.number}`;
    const fields = {
      intent: "ship",
      carrier: "UPS",
      trackingNumber: "1Z999AA10123456784",
      notify: "on",
      [`ship-${lamp.id}`]: "2",
      [`ship-${bulb.id}`]: "0",
    };
    const posted = await respond(adminOrderRoute.action, postForm(path, fields, await browserAuth(admin)), {
      number: String(order.number),
    });
    expect(posted.status).toBe(302);
    expect(await db.shipmentLine.findMany({ where: { orderLineId: { in: [lamp.id, bulb.id] } }, select: { quantity: true } })).toEqual([
      { quantity: 2 },
    ]);
    const shipment = await db.shipment.findFirstOrThrow({ where: { orderId: order.id } });
    const delivered = await respond(
      adminOrderRoute.action,
      postForm(path, { intent: "deliver", shipmentId: shipment.id }, await browserAuth(admin)),
      { number: String(order.number) },
    );
    expect(delivered.status).toBe(302);
    expect((await db.shipment.findUniqueOrThrow({ where: { id: shipment.id } })).deliveredAt).not.toBeNull();

    const page = await respond(userOrderRoute.loader, get(`/dashboard/user/orders/${order.number}`, await browserAuth(buyer)), {
      number: String(order.number),
    });
    const data = await page.json();
    expect(data.order.shipments).toHaveLength(1);
    expect(data.order.shipments[0]).toMatchObject({ trackingNumber: "1Z999AA10123456784", lines: [{ quantity: 2 }] });
  });
});
