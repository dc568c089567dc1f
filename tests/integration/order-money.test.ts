// An order's money, stored once (app/domain/orders/money.ts), on a real
// PostgreSQL and the Stripe stand-in: each line keeps its share of the
// discount and the tax when the order is made; refunds by line give back
// exactly what was paid (refunding every line and the shipping returns the
// total, never more); pages, e-mails, the CSV, the dashboard and the API read
// the same numbers; a kept code that stopped applying never blocks paying;
// totals Stripe cannot charge are refused, never a 500; two checkouts that
// cross never deadlock; a line sold before its product had options is never
// restocked into a figure a trigger overwrites.
import { readFileSync } from "node:fs";
import { afterEach, describe, expect, it, vi } from "vitest";

const harness = await vi.hoisted(async () => {
  const { startStripeHarness } = await import("../fixtures/stripe");
  return startStripeHarness();
});

import { checkoutPageAction } from "~/routes/checkout/page.server";
import { quoteCheckout } from "~/domain/checkout/quote.server";
import { startCheckout } from "~/domain/checkout/start.server";
import { replacePendingAttempts } from "~/domain/checkout/attempts.server";
import { lockStock } from "~/domain/catalog/stock.server";
import { serializeCart } from "~/http/cart-cookie.server";
import { discountInputSchema } from "~/domain/discounts/discount.schema";
import { createDiscount } from "~/domain/discounts/discount.server";
import { discountCodeCookie } from "~/http/discount-cookie.server";
import { MAX_CHARGE_CENTS, shippingCharge } from "~/domain/orders/money";
import { getOrderForAdmin } from "~/domain/orders/order.server";
import { ordersCsvStream } from "~/domain/orders/order-export.server";
import { salesStats } from "~/domain/orders/stats.server";
import { refundInputSchema } from "~/domain/payments/refund";
import { previewRefund, refundPaidOrder } from "~/domain/payments/refund.server";
import type { ShipTo } from "~/domain/shipping/ship-to";
import { createZone } from "~/domain/shipping/zones.server";
import { saveTaxRate, updateTaxSettings } from "~/domain/tax/rates.server";
import { Role } from "~/domain/accounts/user";
import { toApiOrder } from "~/api/spec-shapes.server";
import { db } from "~/utils/db.server";
import { createOrder, createProduct, createUser, NEW_YORK, signedIn, tag } from "../fixtures/integration";

const ORIGIN = "http://shop.test";

afterEach(async () => {
  await db.shippingZone.deleteMany();
  await db.taxRate.deleteMany();
  await db.taxSettings.deleteMany();
});

async function usZone(priceStandard = "5.00") {
  const zone = await createZone({ name: `US ${tag()}`, countries: ["US"], methods: [{ name: "Standard", price: priceStandard }] });
  if (!zone.ok) throw new Error(zone.message);
}

async function code(fields: Record<string, unknown>) {
  const name = `M${tag()}`.toUpperCase();
  const made = await createDiscount(discountInputSchema.parse({ code: name, ...fields }));
  if (!made.ok) throw new Error(made.message);
  return name;
}

/** A checkout through the real code, paid on the stand-in's page: the order as stored. */
async function paidCheckout(
  lines: { priceCents: number; quantity: number }[],
  { discountCode, shipTo = NEW_YORK }: { discountCode?: string; shipTo?: ShipTo } = {},
) {
  const products = await Promise.all(lines.map((line) => createProduct({ priceCents: line.priceCents, quantity: 20, shipping: true })));
  const buyer = await createUser({ address: "1 Broadway" });
  const cart = products.map((product, index) => ({ productId: product.id, quantity: lines[index].quantity }));
  const started = await startCheckout(buyer, cart, ORIGIN, { discountCode, shipTo });
  if (!started.ok) throw new Error(started.message);
  await harness.pay(started.sessionId);
  const order = await db.order.findUniqueOrThrow({
    where: { id: started.orderId },
    include: { lines: { orderBy: { id: "asc" } } },
  });
  expect(order.paymentStatus).toBe("SUCCEEDED");
  // The lines in the cart's order (ids are not).
  const ordered = products.map((product) => order.lines.find((line) => line.productId === product.id)!);
  return { order, lines: ordered, products, buyer };
}

const refund = (fields: Record<string, unknown>) => refundInputSchema.parse({ reason: "Returned", ...fields });
const stripeRefunded = (intentId: string | null) =>
  [...harness.fake.refunds.values()].filter((r) => r.payment_intent === intentId).reduce((sum, r) => sum + r.amount, 0);

describe("an order's money, line by line", () => {
  it("a 2-line discounted, taxed, shipped order refunded line by line, then the shipping, gives back exactly its total", async () => {
    await usZone("7.00");
    await saveTaxRate(null, { country: "US", region: "US-NY", rate: "8.875", name: "NY sales tax" });
    await updateTaxSettings({ pricesIncludeTax: false, taxShipping: true });
    const admin = await signedIn(Role.Admin);
    const percent = await code({ kind: "percent", percentOff: "15" });
    const { order, lines } = await paidCheckout(
      [
        { priceCents: 1999, quantity: 3 },
        { priceCents: 1250, quantity: 1 },
      ],
      { discountCode: percent },
    );
    // Goods $72.47, 15 % off $10.87, shipping $7.00 taxed: tax on $68.60 at 8.875 % = $6.09.
    expect(order).toMatchObject({ subtotalCents: 7247, discountCents: 1087, shippingCents: 700, taxCents: 609 });
    expect(order.totalCents).toBe(7247 - 1087 + 700 + 609);
    // Stored per line: shares that sum exactly to the order's discount and tax.
    expect(lines.map((line) => line.discountCents).reduce((a, b) => a + b)).toBe(1087);
    expect(lines.map((line) => line.taxCents).reduce((a, b) => a + b) + order.shippingTaxCents).toBe(609);
    expect(order.shippingTaxCents).toBe(62); // 700 × 609 / 6860, the largest remainder
    expect(lines.map((line) => line.totalCents).reduce((a, b) => a + b) + shippingCharge(order)).toBe(order.totalCents);

    // One unit of the first line, then the other two, then the second line, then the shipping.
    const [tees, mug] = lines;
    const steps = [
      refund({ lines: [{ lineId: tees.id, quantity: 1 }] }),
      refund({ lines: [{ lineId: tees.id, quantity: 2 }] }),
      refund({ lines: [{ lineId: mug.id, quantity: 1 }] }),
    ];
    const amounts: number[] = [];
    for (const step of steps) {
      const outcome = await refundPaidOrder(order.id, step, admin.id);
      if (!outcome.ok) throw new Error(outcome.message);
      amounts.push(outcome.refund.amountCents);
    }
    expect(amounts[0] + amounts[1]).toBe(tees.totalCents);
    expect(amounts[2]).toBe(mug.totalCents);
    // Every unit back, the payment still not: "Partly refunded", the shipping left.
    expect(await db.order.findUniqueOrThrow({ where: { id: order.id } })).toMatchObject({ paymentStatus: "SUCCEEDED" });
    const preview = await previewRefund(order.id, refund({ shipping: true }));
    expect(preview).toMatchObject({ ok: true, amountCents: 762, shippingCents: 762, lines: [] });
    const shipping = await refundPaidOrder(order.id, refund({ shipping: true }), admin.id);
    expect(shipping).toMatchObject({ ok: true, refund: { amountCents: 700 + 62 } });
    const after = await db.order.findUniqueOrThrow({ where: { id: order.id } });
    expect(after).toMatchObject({ paymentStatus: "REFUNDED", refundedCents: order.totalCents });
    expect(stripeRefunded(order.stripePaymentIntentId)).toBe(order.totalCents);
    // Nothing is left: not the shipping twice, not a unit more.
    expect(await refundPaidOrder(order.id, refund({ shipping: true }), admin.id)).toMatchObject({ ok: false, status: 409 });
  });

  it("lines of $60 and $40 with a 50 % code give back $30 and $20, and the order reads Refunded", async () => {
    const admin = await signedIn(Role.Admin);
    const half = await code({ kind: "percent", percentOff: "50" });
    const { order, lines } = await paidCheckout(
      [
        { priceCents: 6000, quantity: 1 },
        { priceCents: 4000, quantity: 1 },
      ],
      { discountCode: half },
    );
    expect(order.totalCents).toBe(5000);
    const first = await refundPaidOrder(order.id, refund({ lines: [{ lineId: lines[0].id, quantity: 1 }] }), admin.id);
    expect(first).toMatchObject({ ok: true, refund: { amountCents: 3000 } });
    expect(await db.order.findUniqueOrThrow({ where: { id: order.id } })).toMatchObject({
      paymentStatus: "SUCCEEDED",
      refundedCents: 3000,
    });
    const second = await refundPaidOrder(order.id, refund({ lines: [{ lineId: lines[1].id, quantity: 1 }] }), admin.id);
    expect(second).toMatchObject({ ok: true, refund: { amountCents: 2000 } });
    expect(await db.order.findUniqueOrThrow({ where: { id: order.id } })).toMatchObject({ paymentStatus: "REFUNDED", refundedCents: 5000 });
  });

  it("one $100 line with New York's tax gives back $108.88 and the order reads Refunded", async () => {
    await saveTaxRate(null, { country: "US", region: "US-NY", rate: "8.875" });
    const admin = await signedIn(Role.Admin);
    const { order, lines } = await paidCheckout([{ priceCents: 10000, quantity: 1 }]);
    expect(order.totalCents).toBe(10888);
    const outcome = await refundPaidOrder(order.id, refund({ lines: [{ lineId: lines[0].id, quantity: 1 }] }), admin.id);
    expect(outcome).toMatchObject({ ok: true, refund: { amountCents: 10888 } });
    expect(await db.order.findUniqueOrThrow({ where: { id: order.id } })).toMatchObject({ paymentStatus: "REFUNDED" });
  });

  it("the order page, the e-mail, the CSV, the dashboard and the API show the stored numbers of a mixed order", async () => {
    await usZone("4.99");
    await saveTaxRate(null, { country: "US", region: "US-NY", rate: "8.875", name: "NY sales tax" });
    const off = await code({ kind: "amount", amountOff: "3.33" });
    const { order, lines } = await paidCheckout(
      [
        { priceCents: 1099, quantity: 2 },
        { priceCents: 2550, quantity: 1 },
      ],
      { discountCode: off },
    );
    const dollars = (cents: number) => (cents / 100).toFixed(2);
    // The admin's page reads the stored lines (OrderDetail renders these fields).
    const detail = (await getOrderForAdmin(order.number))!;
    expect(detail.lines.map((line) => [line.subtotalCents, line.discountCents, line.taxCents, line.totalCents])).toEqual(
      [...detail.lines].map((line) => {
        const stored = lines.find((candidate) => candidate.id === line.id)!;
        return [stored.subtotalCents, stored.discountCents, stored.taxCents, stored.totalCents];
      }),
    );
    // The e-mail's totals.
    const email = await db.emailMessage.findUniqueOrThrow({ where: { key: `order-confirmation:${order.id}` } });
    for (const cents of [order.subtotalCents!, order.discountCents, order.shippingCents, order.taxCents, order.totalCents])
      expect(email.text).toContain(`$${dollars(cents)}`);
    // The CSV's row.
    const csv = await new Response(ordersCsvStream({ q: String(order.number) })).text();
    const row = csv.split("\r\n").find((line) => line.startsWith(`${order.number},`))!;
    for (const cents of [order.subtotalCents!, order.discountCents, order.totalCents, order.shippingCents, order.taxCents])
      expect(row).toContain(dollars(cents));
    // The API's order: per-line charges that sum to the total with the shipping.
    const api = toApiOrder(detail);
    const apiLines = api.products.reduce((sum, line) => sum + Math.round(line.charged.total * 100), 0);
    expect(apiLines + Math.round((api.shipping!.amount + api.shipping!.tax) * 100)).toBe(order.totalCents);
    // The dashboard counts the goods after discount, without tax and shipping.
    const before = (await salesStats()).periods.find((period) => period.range === "today")!;
    expect(before.current.revenueCents).toBeGreaterThanOrEqual(order.subtotalCents! - order.discountCents);
  });
});

describe("at the till", () => {
  it("a kept code that no longer applies is left out: the page shows why and one press charges the total shown", async () => {
    const minimum = await code({ kind: "percent", percentOff: "10", minSubtotal: "50" });
    const product = await createProduct({ priceCents: 3000, quantity: 5 });
    const buyer = await createUser({ address: "1 Broadway" });
    const cookie = [
      (await serializeCart([{ productId: product.id, quantity: 1 }])).split(";")[0],
      (await discountCodeCookie(minimum)).split(";")[0],
    ].join("; ");
    const form = new FormData();
    form.set("intent", "pay");
    form.set("expectedTotalCents", "3000");
    const request = new Request(`${ORIGIN}/checkout`, { method: "POST", headers: { Cookie: cookie } });
    const answer = await checkoutPageAction(buyer, request, form, ORIGIN);
    expect(answer.kind).toBe("started");
    if (answer.kind !== "started" || !answer.result.ok) throw new Error("not started");
    const order = await db.order.findUniqueOrThrow({ where: { id: answer.result.orderId } });
    expect(order).toMatchObject({ totalCents: 3000, discountCents: 0, discountCode: null });
  });

  it("a cart Stripe cannot charge in one payment is refused with a message, before anything is held; never a 500", async () => {
    const dear = await createProduct({ priceCents: 100_000_000, quantity: 30 });
    const buyer = await createUser({ address: "1 Broadway" });
    const one = await quoteCheckout(buyer, [{ productId: dear.id, quantity: 1 }], {});
    expect(one).toMatchObject({ ok: false, status: 400, message: expect.stringContaining("at most $999,999.99") });
    const many = await startCheckout(buyer, [{ productId: dear.id, quantity: 22 }], ORIGIN);
    expect(many).toMatchObject({ ok: false, status: 400, message: expect.stringContaining("$22,000,000.00") });
    expect(await db.order.count({ where: { buyerId: buyer.id } })).toBe(0);
    expect((await db.product.findUniqueOrThrow({ where: { id: dear.id } })).quantity).toBe(30);
    // Just under the ceiling goes through.
    const fine = await createProduct({ priceCents: MAX_CHARGE_CENTS, quantity: 1 });
    expect(await quoteCheckout(buyer, [{ productId: fine.id, quantity: 1 }], {})).toMatchObject({ ok: true });
  });

  it("a checkout replacing an attempt with a code locks the new products before that code: a crossing checkout never waits in a circle", async () => {
    const shared = await code({ kind: "percent", percentOff: "5" });
    const [p, q] = [await createProduct({ priceCents: 2000, quantity: 50 }), await createProduct({ priceCents: 2000, quantity: 50 })];
    const a = await createUser({ address: "1 Main St" });
    // A holds P with the code.
    expect(await startCheckout(a, [{ productId: p.id, quantity: 1 }], ORIGIN, { discountCode: shared })).toMatchObject({ ok: true });
    // B (another checkout) has Q locked and will want the code next. A now checks out Q, replacing its attempt.
    let codeFree = false;
    let replacing: Promise<unknown> | undefined;
    await db.$transaction(
      async (b) => {
        await b.$queryRaw`SELECT id FROM "Product" WHERE id = ${q.id} FOR UPDATE`;
        replacing = db.$transaction(
          async (tx) => {
            await replacePendingAttempts(tx, a.id, { units: new Map([[q.id, 1]]), discountCode: null });
            await lockStock(tx, new Map([[q.id, 1]]));
          },
          { timeout: 20_000 },
        );
        await new Promise((resolve) => setTimeout(resolve, 700));
        // A waits for Q without holding the code (holding it, B's next wait would close a circle: a deadlock).
        const rows = await b.$queryRaw<{ id: string }[]>`SELECT id FROM "Discount" WHERE code = ${shared} FOR UPDATE SKIP LOCKED`;
        codeFree = rows.length === 1;
      },
      { timeout: 20_000 },
    );
    await replacing;
    expect(codeFree).toBe(true);
  });
});

describe("restock", () => {
  it("a line sold before its product had options is refunded without restock, never into a figure a trigger overwrites", async () => {
    const admin = await signedIn(Role.Admin);
    const tee = await createProduct({ priceCents: 1500, quantity: 4 });
    const intentId = `pi_test_${tag()}`;
    const order = await createOrder({
      paidAt: new Date(),
      stripePaymentIntentId: intentId,
      lines: [{ productId: tee.id, unitPriceCents: 1500, quantity: 2 }],
    });
    harness.fake.paymentIntents.set(intentId, {
      id: intentId,
      amount: order.totalCents,
      amount_received: order.totalCents,
      currency: "usd",
      status: "succeeded",
      metadata: { orderId: order.id },
    });
    // Since then the tee is sold in sizes.
    await db.product.update({ where: { id: tee.id }, data: { options: [{ name: "Size", values: ["S", "M"] }] } });
    await db.productVariant.create({
      data: { productId: tee.id, title: "S", options: { Size: "S" }, position: 0, priceCents: 1500, quantity: 3 },
    });
    const refused = await refundPaidOrder(order.id, refund({ restock: true }), admin.id);
    expect(refused).toMatchObject({ ok: false, status: 409, message: expect.stringContaining("now sold in options") });
    const done = await refundPaidOrder(order.id, refund({ restock: false }), admin.id);
    expect(done).toMatchObject({ ok: true, refund: { amountCents: 3000 } });
    expect((await db.productVariant.findFirstOrThrow({ where: { productId: tee.id } })).quantity).toBe(3);
  });
});

describe("orders made before the money was stored", () => {
  it("the migration shares their discount and tax over the lines so the lines and the shipping sum to the total", async () => {
    const order = await createOrder({
      lines: [
        { unitPriceCents: 1999, quantity: 3 },
        { unitPriceCents: 1250, quantity: 1 },
        { unitPriceCents: 333, quantity: 1 },
      ],
      discountCents: 1001,
      shippingCents: 700,
      taxCents: 618,
      taxShipping: true,
    });
    await db.order.update({ where: { id: order.id }, data: { taxRateMilli: 8875 } });
    const stored = await db.order.findUniqueOrThrow({ where: { id: order.id }, include: { lines: { orderBy: { id: "asc" } } } });
    // As an order of before: no shares kept.
    await db.orderLine.updateMany({
      where: { orderId: order.id },
      data: { subtotalCents: 0, discountCents: 0, taxCents: 0, totalCents: 0 },
    });
    await db.order.update({ where: { id: order.id }, data: { shippingTaxCents: 0 } });
    const sql = readFileSync("prisma/migrations/20261128000000_order_money/migration.sql", "utf8");
    const backfill = sql.slice(sql.indexOf("-- Orders made before"));
    // Run in a transaction that is then undone: the other tests' orders stay as checkout stored them.
    const statements = backfill
      .split(/;\s*\n/)
      .map((text) => text.replace(/^\s*--.*$/gm, "").trim())
      .filter(Boolean);
    const rollback = new Error("rollback");
    let after: typeof stored | undefined;
    await db
      .$transaction(async (tx) => {
        for (const statement of statements) await tx.$executeRawUnsafe(statement);
        after = await tx.order.findUniqueOrThrow({ where: { id: order.id }, include: { lines: { orderBy: { id: "asc" } } } });
        throw rollback;
      })
      .catch((error: unknown) => {
        if (error !== rollback) throw error;
      });
    if (!after) throw new Error("backfill did not run");
    expect(after.lines.map((line) => line.discountCents).reduce((a, b) => a + b)).toBe(1001);
    expect(after.lines.map((line) => line.taxCents).reduce((a, b) => a + b) + after.shippingTaxCents).toBe(618);
    expect(after.lines.map((line) => line.totalCents).reduce((a, b) => a + b) + shippingCharge(after)).toBe(after.totalCents);
    // The same shares checkout stores, line by line.
    expect(after.lines.map((line) => line.discountCents)).toEqual(stored.lines.map((line) => line.discountCents));
  });
});
