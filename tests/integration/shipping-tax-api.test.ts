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

  it("payments without shipTo (the old clients) asks for the state the profile's address lacks, never a silent zero tax", async () => {
    const buyer = await signedIn(Role.User, { address: "7 Test Lane, Springfield" });
    const product = await goods(4000);
    const body = { products: [{ _id: product.id, quantity: 1 }] };
    // The profile's one line is in the shop's country (US) with no state: asked for, not quoted as the whole country.
    const quoted = await quote(buyer, body);
    expect(quoted.status).toBe(400);
    expect(quoted.body).toEqual({ success: false, message: expect.stringMatching(/^Choose the state: .*send shipTo/) });
    const paid = await call("POST", "/api/v1/product/payments", buyer, body);
    expect(paid.status).toBe(400);
    expect(paid.body.message).toMatch(/Choose the state/);
    expect(await db.order.count({ where: { buyerId: buyer.id } })).toBe(0);

    // Once an order went to a full address, the next one without shipTo goes there, with its state's tax.
    const first = await call("POST", "/api/v1/product/payments", buyer, { ...body, shipTo: NEW_YORK });
    expect(first.status).toBe(200);
    const again = await quote(buyer, body);
    expect(again.body).toMatchObject({ shipping: { selected: { _id: standardId, amount: 5 } }, tax: { amount: 3.55 }, total: 48.55 });
  });

  it("takes the state as NY or US-NY and keeps NY; refuses NYC, XX and a ZIP code of another state", async () => {
    const product = await goods(4000);
    const products = [{ _id: product.id }];
    for (const region of ["NY", "US-NY", "us-ny"]) {
      const answer = await quote(user, { products, shipTo: { ...NEW_YORK, region } });
      expect(answer.status, region).toBe(200);
      expect(answer.body.tax, region).toMatchObject({ amount: 3.55, rate: 8.875 });
    }
    for (const region of ["NYC", "XX"]) {
      const answer = await quote(user, { products, shipTo: { ...NEW_YORK, region } });
      expect(answer.status, region).toBe(400);
      expect(answer.body.errors, region).toEqual({
        "shipTo.region": `${region} is not a state of United States: choose one from the list`,
      });
    }
    const alaska = await quote(user, { products, shipTo: { ...NEW_YORK, region: "AKX", postalCode: "99501" } });
    expect(alaska.status).toBe(400);
    expect(alaska.body.errors).toHaveProperty(["shipTo.region"]);
    const otherState = await quote(user, { products, shipTo: { ...NEW_YORK, region: "NJ" } });
    expect(otherState.status).toBe(400);
    expect(otherState.body.errors).toEqual({
      "shipTo.postalCode": "ZIP code 10118 is in New York, not New Jersey: check the ZIP code or the state",
    });

    const buyer = await signedIn(Role.User);
    const paid = await call("POST", "/api/v1/product/payments", buyer, { products, shipTo: { ...NEW_YORK, region: "us-ny" } });
    expect(paid.status).toBe(200);
    expect(await db.order.findUniqueOrThrow({ where: { id: paid.body.orderId } })).toMatchObject({ shipRegion: "NY", taxCents: 355 });
    expect((await db.user.findUniqueOrThrow({ where: { id: buyer.id } })).shipTo).toMatchObject({ region: "NY" });
  });
});

describe("regions and zones (ISO 3166)", () => {
  beforeEach(clearShopTerms);
  afterAll(clearShopTerms);

  const zone = (body: Record<string, unknown>) =>
    call("POST", "/api/v1/shipping/zones", admin, { methods: [{ name: "Post", price: 5 }], ...body });

  it("refuses zone and rate countries and regions that are not ISO codes, with a message", async () => {
    for (const countries of [["EU"], ["ZZ"], ["FR", "XK"]]) {
      const answer = await zone({ name: "Europe", countries });
      expect(answer.status, countries.join()).toBe(400);
      expect(answer.body.errors.countries).toMatch(/is not a country's ISO 3166-1 code/);
    }
    const region = await zone({ name: "NYC", countries: ["US"], regions: ["US-NYC"] });
    expect(region).toMatchObject({
      status: 400,
      body: { errors: { regions: "US-NYC is not an ISO 3166-2 region of United States, e.g. US-NY" } },
    });
    for (const body of [
      { country: "EU", rate: 20 },
      { country: "ZZ", rate: 1 },
    ]) {
      const answer = await call("POST", "/api/v1/tax/rates", admin, body);
      expect(answer.status).toBe(400);
      expect(answer.body.errors.country).toMatch(/ISO 3166-1/);
    }
    const badRegion = await call("POST", "/api/v1/tax/rates", admin, { country: "US", region: "US-XX", rate: 4 });
    expect(badRegion.status).toBe(400);
    expect(badRegion.body.errors.region).toMatch(/ISO 3166-2/);
    expect(await db.shippingZone.count()).toBe(0);
    expect(await db.taxRate.count()).toBe(0);
  });

  it("refuses a second zone claiming the same region or the same whole country, naming the first", async () => {
    const east = (await zone({ name: "East", countries: ["US"], regions: ["US-NY", "US-NJ"] })).body.zone;
    const france = (await zone({ name: "France", countries: ["FR"] })).body.zone;
    const sameRegion = await zone({ name: "Metro", countries: ["US"], regions: ["US-NJ"] });
    expect(sameRegion.status).toBe(409);
    expect(sameRegion.body.errors).toEqual({ regions: "New Jersey (US-NJ) is already in zone “East”: a region belongs to one zone" });
    const sameCountry = await zone({ name: "Europe", countries: ["DE", "FR"] });
    expect(sameCountry.status).toBe(409);
    expect(sameCountry.body.message).toContain("France (FR) is already in zone “France”");
    // The whole country beside a zone of some of its regions is allowed: the region's zone wins there.
    expect((await zone({ name: "United States", countries: ["US"] })).status).toBe(201);
    // Changing a zone into another's place is the same refusal; a zone keeps its own place.
    const changed = await call("PUT", `/api/v1/shipping/zones/${france._id}`, admin, {
      name: "France",
      countries: ["US"],
      regions: ["US-NY"],
      methods: [{ name: "Post", price: 5 }],
    });
    expect(changed.status).toBe(409);
    expect(changed.body.message).toContain("zone “East”");
    const kept = await call("PUT", `/api/v1/shipping/zones/${east._id}`, admin, {
      name: "East coast",
      countries: ["US"],
      regions: ["US-NY", "US-NJ"],
      methods: [{ name: "Post", price: 6 }],
    });
    expect(kept.status).toBe(200);
  });

  it("delivers by the most specific zone: a region's zone wins over its country's", async () => {
    await zone({ name: "A whole country", countries: ["US"], methods: [{ name: "Ground", price: 5 }] });
    await zone({ name: "B New York", countries: ["US"], regions: ["US-NY"], methods: [{ name: "Courier", price: 9 }] });
    const product = await createProduct({ priceCents: 1000, quantity: 20, shipping: true });
    const at = async (shipTo: Record<string, string>) =>
      (await call("POST", "/api/v1/checkout/quote", user, { products: [{ _id: product.id }], shipTo })).body.shipping.selected.name;
    const ny = { name: "Ada", line1: "1 Broadway", city: "New York", region: "NY", postalCode: "10004", country: "US", phone: "1" };
    expect(await at(ny)).toBe("Courier");
    expect(await at({ ...ny, region: "NJ", city: "Newark", postalCode: "07102" })).toBe("Ground");
  });

  it("keeps a method's id when its zone is edited, so a quote made before still pays", async () => {
    const created = (await call("POST", "/api/v1/shipping/zones", admin, US_ZONE)).body.zone;
    const [standard, express] = created.methods;
    const product = await createProduct({ priceCents: 1000, quantity: 20, shipping: true });
    const shipTo = { name: "Ada", line1: "1 Broadway", city: "New York", region: "NY", postalCode: "10004", country: "US", phone: "1" };
    const body = { products: [{ _id: product.id }], shipTo, shippingMethodId: express._id };
    expect((await call("POST", "/api/v1/checkout/quote", user, body)).status).toBe(200);
    // Renamed by id, re-priced by name; a new method added; none left out here.
    const edited = await call("PUT", `/api/v1/shipping/zones/${created._id}`, admin, {
      ...US_ZONE,
      methods: [
        { _id: express._id, name: "Express (1 day)", price: 19.99 },
        { name: "standard", price: 6 },
        { name: "Pickup", price: 0 },
      ],
    });
    expect(edited.status).toBe(200);
    expect(edited.body.zone.methods).toEqual([
      expect.objectContaining({ _id: express._id, name: "Express (1 day)", price: 19.99 }),
      expect.objectContaining({ _id: standard._id, name: "standard", price: 6 }),
      expect.objectContaining({ _id: expect.not.stringMatching(new RegExp(`^(${standard._id}|${express._id})$`)), name: "Pickup" }),
    ]);
    const paid = await call("POST", "/api/v1/product/payments", await signedIn(Role.User), body);
    expect(paid.status).toBe(200);
    expect(await db.order.findUniqueOrThrow({ where: { id: paid.body.orderId } })).toMatchObject({ shippingMethod: "Express (1 day)" });
    // A method left out is deleted; an id of another zone is refused.
    const fewer = await call("PUT", `/api/v1/shipping/zones/${created._id}`, admin, {
      ...US_ZONE,
      methods: [{ _id: standard._id, name: "Standard", price: 5 }],
    });
    expect(fewer.body.zone.methods.map((method: { _id: string }) => method._id)).toEqual([standard._id]);
    const other = await call("PUT", `/api/v1/shipping/zones/${created._id}`, admin, {
      ...US_ZONE,
      methods: [{ _id: express._id, name: "X", price: 1 }],
    });
    expect(other.status).toBe(400);
  });

  it("asks for the region where zones or rates name regions of the country (quote and payments)", async () => {
    await zone({ name: "Île-de-France", countries: ["FR"], regions: ["FR-IDF"] });
    const product = await createProduct({ priceCents: 1000, quantity: 20, shipping: true });
    const paris = { name: "Jean", line1: "1 rue de Rivoli", city: "Paris", postalCode: "75001", country: "FR", phone: "+33 1" };
    const products = [{ _id: product.id }];
    const none = await call("POST", "/api/v1/checkout/quote", user, { products, shipTo: paris });
    expect(none).toEqual({
      status: 400,
      body: { success: false, message: "shipTo.region: Choose the region: delivery in France depends on it" },
    });
    expect((await call("POST", "/api/v1/product/payments", user, { products, shipTo: paris })).status).toBe(400);
    expect((await call("POST", "/api/v1/checkout/quote", user, { products, shipTo: { ...paris, region: "FR-IDF" } })).status).toBe(200);

    await call("POST", "/api/v1/tax/rates", admin, { country: "DE", region: "DE-BY", rate: 7 });
    await zone({ name: "Germany", countries: ["DE"] });
    const berlin = { ...paris, city: "Berlin", postalCode: "10117", country: "DE" };
    const untaxed = await call("POST", "/api/v1/checkout/quote", user, { products, shipTo: berlin });
    expect(untaxed.status).toBe(400);
    expect(untaxed.body.message).toBe("shipTo.region: Choose the region: tax in Germany depends on it");
    expect((await call("POST", "/api/v1/checkout/quote", user, { products, shipTo: { ...berlin, region: "BE" } })).body.tax.amount).toBe(0);
  });
});
