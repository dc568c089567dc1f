// Delivery and tax money rules on a real PostgreSQL and the Stripe stand-in:
// free-from thresholds count the goods after discount, tax added or
// included is rounded half up once per order, an address outside every zone
// is refused before anything is held, a zone changed between the quote and
// the payment is priced again, and Stripe's amount is always the order's.
import { afterEach, describe, expect, it, vi } from "vitest";

const harness = await vi.hoisted(async () => {
  const { startStripeHarness } = await import("../fixtures/stripe");
  return startStripeHarness();
});

import { checkoutPage, checkoutPageAction } from "~/routes/checkout/page.server";
import { quoteCheckout } from "~/domain/checkout/quote.server";
import { serializeCart } from "~/http/cart-cookie.server";
import { startCheckout } from "~/domain/checkout/start.server";
import { discountInputSchema } from "~/domain/discounts/discount.schema";
import { createDiscount } from "~/domain/discounts/discount.server";
import type { ShipTo } from "~/domain/shipping/ship-to";
import { createZone, updateZone } from "~/domain/shipping/zones.server";
import { includedTaxOf, saveTaxRate, updateTaxSettings } from "~/domain/tax/rates.server";
import { db } from "~/utils/db.server";
import { createProduct, createUser, NEW_YORK, tag } from "../fixtures/integration";
import { statementsDuring } from "../fixtures/statements";

const ORIGIN = "http://shop.test";
const BERLIN: ShipTo = { ...NEW_YORK, line1: "Unter den Linden 1", city: "Berlin", region: undefined, postalCode: "10117", country: "DE" };

afterEach(async () => {
  // Zones, rates and settings are the shop's: each test starts from none.
  await db.shippingZone.deleteMany();
  await db.taxRate.deleteMany();
  await db.taxSettings.deleteMany();
});

async function usZone() {
  const zone = await createZone({
    name: `US ${tag()}`,
    countries: ["US"],
    methods: [
      { name: "Standard", price: "5.00", freeFrom: "50.00", estimate: "3–5 business days" },
      { name: "Express", price: "14.99", estimate: "1–2 business days" },
    ],
  });
  if (!zone.ok) throw new Error(zone.message);
  return zone.zone;
}

const shipped = (priceCents: number) => createProduct({ priceCents, quantity: 20, shipping: true });
const buyer = () => createUser({ address: "1 Main St" });

describe("delivery", () => {
  it("offers the zone's methods cheapest first, free from the threshold counted after the discount", async () => {
    await usZone();
    const user = await buyer();
    const goods = await shipped(3000);
    const at = async (quantity: number, discountCode?: string) => {
      const quoted = await quoteCheckout(user, [{ productId: goods.id, quantity }], { shipTo: NEW_YORK, discountCode });
      if (!quoted.ok) throw new Error(quoted.message);
      return quoted.quote;
    };
    const small = await at(1);
    expect(small.shipping.options.map((option) => [option.name, option.amountCents])).toEqual([
      ["Standard", 500],
      ["Express", 1499],
    ]);
    expect(small.shipping.selected?.name).toBe("Standard");
    expect(small.totalCents).toBe(3500);
    expect((await at(2)).shipping.selected).toMatchObject({ name: "Standard", amountCents: 0 });
    // $60 of goods, $15 off: $45 after the discount, under the $50 threshold.
    const code = `SHIP${tag()}`.toUpperCase();
    const discount = await createDiscount(discountInputSchema.parse({ code, kind: "amount", amountOff: "15" }));
    if (!discount.ok) throw new Error(discount.message);
    const discounted = await at(2, code);
    expect(discounted).toMatchObject({ subtotalCents: 6000, discountCents: 1500, totalCents: 5000 });
    expect(discounted.shipping.selected).toMatchObject({ name: "Standard", amountCents: 500 });
  });

  it("refuses an address outside every zone before anything is held, naming the country", async () => {
    await usZone();
    const goods = await shipped(2000);
    const result = await startCheckout(await buyer(), [{ productId: goods.id, quantity: 1 }], ORIGIN, {
      shipTo: { ...BERLIN, country: "JP", postalCode: "100-0001", city: "Tokyo" },
    });
    expect(result).toMatchObject({ ok: false, status: 422, message: "We don't ship to Japan" });
    expect((await db.product.findUniqueOrThrow({ where: { id: goods.id } })).quantity).toBe(20);
  });

  it("charges nothing for delivery when the shop has no zone, as before", async () => {
    const goods = await shipped(2000);
    const quoted = await quoteCheckout(await buyer(), [{ productId: goods.id, quantity: 1 }], { shipTo: NEW_YORK });
    expect(quoted.ok && quoted.quote).toMatchObject({ totalCents: 2000, shipping: { options: [], selected: null } });
  });
});

describe("tax", () => {
  it("adds New York's 8.875 % to the goods after discount, rounded half up once; Stripe charges the same total", async () => {
    await usZone();
    await saveTaxRate(null, { country: "US", region: "US-NY", rate: "8.875", name: "NY sales tax" });
    await saveTaxRate(null, { country: "US", rate: "5" });
    const goods = await shipped(1999);
    const user = await buyer();
    const quoted = await quoteCheckout(user, [{ productId: goods.id, quantity: 2 }], { shipTo: NEW_YORK });
    if (!quoted.ok) throw new Error(quoted.message);
    // 39.98 × 0.08875 = 3.548225 → $3.55; shipping $5 is not taxed.
    expect(quoted.quote.tax).toEqual({ cents: 355, rateMilli: 8875, included: false, name: "NY sales tax" });
    expect(quoted.quote.totalCents).toBe(3998 + 500 + 355);
    const started = await startCheckout(user, [{ productId: goods.id, quantity: 2 }], ORIGIN, {
      shipTo: NEW_YORK,
      shippingMethodId: quoted.quote.shipping.options.find((option) => option.name === "Express")!.id,
    });
    if (!started.ok) throw new Error(started.message);
    const order = await db.order.findUniqueOrThrow({ where: { id: started.orderId } });
    expect(order).toMatchObject({
      shippingMethod: "Express",
      shippingCents: 1499,
      taxCents: 355,
      taxRateMilli: 8875,
      taxIncluded: false,
      totalCents: 3998 + 1499 + 355,
      shipCountry: "US",
      shipRegion: "NY",
      shipPostalCode: "10004",
    });
    const session = harness.fake.sessions.get(started.sessionId) as unknown as { amount_total: number };
    expect(session.amount_total).toBe(order.totalCents);
    // Remembered for next time.
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).shipTo).toMatchObject({ postalCode: "10004", region: "NY" });
    // Elsewhere in the US, the country's rate.
    const elsewhere = await quoteCheckout(user, [{ productId: goods.id, quantity: 2 }], {
      shipTo: { ...NEW_YORK, region: "NJ", city: "Newark", postalCode: "07102" },
    });
    expect(elsewhere.ok && elsewhere.quote.tax.cents).toBe(200);
  });

  it("shows tax included in European prices without adding it: 19 % of $19.99 is $3.19", async () => {
    const zone = await createZone({ name: `DE ${tag()}`, countries: ["DE"], methods: [{ name: "DHL", price: "4.90" }] });
    expect(zone.ok).toBe(true);
    await saveTaxRate(null, { country: "DE", rate: "19", name: "VAT" });
    await updateTaxSettings({ pricesIncludeTax: true, taxShipping: true });
    const goods = await shipped(1999);
    const quoted = await quoteCheckout(await buyer(), [{ productId: goods.id, quantity: 1 }], { shipTo: BERLIN });
    if (!quoted.ok) throw new Error(quoted.message);
    // Shipping taxed too: (19.99 + 4.90) × 19 / 119 = 3.974 → $3.97, inside the total.
    expect(quoted.quote.tax).toMatchObject({ cents: 397, included: true });
    expect(quoted.quote.totalCents).toBe(1999 + 490);
  });
});

describe("the cart, before checkout asks where", () => {
  it("says how much of a European total is tax, and nothing where tax is added", async () => {
    await saveTaxRate(null, { country: "DE", rate: "19", name: "VAT" });
    expect(await includedTaxOf(1999, { country: "DE", region: null })).toBeNull();
    await updateTaxSettings({ pricesIncludeTax: true, taxShipping: false });
    expect(await includedTaxOf(1999, { country: "DE", region: null })).toEqual({ cents: 319, label: "VAT (19 %)" });
    expect(await includedTaxOf(1999, { country: "FR", region: null })).toBeNull();
  });
});

describe("between the quote and the payment", () => {
  it("a zone's price changed after the page was shown: the shopper is told, nothing is charged", async () => {
    const zone = await usZone();
    const goods = await shipped(2000);
    const user = await buyer();
    const quoted = await quoteCheckout(user, [{ productId: goods.id, quantity: 1 }], { shipTo: NEW_YORK });
    if (!quoted.ok) throw new Error(quoted.message);
    const updated = await updateZone(zone.id, {
      name: zone.name,
      countries: ["US"],
      methods: [{ name: "Standard", price: "7.50" }],
    });
    expect(updated.ok).toBe(true);
    const result = await startCheckout(user, [{ productId: goods.id, quantity: 1 }], ORIGIN, {
      shipTo: NEW_YORK,
      expectedTotalCents: quoted.quote.totalCents,
    });
    expect(result).toMatchObject({ ok: false, status: 409, message: expect.stringContaining("$27.50") });
    expect(await db.order.count({ where: { buyerId: user.id } })).toBe(0);
  });

  it("a method removed since it was chosen is refused, not replaced by another", async () => {
    const zone = await usZone();
    const goods = await shipped(2000);
    const express = zone.methods.find((method) => method.name === "Express")!;
    await updateZone(zone.id, { name: zone.name, countries: ["US"], methods: [{ name: "Standard", price: "5" }] });
    const result = await startCheckout(await buyer(), [{ productId: goods.id, quantity: 1 }], ORIGIN, {
      shipTo: NEW_YORK,
      shippingMethodId: express.id,
    });
    expect(result).toMatchObject({ ok: false, status: 400, message: expect.stringMatching(/delivery options/) });
  });
});

describe("the checkout page", () => {
  /** The statements that price the cart (cart.server.ts's one read of its lines) while `work` runs. */
  const cartReads = async (work: () => Promise<unknown>) =>
    (await statementsDuring(work)).filter(({ text }) => text.includes('AS l(line, "productId", "variantId")')).length;

  it("prices the cart once to show it and quote it, and once more only to reserve it", async () => {
    await usZone();
    const goods = await shipped(2000);
    const user = await buyer();
    await db.user.update({ where: { id: user.id }, data: { shipTo: NEW_YORK } }); // a returning buyer: quoted as the page opens
    const cookie = (await serializeCart([{ productId: goods.id, quantity: 2 }])).split(";")[0];
    const request = () => new Request(`${ORIGIN}/checkout`, { method: "POST", headers: { Cookie: cookie } });
    let shown = 0;
    expect(
      await cartReads(async () => {
        const view = await checkoutPage(user, request());
        shown = view.quote?.totalCents ?? 0;
      }),
    ).toBe(1);
    expect(shown).toBe(4000 + 500); // Standard delivery, $5 under $50
    const form = new FormData();
    for (const [field, value] of Object.entries(NEW_YORK)) if (value !== undefined) form.set(field, String(value));
    form.set("intent", "quote");
    expect(await cartReads(() => checkoutPageAction(user, request(), form, ORIGIN))).toBe(1);
    form.set("intent", "pay");
    form.set("expectedTotalCents", String(shown));
    let started = false;
    // Paying prices it once for the page and once inside the checkout that reserves the stock.
    expect(
      await cartReads(async () => {
        const outcome = await checkoutPageAction(user, request(), form, ORIGIN);
        started = outcome.kind === "started";
      }),
    ).toBe(2);
    expect(started).toBe(true);
  });

  const pageRequest = async (lines: { productId: string; quantity: number }[]) => {
    const cookie = (await serializeCart(lines)).split(";")[0];
    return () => new Request(`${ORIGIN}/checkout`, { method: "POST", headers: { Cookie: cookie } });
  };
  const formOf = (fields: Record<string, string | undefined>) => {
    const form = new FormData();
    for (const [field, value] of Object.entries(fields)) if (value !== undefined) form.set(field, value);
    return form;
  };

  it("a first-time buyer completes the address and reaches payment with one press when the total is the same", async () => {
    const free = await createZone({ name: `Free ${tag()}`, countries: ["US"], methods: [{ name: "Standard", price: "0" }] });
    expect(free.ok).toBe(true);
    const goods = await shipped(2000);
    const user = await buyer(); // a profile address line only: no state, city or ZIP yet
    const request = await pageRequest([{ productId: goods.id, quantity: 1 }]);
    const opened = await checkoutPage(user, request());
    // Nothing quoted on a half address (no silent zero tax), nothing scolded either: the goods' total is shown.
    expect(opened).toMatchObject({
      quote: null,
      message: null,
      errors: {},
      shownTotalCents: 2000,
      values: { line1: "1 Main St", country: "US" },
    });
    expect(opened.regions.find((region) => region.code === "NY")).toEqual({ code: "NY", name: "New York" });
    const pay = formOf({ ...NEW_YORK, intent: "pay", expectedTotalCents: String(opened.shownTotalCents) });
    const outcome = await checkoutPageAction(user, request(), pay, ORIGIN);
    expect(outcome.kind).toBe("started");
    expect(outcome.kind === "started" && outcome.result.ok).toBe(true);
  });

  it("a total changed by the address shows the new total and asks again; the second press pays", async () => {
    await usZone(); // Standard $5 under $50
    await saveTaxRate(null, { country: "US", region: "US-NY", rate: "8.875" });
    const goods = await shipped(2000);
    const user = await buyer();
    const request = await pageRequest([{ productId: goods.id, quantity: 1 }]);
    const opened = await checkoutPage(user, request());
    const first = await checkoutPageAction(
      user,
      request(),
      formOf({ ...NEW_YORK, intent: "pay", expectedTotalCents: String(opened.shownTotalCents) }),
      ORIGIN,
    );
    expect(first).toMatchObject({
      kind: "view",
      status: 409,
      view: { message: "Your delivery changed the total: check it, then press Checkout again.", quote: { totalCents: 2000 + 500 + 178 } },
    });
    expect(await db.order.count({ where: { buyerId: user.id } })).toBe(0);
    const shown = first.kind === "view" ? first.view.shownTotalCents : 0;
    const second = await checkoutPageAction(
      user,
      request(),
      formOf({ ...NEW_YORK, intent: "pay", expectedTotalCents: String(shown) }),
      ORIGIN,
    );
    expect(second.kind === "started" && second.result.ok).toBe(true);
  });

  it("answers an address incomplete or wrong for its country with 400 and the field's message, quoting nothing", async () => {
    await usZone();
    await saveTaxRate(null, { country: "US", region: "US-NY", rate: "8.875" });
    const goods = await shipped(2000);
    const user = await buyer();
    const request = await pageRequest([{ productId: goods.id, quantity: 1 }]);
    const attempt = async (fields: Partial<Record<keyof ShipTo, string>>, intent = "pay") => {
      const outcome = await checkoutPageAction(
        user,
        request(),
        formOf({ ...NEW_YORK, ...fields, intent, expectedTotalCents: "2000" }),
        ORIGIN,
      );
      if (outcome.kind !== "view") throw new Error("started");
      return { status: outcome.status, errors: outcome.view.errors, quote: outcome.view.quote };
    };
    expect(await attempt({ region: "" })).toEqual({ status: 400, errors: { region: "Choose the state" }, quote: null });
    expect(await attempt({ region: "NYC" })).toMatchObject({
      status: 400,
      errors: { region: expect.stringMatching(/^NYC is not a state/) },
    });
    expect(await attempt({ region: "XX" }, "quote")).toMatchObject({ status: 400, errors: { region: "Choose the state" } });
    expect(await attempt({ region: "NJ" })).toMatchObject({
      status: 400,
      errors: { postalCode: expect.stringMatching(/in New York, not New Jersey/) },
    });
    expect(await attempt({ region: "US-NY" }, "quote")).toMatchObject({ status: 200, errors: {}, quote: { tax: { cents: 178 } } });
    // Another country chosen under a state of the first: its own list is offered, nothing chosen, the state asked for.
    const canada = await checkoutPageAction(user, request(), formOf({ ...NEW_YORK, country: "CA", intent: "quote" }), ORIGIN);
    expect(canada.kind === "view" && canada.view).toMatchObject({
      values: { region: "" },
      regionRequired: true,
      errors: { region: "Choose the province or territory" },
    });
    expect(canada.kind === "view" && canada.view.regions.some((region) => region.code === "ON")).toBe(true);
    expect(await db.order.count({ where: { buyerId: user.id } })).toBe(0);
  });
});
