// Shipping zones, tax rates and settings, and the checkout quote through
// /api/v1: the admin's CRUD (403 for a user), what POST /api/v1/checkout/quote
// answers (options, the cheapest selected, free-from after discount, tax
// added or included, where the shop does not deliver, a bad address), and
// that POST /api/v1/product/payments charges Stripe exactly the quote's total.
// Zones, rates and settings are shop-wide: this file (its own database) starts
// each part from none and the default settings, and leaves them so.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

// Before any app module loads (env() reads the environment once): the local Stripe stand-in, for checkout.
const fake = await vi.hoisted(async () => (await import("./stripe-stand-in")).startStripeStandIn("whsec_shipping_tax_api_tests"));

import { Role } from "~/domain/accounts/user";
import { db } from "~/utils/db.server";
import { dispatch } from "./api-harness";
import { apiAuth, createProduct, jsonRequest, ORIGIN, signedIn, tag, type Caller } from "../fixtures/integration";

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any
type Answer = { status: number; body: Json };

async function call(method: string, path: string, caller: Caller, body?: unknown): Promise<Answer> {
  const request =
    body === undefined
      ? new Request(`${ORIGIN}${path}`, { method, headers: apiAuth(caller) })
      : jsonRequest(method, path, body, apiAuth(caller));
  const response = await dispatch(request);
  return { status: response.status, body: await response.json() };
}

let admin: Caller;
let user: Caller;

/** A cuid no row has. */
const NO_SUCH_ID = "clzzzzzzzzzzzzzzzzzzzzzzz";

const DEFAULT_SETTINGS = { pricesIncludeTax: false, taxShipping: false };

async function clearShopTerms() {
  await db.shippingZone.deleteMany({});
  await db.taxRate.deleteMany({});
  await db.taxSettings.deleteMany({});
}

beforeAll(async () => {
  admin = await signedIn(Role.Admin);
  user = await signedIn(Role.User);
  await clearShopTerms();
});

afterEach(async () => {
  // The tax settings are the shop's: back to the defaults after every test, whatever it did.
  await db.taxSettings.deleteMany({});
});

afterAll(async () => {
  await clearShopTerms();
  await fake.stop().catch(() => {});
});

const US_ZONE = {
  name: "United States",
  countries: ["us"],
  methods: [
    { name: "Standard", price: "5", freeFrom: 50, estimate: "3–5 business days" },
    { name: "Express", price: 14.99, estimate: "1–2 business days" },
  ],
};

describe("shipping zones (admin)", () => {
  beforeEach(clearShopTerms);

  it("creates, lists, replaces and deletes a zone, prices in dollars", async () => {
    const created = await call("POST", "/api/v1/shipping/zones", admin, US_ZONE);
    expect(created.status).toBe(201);
    const zone = created.body.zone;
    expect(created.body).toEqual({
      success: true,
      zone: {
        _id: expect.any(String),
        name: "United States",
        countries: ["US"],
        regions: [],
        methods: [
          { _id: expect.any(String), name: "Standard", price: 5, freeFrom: 50, estimate: "3–5 business days" },
          { _id: expect.any(String), name: "Express", price: 14.99, freeFrom: null, estimate: "1–2 business days" },
        ],
      },
    });
    const stored = await db.shippingMethod.findMany({ where: { zoneId: zone._id }, orderBy: { position: "asc" } });
    expect(stored.map((method) => [method.priceCents, method.freeFromCents])).toEqual([
      [500, 5000],
      [1499, null],
    ]);

    const listed = await call("GET", "/api/v1/shipping/zones", admin);
    expect(listed).toEqual({ status: 200, body: { success: true, zones: [zone] } });

    const replaced = await call("PUT", `/api/v1/shipping/zones/${zone._id}`, admin, {
      name: "New York",
      countries: ["US"],
      regions: ["us-ny"],
      methods: [{ name: "Courier", price: "9.50", freeFrom: "" }],
    });
    expect(replaced.status).toBe(200);
    expect(replaced.body.zone).toEqual({
      _id: zone._id,
      name: "New York",
      countries: ["US"],
      regions: ["US-NY"],
      methods: [{ _id: expect.any(String), name: "Courier", price: 9.5, freeFrom: null, estimate: null }],
    });

    const deleted = await call("DELETE", `/api/v1/shipping/zones/${zone._id}`, admin);
    expect(deleted).toEqual({ status: 200, body: { success: true, message: expect.any(String) } });
    expect((await call("GET", "/api/v1/shipping/zones", admin)).body.zones).toEqual([]);
    expect(await db.shippingMethod.count()).toBe(0);
  });

  it("answers 400 naming the field, and 404 for a zone that is not there", async () => {
    const bad = async (body: unknown) => {
      const answer = await call("POST", "/api/v1/shipping/zones", admin, body);
      expect(answer.status).toBe(400);
      expect(answer.body.success).toBe(false);
      return answer.body.errors;
    };
    expect(await bad({ ...US_ZONE, countries: ["USA"] })).toHaveProperty("countries");
    expect(await bad({ ...US_ZONE, methods: [] })).toHaveProperty("methods");
    expect(await bad({ ...US_ZONE, methods: [{ name: "Cheap", price: "-1" }] })).toHaveProperty("methods");
    expect(await bad({ ...US_ZONE, name: "" })).toHaveProperty("name");
    expect(await bad({ ...US_ZONE, regions: ["CA-ON"] })).toHaveProperty("regions");
    expect(await db.shippingZone.count()).toBe(0);

    expect((await call("PUT", `/api/v1/shipping/zones/${NO_SUCH_ID}`, admin, US_ZONE)).status).toBe(404);
    expect((await call("DELETE", `/api/v1/shipping/zones/${NO_SUCH_ID}`, admin)).status).toBe(404);
    expect((await call("DELETE", "/api/v1/shipping/zones/not-an-id", admin)).status).toBe(400);
  });

  it("is the admin's: a user gets 403 and changes nothing", async () => {
    const zone = (await call("POST", "/api/v1/shipping/zones", admin, US_ZONE)).body.zone;
    expect((await call("GET", "/api/v1/shipping/zones", user)).status).toBe(403);
    expect((await call("POST", "/api/v1/shipping/zones", user, US_ZONE)).status).toBe(403);
    expect((await call("PUT", `/api/v1/shipping/zones/${zone._id}`, user, { ...US_ZONE, name: "Mine" })).status).toBe(403);
    expect((await call("DELETE", `/api/v1/shipping/zones/${zone._id}`, user)).status).toBe(403);
    expect((await call("GET", "/api/v1/shipping/zones", admin)).body.zones).toEqual([zone]);
  });
});

describe("tax rates and settings (admin)", () => {
  beforeEach(clearShopTerms);

  it("creates, lists, changes and deletes a rate, in percent", async () => {
    const created = await call("POST", "/api/v1/tax/rates", admin, { country: "us", region: "us-ny", rate: 8.875, name: "NY sales tax" });
    expect(created).toEqual({
      status: 201,
      body: { success: true, rate: { _id: expect.any(String), country: "US", region: "US-NY", rate: 8.875, name: "NY sales tax" } },
    });
    const rate = created.body.rate;
    expect((await db.taxRate.findUniqueOrThrow({ where: { id: rate._id } })).rateMilli).toBe(8875);
    const country = (await call("POST", "/api/v1/tax/rates", admin, { country: "DE", rate: "19" })).body.rate;
    expect(country).toEqual({ _id: expect.any(String), country: "DE", region: null, rate: 19, name: null });

    expect(await call("GET", "/api/v1/tax/rates", admin)).toEqual({ status: 200, body: { success: true, rates: [country, rate] } });

    const changed = await call("PUT", `/api/v1/tax/rates/${rate._id}`, admin, { country: "US", region: "US-NY", rate: "4.5" });
    expect(changed).toEqual({ status: 200, body: { success: true, rate: { ...rate, rate: 4.5, name: null } } });

    expect(await call("DELETE", `/api/v1/tax/rates/${rate._id}`, admin)).toEqual({
      status: 200,
      body: { success: true, message: expect.any(String) },
    });
    expect((await call("GET", "/api/v1/tax/rates", admin)).body.rates).toEqual([country]);
    expect((await call("DELETE", `/api/v1/tax/rates/${rate._id}`, admin)).status).toBe(404);
    expect((await call("PUT", `/api/v1/tax/rates/${rate._id}`, admin, { country: "US", rate: 1 })).status).toBe(404);
  });

  it("answers 409 for a second rate of a country or region, and 400 naming the field", async () => {
    const ny = (await call("POST", "/api/v1/tax/rates", admin, { country: "US", region: "US-NY", rate: 8.875 })).body.rate;
    const us = (await call("POST", "/api/v1/tax/rates", admin, { country: "US", rate: 5 })).body.rate;
    for (const again of [
      { country: "US", region: "US-NY", rate: 4 },
      { country: "us", region: "us-ny", rate: 4 },
      { country: "US", rate: 6 },
    ]) {
      const answer = await call("POST", "/api/v1/tax/rates", admin, again);
      expect(answer.status, JSON.stringify(again)).toBe(409);
      expect(answer.body).toMatchObject({ success: false, message: expect.stringContaining("already has a rate") });
    }
    // Changing one into another's country or region is the same conflict.
    expect((await call("PUT", `/api/v1/tax/rates/${us._id}`, admin, { country: "US", region: "US-NY", rate: 5 })).status).toBe(409);

    const bad = async (body: unknown) => {
      const answer = await call("POST", "/api/v1/tax/rates", admin, body);
      expect(answer.status).toBe(400);
      return answer.body.errors;
    };
    expect(await bad({ country: "US", region: "US-CA", rate: 8.8755 })).toHaveProperty("rate");
    expect(await bad({ country: "US", region: "US-CA", rate: 101 })).toHaveProperty("rate");
    expect(await bad({ country: "US", region: "CA-ON", rate: 13 })).toHaveProperty("region");
    expect(await bad({ country: "USA", rate: 13 })).toHaveProperty("country");
    // By country, then region; the country-wide rate (no region) last.
    expect((await call("GET", "/api/v1/tax/rates", admin)).body.rates).toEqual([ny, us]);
  });

  it("reads and changes the two settings; both are required", async () => {
    expect(await call("GET", "/api/v1/tax/settings", admin)).toEqual({ status: 200, body: { success: true, settings: DEFAULT_SETTINGS } });
    const saved = await call("PUT", "/api/v1/tax/settings", admin, { pricesIncludeTax: true, taxShipping: "false" });
    expect(saved).toEqual({ status: 200, body: { success: true, settings: { pricesIncludeTax: true, taxShipping: false } } });
    expect((await call("GET", "/api/v1/tax/settings", admin)).body.settings).toEqual({ pricesIncludeTax: true, taxShipping: false });
    const missing = await call("PUT", "/api/v1/tax/settings", admin, { taxShipping: true });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toHaveProperty("pricesIncludeTax");
  });

  it("is the admin's: a user gets 403 and changes nothing", async () => {
    const rate = (await call("POST", "/api/v1/tax/rates", admin, { country: "US", rate: 5 })).body.rate;
    expect((await call("GET", "/api/v1/tax/rates", user)).status).toBe(403);
    expect((await call("POST", "/api/v1/tax/rates", user, { country: "DE", rate: 19 })).status).toBe(403);
    expect((await call("PUT", `/api/v1/tax/rates/${rate._id}`, user, { country: "US", rate: 0 })).status).toBe(403);
    expect((await call("DELETE", `/api/v1/tax/rates/${rate._id}`, user)).status).toBe(403);
    expect((await call("GET", "/api/v1/tax/settings", user)).status).toBe(403);
    expect((await call("PUT", "/api/v1/tax/settings", user, { pricesIncludeTax: true, taxShipping: true })).status).toBe(403);
    expect((await call("GET", "/api/v1/tax/rates", admin)).body.rates).toEqual([rate]);
    expect((await call("GET", "/api/v1/tax/settings", admin)).body.settings).toEqual(DEFAULT_SETTINGS);
  });
});

describe("POST /api/v1/checkout/quote and payments", () => {
  const NEW_YORK = {
    name: "Ada Buyer",
    line1: "350 Fifth Avenue",
    city: "New York",
    region: "NY",
    postalCode: "10118",
    country: "US",
    phone: "+1 212 555 0100",
  };
  let standardId = "";
  let expressId = "";

  beforeAll(async () => {
    await clearShopTerms();
    const zone = (await call("POST", "/api/v1/shipping/zones", admin, US_ZONE)).body.zone;
    [standardId, expressId] = zone.methods.map((method: { _id: string }) => method._id);
    expect((await call("POST", "/api/v1/tax/rates", admin, { country: "US", region: "US-NY", rate: 8.875 })).status).toBe(201);
  });

  afterAll(clearShopTerms);

  const goods = (priceCents: number) => createProduct({ priceCents, quantity: 20, shipping: true });
  const quote = (caller: Caller, body: Record<string, unknown>) => call("POST", "/api/v1/checkout/quote", caller, body);

  it("offers the zone's methods cheapest first, selects the cheapest, and adds tax on the goods only", async () => {
    const product = await goods(4000);
    const answer = await quote(user, { products: [{ _id: product.id, quantity: 1 }], shipTo: NEW_YORK });
    expect(answer).toEqual({
      status: 200,
      body: {
        success: true,
        subtotal: 40,
        discount: 0,
        shipping: {
          options: [
            { _id: standardId, name: "Standard", amount: 5, estimate: "3–5 business days" },
            { _id: expressId, name: "Express", amount: 14.99, estimate: "1–2 business days" },
          ],
          selected: { _id: standardId, name: "Standard", amount: 5 },
        },
        // round(4000 × 0.08875) = 355: on the goods, not the shipping (taxShipping is off).
        tax: { amount: 3.55, rate: 8.875, included: false },
        total: 48.55,
      },
    });

    const express = await quote(user, { products: [{ _id: product.id }], shipTo: NEW_YORK, shippingMethodId: expressId });
    expect(express.body).toMatchObject({ shipping: { selected: { _id: expressId, amount: 14.99 } }, tax: { amount: 3.55 }, total: 58.54 });

    const unknownMethod = await quote(user, { products: [{ _id: product.id }], shipTo: NEW_YORK, shippingMethodId: NO_SUCH_ID });
    expect(unknownMethod.status).toBe(400);
  });

  it("makes a method free from its threshold, counted on the goods after discount", async () => {
    const product = await goods(3000);
    const sixty = { products: [{ _id: product.id, quantity: 2 }], shipTo: NEW_YORK };
    const free = await quote(user, sixty);
    expect(free.body).toMatchObject({
      subtotal: 60,
      shipping: {
        options: [
          { name: "Standard", amount: 0 },
          { name: "Express", amount: 14.99 },
        ],
        selected: { name: "Standard", amount: 0 },
      },
      tax: { amount: 5.33 }, // 532.5 rounded half up
      total: 65.33,
    });

    const code = `SHIP-${tag()}`.toUpperCase();
    expect((await call("POST", "/api/v1/discount/create", admin, { code, kind: "percent", percentOff: 25 })).status).toBe(201);
    const discounted = await quote(user, { ...sixty, discountCode: code.toLowerCase() });
    expect(discounted.status).toBe(200);
    // $60 − 25 % = $45 of goods: under Standard's $50, so it costs $5 again; tax on the $45.
    expect(discounted.body).toMatchObject({
      subtotal: 60,
      discount: 15,
      shipping: { selected: { name: "Standard", amount: 5 } },
      tax: { amount: 3.99, included: false }, // round(4500 × 0.08875) = 399
      total: 53.99,
    });
  });

  it("shows tax included in the prices (Europe) without adding it", async () => {
    const dhl = (
      await call("POST", "/api/v1/shipping/zones", admin, { name: "Germany", countries: ["DE"], methods: [{ name: "DHL", price: "4.90" }] })
    ).body.zone;
    const vat = (await call("POST", "/api/v1/tax/rates", admin, { country: "DE", rate: 19, name: "MwSt." })).body.rate;
    try {
      expect((await call("PUT", "/api/v1/tax/settings", admin, { pricesIncludeTax: true, taxShipping: false })).status).toBe(200);
      const product = await goods(1999);
      const berlin = {
        name: "Max Muster",
        line1: "Unter den Linden 1",
        city: "Berlin",
        postalCode: "10117",
        country: "DE",
        phone: "+49 30 1234",
      };
      const answer = await quote(user, { products: [{ _id: product.id }], shipTo: berlin });
      expect(answer.status).toBe(200);
      // 19.99 × 19 / 119 = 3.1916… → 3.19, inside the 19.99: the total is goods + shipping.
      expect(answer.body).toMatchObject({
        subtotal: 19.99,
        shipping: { selected: { _id: dhl.methods[0]._id, name: "DHL", amount: 4.9 } },
        tax: { amount: 3.19, rate: 19, included: true },
        total: 24.89,
      });
    } finally {
      await call("DELETE", `/api/v1/shipping/zones/${dhl._id}`, admin);
      await call("DELETE", `/api/v1/tax/rates/${vat._id}`, admin);
    }
  });

  it("answers 422 where the shop does not deliver, and 400 naming a bad address's field", async () => {
    const product = await goods(4000);
    const products = [{ _id: product.id }];
    const tokyo = { name: "Aiko", line1: "1-1 Chiyoda", city: "Tokyo", postalCode: "100-0001", country: "JP", phone: "+81 3 1234 5678" };
    expect(await quote(user, { products, shipTo: tokyo })).toEqual({
      status: 422,
      body: { success: false, message: "We don't ship to Japan" },
    });

    const badZip = await quote(user, { products, shipTo: { ...NEW_YORK, postalCode: "ABCDE" } });
    expect(badZip.status).toBe(400);
    expect(badZip.body.errors).toEqual({ "shipTo.postalCode": expect.stringContaining("postal code") });
    expect(badZip.body.message).toContain("shipTo.postalCode");

    const noState = await quote(user, { products, shipTo: { ...NEW_YORK, region: undefined } });
    expect(noState.status).toBe(400);
    expect(noState.body.errors).toHaveProperty(["shipTo.region"]);

    // Payments reads the same body the same way.
    const payments = await call("POST", "/api/v1/product/payments", user, { products, shipTo: { ...NEW_YORK, postalCode: "ABCDE" } });
    expect(payments.status).toBe(400);
    expect(payments.body.errors).toHaveProperty(["shipTo.postalCode"]);
    const japan = await call("POST", "/api/v1/product/payments", user, { products, shipTo: tokyo });
    expect(japan).toEqual({ status: 422, body: { success: false, message: "We don't ship to Japan" } });
    expect(await db.order.count({ where: { shipCountry: "JP" } })).toBe(0);
  });

  it("payments charges Stripe exactly the quote's total, and the order keeps its delivery and tax", async () => {
    const buyer = await signedIn(Role.User);
    const product = await goods(4000);
    const body = { products: [{ _id: product.id, quantity: 1 }], shipTo: NEW_YORK, shippingMethodId: expressId };
    const quoted = await quote(buyer, body);
    expect(quoted.body.total).toBe(58.54);

    const paid = await call("POST", "/api/v1/product/payments", buyer, body);
    expect(paid.status).toBe(200);
    expect(fake.sessions.get(paid.body.id)!.amount_total).toBe(Math.round(quoted.body.total * 100));
    const order = await db.order.findUniqueOrThrow({ where: { id: paid.body.orderId } });
    expect(order).toMatchObject({
      totalCents: 5854,
      subtotalCents: 4000,
      shippingMethod: "Express",
      shippingCents: 1499,
      taxCents: 355,
      taxRateMilli: 8875,
      taxIncluded: false,
      shipName: "Ada Buyer",
      shipLine1: "350 Fifth Avenue",
      shipCity: "New York",
      shipRegion: "NY",
      shipPostalCode: "10118",
      shipCountry: "US",
    });
  });

  it("payments without shipTo (the old clients) ships to the profile's address by the cheapest method", async () => {
    const buyer = await signedIn(Role.User, { address: "7 Test Lane, Springfield" });
    const product = await goods(4000);
    const body = { products: [{ _id: product.id, quantity: 1 }] };
    // The profile's one line is in the shop's country with no state: no NY tax, the US zone's cheapest method.
    const quoted = await quote(buyer, body);
    expect(quoted.body).toMatchObject({ shipping: { selected: { _id: standardId, amount: 5 } }, tax: { amount: 0, rate: 0 }, total: 45 });

    const paid = await call("POST", "/api/v1/product/payments", buyer, body);
    expect(paid.status).toBe(200);
    expect(fake.sessions.get(paid.body.id)!.amount_total).toBe(4500);
    const order = await db.order.findUniqueOrThrow({ where: { id: paid.body.orderId } });
    expect(order).toMatchObject({ totalCents: 4500, shippingMethod: "Standard", shippingCents: 500, taxCents: 0, shipCountry: "US" });
    expect(order.shipAddress).toContain("7 Test Lane, Springfield");
  });
});
