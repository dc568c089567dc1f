// The admin dashboard's figures against orders with known totals: periods and
// their previous periods, refunds taken off, the shop's time zone deciding
// what "today" is, the daily series, top products, low stock, attention, and
// GET /api/v1/admin/stats. A fixed "now" in 2031 keeps other files' orders out.
import { beforeAll, describe, expect, it } from "vitest";
import { salesStats } from "~/domain/orders/stats.server";
import { Role } from "~/domain/accounts/user";
import * as dashboardRoute from "~/routes/dashboard.admin._index";
import { db } from "~/utils/db.server";
import { apiAuth, browserAuth, createOrder, createProduct, get, jsonRequest, respond, signedIn } from "../fixtures/integration";
import { dispatch } from "./api-harness";

const NOW = new Date("2031-03-15T12:00:00Z");
const at = (iso: string) => new Date(iso);
let names: Record<string, string> = {};

beforeAll(async () => {
  const [lamp, bulb, vase, rug, cup] = await Promise.all([
    createProduct({ priceCents: 1000, quantity: 50 }),
    createProduct({ priceCents: 500, quantity: 2 }),
    createProduct({ priceCents: 700, quantity: 50 }),
    createProduct({ priceCents: 900, quantity: 50 }),
    createProduct({ priceCents: 400, quantity: 50 }),
  ]);
  names = { lamp: lamp.name, bulb: bulb.name, vase: vase.name, rug: rug.name, cup: cup.name, bulbSlug: bulb.slug };
  const paid = (paidAt: string, lines: { productId: string; unitPriceCents: number; quantity: number }[]) =>
    createOrder({ paidAt: at(paidAt), createdAt: at(paidAt), lines });
  // Today (UTC), but 21:00 of the day before in New York.
  await paid("2031-03-15T01:00:00Z", [
    { productId: lamp.id, unitPriceCents: 1000, quantity: 2 },
    { productId: bulb.id, unitPriceCents: 500, quantity: 1 },
  ]);
  // Yesterday: 3 lamps, one refunded.
  const yesterday = await paid("2031-03-14T10:00:00Z", [{ productId: lamp.id, unitPriceCents: 1000, quantity: 3 }]);
  await db.order.update({ where: { id: yesterday.id }, data: { refundedCents: 1000 } });
  await db.refund.create({
    data: {
      orderId: yesterday.id,
      amountCents: 1000,
      reason: "broken",
      restocked: false,
      status: "SUCCEEDED",
      lines: { create: [{ orderLineId: yesterday.lines[0].id, quantity: 1, amountCents: 1000 }] },
    },
  });
  await paid("2031-03-10T09:00:00Z", [{ productId: vase.id, unitPriceCents: 700, quantity: 1 }]); // within 7 days
  await paid("2031-03-05T09:00:00Z", [{ productId: cup.id, unitPriceCents: 400, quantity: 1 }]); // the 7 days before
  await paid("2031-02-20T09:00:00Z", [{ productId: rug.id, unitPriceCents: 900, quantity: 1 }]); // within 30 days
  // Never paid: not counted. A refund Stripe has not confirmed, and a payment to review: attention.
  const unpaid = await createOrder({ paymentStatus: "PENDING", createdAt: at("2031-03-15T02:00:00Z") });
  await db.refund.create({ data: { orderId: unpaid.id, amountCents: 100, reason: "pending", restocked: false, status: "PENDING" } });
  await createOrder({ paymentStatus: "NEEDS_REVIEW", createdAt: at("2031-03-15T03:00:00Z") });
});

const period = (stats: Awaited<ReturnType<typeof salesStats>>, range: string) => stats.periods.find((p) => p.range === range)!;

describe("sales figures", () => {
  it("per period beside the previous one, refunds taken off (UTC)", async () => {
    const stats = await salesStats({ now: NOW, timeZone: "UTC", lowStockThreshold: 5 });
    expect(stats.today).toBe("2031-03-15");
    expect(period(stats, "today")).toMatchObject({
      from: "2031-03-15",
      to: "2031-03-15",
      current: { revenueCents: 2500, orders: 1, averageCents: 2500, units: 3 },
      previous: { revenueCents: 2000, orders: 1, averageCents: 2000, units: 2 },
    });
    expect(period(stats, "7d")).toMatchObject({
      from: "2031-03-09",
      current: { revenueCents: 5200, orders: 3, averageCents: 1733, units: 6 },
      previous: { revenueCents: 400, orders: 1, averageCents: 400, units: 1 },
    });
    expect(period(stats, "30d")).toMatchObject({
      from: "2031-02-14",
      current: { revenueCents: 6500, orders: 5, averageCents: 1300, units: 8 },
      previous: { revenueCents: 0, orders: 0, averageCents: 0, units: 0 },
    });
  });

  it("today is the shop's today: in New York the 01:00 UTC order was yesterday", async () => {
    const stats = await salesStats({ now: NOW, timeZone: "America/New_York", lowStockThreshold: 5 });
    expect(period(stats, "today")).toMatchObject({
      to: "2031-03-15",
      current: { revenueCents: 0, orders: 0, units: 0 },
      previous: { revenueCents: 4500, orders: 2, units: 5 },
    });
    expect(stats.daily.at(-2)).toEqual({ day: "2031-03-14", revenueCents: 4500, orders: 2 });
    expect(stats.daily.at(-1)).toEqual({ day: "2031-03-15", revenueCents: 0, orders: 0 });
  });

  it("per day for 30 days, the top products, low stock and what needs attention", async () => {
    const stats = await salesStats({ now: NOW, timeZone: "UTC", lowStockThreshold: 5 });
    expect(stats.daily).toHaveLength(30);
    expect(stats.daily[0].day).toBe("2031-02-14");
    expect(stats.daily.at(-1)).toEqual({ day: "2031-03-15", revenueCents: 2500, orders: 1 });
    expect(stats.daily.find((d) => d.day === "2031-03-14")).toEqual({ day: "2031-03-14", revenueCents: 2000, orders: 1 });
    expect(stats.daily.reduce((sum, d) => sum + d.revenueCents, 0)).toBe(6500);
    expect(stats.topProducts.map((p) => [p.name, p.revenueCents, p.units])).toEqual([
      [names.lamp, 4000, 4],
      [names.rug, 900, 1],
      [names.vase, 700, 1],
      [names.bulb, 500, 1],
      [names.cup, 400, 1],
    ]);
    expect(stats.lowStock.products).toContainEqual(expect.objectContaining({ name: names.bulb, slug: names.bulbSlug, quantity: 2 }));
    expect(stats.lowStock.products.every((p) => p.quantity <= 5)).toBe(true);
    expect(stats.attention).toEqual({ needsReview: 1, refundsPending: 1, emailsFailed: 0 });
  });

  it("the dashboard shows them to the admin, and GET /api/v1/admin/stats answers them (admin only)", async () => {
    const admin = await signedIn(Role.Admin);
    const page = await respond(dashboardRoute.loader, get("/dashboard/admin", await browserAuth(admin)));
    expect(page.status).toBe(200);
    const data = await page.json();
    expect(data.admin.email).toBe(admin.email);
    expect(data.stats.periods.map((p: { range: string }) => p.range)).toEqual(["today", "7d", "30d"]);

    const all = await dispatch(jsonRequest("GET", "/api/v1/admin/stats", undefined, apiAuth(admin)));
    expect(all.status).toBe(200);
    expect((await all.json()).periods).toHaveLength(3);
    const week = await dispatch(jsonRequest("GET", "/api/v1/admin/stats?range=7d", undefined, apiAuth(admin)));
    expect((await week.json()).periods.map((p: { range: string }) => p.range)).toEqual(["7d"]);
    expect((await dispatch(jsonRequest("GET", "/api/v1/admin/stats?range=year", undefined, apiAuth(admin)))).status).toBe(400);
    const user = await signedIn(Role.User);
    expect((await dispatch(jsonRequest("GET", "/api/v1/admin/stats", undefined, apiAuth(user)))).status).toBe(403);
  });
});

describe("an order's sales figures (kept by a trigger on its lines)", () => {
  it("are its lines' charges without tax and their units, whatever writes the lines", async () => {
    const order = await createOrder({
      lines: [
        { unitPriceCents: 6000, quantity: 1 },
        { unitPriceCents: 4000, quantity: 2 },
      ],
      totalCents: 10_000, // $140 of goods, $40 off
      taxCents: 888,
    });
    const figures = () => db.order.findUniqueOrThrow({ where: { id: order.id }, select: { goodsChargedCents: true, units: true } });
    const lines = await db.orderLine.findMany({ where: { orderId: order.id } });
    const expected = lines.reduce((sum, line) => sum + line.totalCents - line.taxCents, 0);
    expect(expected).toBe(10_000);
    expect(await figures()).toEqual({ goodsChargedCents: 10_000, units: 3 });
    // A script changing a line, or deleting one, moves them the same way.
    await db.orderLine.update({ where: { id: lines[1].id }, data: { quantity: 3, totalCents: lines[1].totalCents + 100 } });
    expect(await figures()).toEqual({ goodsChargedCents: 10_100, units: 4 });
    await db.orderLine.delete({ where: { id: lines[0].id } });
    expect(await figures()).toEqual({ goodsChargedCents: 10_100 - (lines[0].totalCents - lines[0].taxCents), units: 3 });
  });
});
