// Order numbers, order pages and their history on a real PostgreSQL: numbers
// from a sequence, a history row for every change however it is made, and
// each shopper sees only their own orders.
import { describe, expect, it } from "vitest";
import { getOrderForAdmin, getOrderForBuyer, parseOrderNumber, updateOrderStatus } from "~/domain/orders/order.server";
import { Role } from "~/domain/accounts/user";
import * as adminOrderRoute from "~/routes/dashboard.admin.orders_.$number";
import * as userOrderRoute from "~/routes/dashboard.user.orders_.$number";
import { db } from "~/utils/db.server";
import { browserAuth, createOrder, createUser, get, postForm, respond, signedIn } from "../fixtures/integration";

describe("order numbers", () => {
  it("come from a sequence: 10001 and up, unique and increasing, also when orders are placed at once", async () => {
    const buyer = await createUser();
    const orders = await Promise.all(Array.from({ length: 20 }, () => createOrder({ buyerId: buyer.id })));
    const numbers = orders.map((order) => order.number);
    expect(new Set(numbers).size).toBe(20);
    expect(Math.min(...numbers)).toBeGreaterThanOrEqual(10001);
    const later = await createOrder({ buyerId: buyer.id });
    expect(later.number).toBeGreaterThan(Math.max(...numbers));
  });

  it("are read from a URL only as digits (an optional #), never as anything else", () => {
    expect(parseOrderNumber("10042")).toBe(10042);
    expect(parseOrderNumber("#10042")).toBe(10042);
    for (const bad of [undefined, "", "abc", "10042x", "-1", "1e5", "1".repeat(12), "10 042"])
      expect(parseOrderNumber(bad), String(bad)).toBeNull();
  });
});

describe("order history", () => {
  it("records the placing and every change of status or payment, in order, whichever code makes it", async () => {
    const order = await createOrder({ paymentStatus: "PENDING" });
    await db.order.update({ where: { id: order.id }, data: { paymentStatus: "SUCCEEDED", paidAt: new Date() } });
    await updateOrderStatus(order.id, "PROCESSING");
    await updateOrderStatus(order.id, "PROCESSING"); // no change: no new row
    await db.order.update({ where: { id: order.id }, data: { paymentNote: "a note" } }); // not a status: no new row
    await updateOrderStatus(order.id, "SHIPPED");
    const detail = await getOrderForAdmin(order.number);
    expect(detail?.events.map(({ status, paymentStatus }) => [status, paymentStatus])).toEqual([
      ["NOT_PROCESS", "PENDING"],
      ["NOT_PROCESS", "SUCCEEDED"],
      ["PROCESSING", "SUCCEEDED"],
      ["SHIPPED", "SUCCEEDED"],
    ]);
    const times = detail!.events.map((event) => event.at.getTime());
    expect([...times].sort((a, b) => a - b)).toEqual(times);
  });
});

describe("an order's own page", () => {
  it("shows the buyer their order with its lines, totals, ship-to and history", async () => {
    const buyer = await signedIn(Role.User, { name: "Grace Hopper", address: "1 Harbour Way, Arlington", phone: "+1 555 0142" });
    await db.order.deleteMany({ where: { buyerId: buyer.id } });
    const order = await createOrder({
      buyerId: buyer.id,
      lines: [
        { name: "Lamp", unitPriceCents: 1250, quantity: 2 },
        { name: "Bulb", unitPriceCents: 300 },
      ],
    });
    await db.order.update({ where: { id: order.id }, data: { shipName: buyer.name, shipAddress: buyer.address, shipPhone: buyer.phone } });
    const response = await respond(userOrderRoute.loader, get(`/dashboard/user/orders/${order.number}`, await browserAuth(buyer)), {
      number: String(order.number),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const { order: shown } = await response.json();
    expect(shown).toMatchObject({
      number: order.number,
      totalCents: 2800,
      shipName: "Grace Hopper",
      shipAddress: "1 Harbour Way, Arlington",
      shipPhone: "+1 555 0142",
    });
    expect(shown.lines.map((line: { name: string }) => line.name).sort()).toEqual(["Bulb", "Lamp"]);
    expect(shown.events).toHaveLength(1);
  });

  it("is not found for another shopper's order, an unknown number, a malformed one, or a cancelled attempt", async () => {
    const owner = await createUser();
    const other = await signedIn();
    const order = await createOrder({ buyerId: owner.id });
    const cancelled = await createOrder({ buyerId: other.id, paymentStatus: "CANCELLED" });
    expect(await getOrderForBuyer(other.id, order.number)).toBeNull();
    for (const number of [String(order.number), "99999999", "abc", String(cancelled.number)]) {
      const response = await respond(userOrderRoute.loader, get(`/dashboard/user/orders/${number}`, await browserAuth(other)), { number });
      expect(response.status, number).toBe(404);
    }
  });

  it("lets the admin see any order and change its status there, and nobody else", async () => {
    const admin = await signedIn(Role.Admin);
    const user = await signedIn(Role.User);
    const order = await createOrder();
    const path = `/dashboard/admin/orders/${order.number}`;
    expect((await respond(adminOrderRoute.loader, get(path, await browserAuth(admin)), { number: String(order.number) })).status).toBe(200);
    expect((await respond(adminOrderRoute.loader, get(path, await browserAuth(user)), { number: String(order.number) })).status).toBe(403);
    const refused = await respond(
      adminOrderRoute.action,
      postForm(path, { orderId: order.id, status: "SHIPPED" }, await browserAuth(user)),
      { number: String(order.number) },
    );
    expect(refused.status).toBe(403);
    expect((await db.order.findUniqueOrThrow({ where: { id: order.id } })).status).toBe("NOT_PROCESS");
    const saved = await respond(
      adminOrderRoute.action,
      postForm(path, { orderId: order.id, status: "SHIPPED" }, await browserAuth(admin)),
      { number: String(order.number) },
    );
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe(path);
    expect((await db.order.findUniqueOrThrow({ where: { id: order.id } })).status).toBe("SHIPPED");
  });
});
