// Product variants through /api/v1: PUT /api/v1/product/{id}/variants (admin)
// replaces a product's options and variants; get-product and every product
// list show `options` and `variants` (a simple product as its one implicit
// variant, its own `_id`); checkout needs a `variantId` for a product sold in
// options. Every answer is checked against the contract by the harness.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

// Before any app module loads (env() reads the environment once): the local Stripe stand-in, for checkout.
const stripeFake = await vi.hoisted(async () => (await import("./stripe-stand-in")).startStripeStandIn("whsec_variants_api_test_secret"));

import { openApiDocument } from "~/api/openapi";
import { createSession } from "~/domain/accounts/session.server";
import { db } from "~/utils/db.server";
import { dispatch } from "./api-harness";
import { statementsDuring } from "../fixtures/statements";

afterAll(async () => {
  await stripeFake.stop().catch(() => {});
});

const ORIGIN = "http://shop.test";
const tag = () => randomBytes(4).toString("hex");

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any
type Answer = { status: number; body: Json };

async function call(method: string, path: string, { body, token }: { body?: unknown; token?: string } = {}): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const response = await dispatch(
    new Request(`${ORIGIN}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }),
  );
  return { status: response.status, body: await response.json() };
}

let adminToken = "";
let userToken = "";
let categoryId = "";

async function person(role: 0 | 1) {
  const user = await db.user.create({
    data: {
      name: `Person ${tag()}`,
      email: `p-${tag()}@variants.test`,
      passwordHash: "x",
      answerHash: "y",
      phone: "1",
      address: "1 Main St",
      role,
    },
  });
  return { user, token: await createSession(user.id) };
}

async function product(fields: { name?: string; priceCents?: number; quantity?: number; categoryId?: string } = {}) {
  const name = fields.name ?? `Tee ${tag()}`;
  return db.product.create({
    data: {
      name,
      slug: name.toLowerCase().replace(/[^a-z0-9]+/g, "-"),
      description: "A plain tee",
      priceCents: fields.priceCents ?? 2000,
      quantity: fields.quantity ?? 5,
      categoryId: fields.categoryId ?? categoryId,
    },
  });
}

const putVariants = (productId: string, body: unknown, token = adminToken) =>
  call("PUT", `/api/v1/product/${productId}/variants`, { body, token });
const getProduct = async (slug: string) => (await call("GET", `/api/v1/product/get-product/${slug}`)).body.product;

const SIZE_COLOUR = [
  { name: "Size", values: ["S", "M", "L"] },
  { name: "Colour", values: ["Red", "Blue"] },
];

beforeAll(async () => {
  adminToken = (await person(1)).token;
  userToken = (await person(0)).token;
  categoryId = (await db.category.create({ data: { name: `Tees ${tag()}`, slug: `tees-${tag()}` } })).id;
});

describe("PUT /api/v1/product/{id}/variants", () => {
  it("creates the options and variants and answers the product as get-product does", async () => {
    const tee = await product({ priceCents: 5000, quantity: 3 });
    const saved = await putVariants(tee.id, {
      options: SIZE_COLOUR,
      variants: [
        { sku: "TEE-S-RED", options: { Size: "S", Colour: "Red" }, price: "12.50", quantity: 4 },
        { options: { Colour: "Red", Size: "M" }, price: 15, quantity: 2 },
        { sku: "", options: { Size: "M", Colour: "Blue" }, price: "9.99", quantity: 0 },
      ],
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ success: true, product: { _id: tee.id, slug: tee.slug } });
    const { product: answered } = saved.body;
    expect(answered.options).toEqual(SIZE_COLOUR);
    const rows = await db.productVariant.findMany({ where: { productId: tee.id }, orderBy: { position: "asc" } });
    expect(answered.variants).toEqual([
      { _id: rows[0].id, sku: "TEE-S-RED", title: "S / Red", options: { Size: "S", Colour: "Red" }, price: 12.5, quantity: 4 },
      { _id: rows[1].id, sku: null, title: "M / Red", options: { Size: "M", Colour: "Red" }, price: 15, quantity: 2 },
      { _id: rows[2].id, sku: null, title: "M / Blue", options: { Size: "M", Colour: "Blue" }, price: 9.99, quantity: 0 },
    ]);
    // The lowest price of a variant in stock (9.99 is sold out), and their stock added up.
    expect(answered).toMatchObject({ price: 12.5, quantity: 6 });
    expect(await getProduct(tee.slug)).toEqual(answered);

    // Again, with a price changed and a combination added: the kept variants keep their ids.
    const again = await putVariants(tee.id, {
      options: SIZE_COLOUR,
      variants: [
        { sku: "TEE-S-RED", options: { Size: "S", Colour: "Red" }, price: "11", quantity: 4 },
        { options: { Size: "M", Colour: "Red" }, price: 15, quantity: 2 },
        { options: { Size: "M", Colour: "Blue" }, price: "9.99", quantity: 1 },
        { options: { Size: "L", Colour: "Blue" }, price: "20", quantity: 1 },
      ],
    });
    expect(again.status).toBe(200);
    const variants = again.body.product.variants;
    expect(variants.slice(0, 3).map((v: Json) => v._id)).toEqual(rows.map((row) => row.id));
    expect(variants.map((v: Json) => v.title)).toEqual(["S / Red", "M / Red", "M / Blue", "L / Blue"]);
    expect(again.body.product).toMatchObject({ price: 9.99, quantity: 8 });
  });

  describe("refuses with 400 naming the field, changing nothing", () => {
    const cases: [string, unknown, RegExp][] = [
      [
        "a value not declared",
        { options: SIZE_COLOUR, variants: [{ options: { Size: "XL", Colour: "Red" }, price: 10, quantity: 1 }] },
        /variants\[0\]\.options: XL is not a value of Size/,
      ],
      [
        "an option not declared",
        { options: SIZE_COLOUR, variants: [{ options: { Size: "S", Colour: "Red", Fit: "Slim" }, price: 10, quantity: 1 }] },
        /variants\[0\]\.options: Fit is not one of the product's options/,
      ],
      [
        "a combination given twice",
        {
          options: SIZE_COLOUR,
          variants: [
            { options: { Size: "S", Colour: "Red" }, price: 10, quantity: 1 },
            { options: { Colour: "Red", Size: "S" }, price: 11, quantity: 1 },
          ],
        },
        /variants\[1\]\.options: this combination is given twice/,
      ],
      [
        "a combination missing an option",
        { options: SIZE_COLOUR, variants: [{ options: { Size: "S" }, price: 10, quantity: 1 }] },
        /variants\[0\]\.options: choose a Colour/,
      ],
      [
        "more than three options",
        {
          options: [...SIZE_COLOUR, { name: "Fit", values: ["Slim"] }, { name: "Sleeve", values: ["Short"] }],
          variants: [{ options: { Size: "S", Colour: "Red", Fit: "Slim", Sleeve: "Short" }, price: 10, quantity: 1 }],
        },
        /options: At most 3 options/,
      ],
      [
        "a price over the maximum",
        { options: SIZE_COLOUR, variants: [{ options: { Size: "S", Colour: "Red" }, price: "1000000.01", quantity: 1 }] },
        /variants\[0\]\.price: /,
      ],
      [
        "a negative price",
        {
          options: SIZE_COLOUR,
          variants: [
            { options: { Size: "S", Colour: "Red" }, price: 10, quantity: 1 },
            { options: { Size: "M", Colour: "Red" }, price: -1, quantity: 1 },
          ],
        },
        /variants\[1\]\.price: The price cannot be negative/,
      ],
      [
        "a quantity over the maximum",
        { options: SIZE_COLOUR, variants: [{ options: { Size: "S", Colour: "Red" }, price: 10, quantity: 100_000_000 }] },
        /variants\[0\]\.quantity: /,
      ],
      [
        "a negative quantity",
        { options: SIZE_COLOUR, variants: [{ options: { Size: "S", Colour: "Red" }, price: 10, quantity: -2 }] },
        /variants\[0\]\.quantity: /,
      ],
      [
        "a SKU given twice (in any case)",
        {
          options: SIZE_COLOUR,
          variants: [
            { sku: "TEE-1", options: { Size: "S", Colour: "Red" }, price: 10, quantity: 1 },
            { sku: "tee-1", options: { Size: "M", Colour: "Red" }, price: 10, quantity: 1 },
          ],
        },
        /variants\[1\]\.sku: tee-1 is also variants\[0\]'s SKU/,
      ],
    ];
    let tee: { id: string; slug: string };
    let before: unknown;

    beforeAll(async () => {
      tee = await product();
      const saved = await putVariants(tee.id, {
        options: SIZE_COLOUR,
        variants: [{ sku: "KEEP-1", options: { Size: "S", Colour: "Red" }, price: 10, quantity: 1 }],
      });
      expect(saved.status).toBe(200);
      before = await getProduct(tee.slug);
    });

    for (const [what, body, message] of cases) {
      it(what, async () => {
        const refused = await putVariants(tee.id, body);
        expect(refused.status).toBe(400);
        expect(refused.body).toMatchObject({ success: false, message: expect.stringMatching(message) });
        expect(Object.keys(refused.body.errors ?? {}).length).toBeGreaterThan(0);
        expect(await getProduct(tee.slug)).toEqual(before);
      });
    }

    it("a SKU another product's variant has (in any case)", async () => {
      const other = await product();
      const taken = await putVariants(other.id, {
        options: [{ name: "Size", values: ["S"] }],
        variants: [{ sku: "OTHER-SKU-9", options: { Size: "S" }, price: 10, quantity: 1 }],
      });
      expect(taken.status).toBe(200);
      const refused = await putVariants(tee.id, {
        options: SIZE_COLOUR,
        variants: [{ sku: "other-sku-9", options: { Size: "S", Colour: "Red" }, price: 10, quantity: 1 }],
      });
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ success: false, message: expect.stringMatching(/^variants: .*other-sku-9/i) });
      expect(await getProduct(tee.slug)).toEqual(before);
    });
  });

  it("answers 404 for an unknown product even when its SKUs are another product's, never a 400 about them", async () => {
    const other = await product();
    const body = {
      options: [{ name: "Size", values: ["S"] }],
      variants: [{ sku: `GHOST-${tag()}`, options: { Size: "S" }, price: 10, quantity: 1 }],
    };
    expect((await putVariants(other.id, body)).status).toBe(200);
    const missing = await putVariants("c000000000000000000000000", body);
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ success: false, message: "Product not found" });
  });

  it("refuses a comma or a control character inside an option's name or value (400 naming it), as the admin's form does", async () => {
    const tee = await product();
    const value = await putVariants(tee.id, {
      options: [{ name: "Size", values: ["S,M", "L"] }],
      variants: [{ options: { Size: "L" }, price: 10, quantity: 1 }],
    });
    expect(value.status).toBe(400);
    expect(value.body.message).toMatch(/options\[0\]\.values\[0\]: The value cannot contain a comma/);
    const name = await putVariants(tee.id, {
      options: [{ name: "Size,Fit", values: ["L"] }],
      variants: [{ options: { "Size,Fit": "L" }, price: 10, quantity: 1 }],
    });
    expect(name.status).toBe(400);
    expect(name.body.message).toMatch(/options\[0\]\.name: The option's name cannot contain a comma/);
    // Control characters too (facet values are stored as "Name<US>Value").
    const control = await putVariants(tee.id, {
      options: [{ name: "Size\u001fFit", values: ["L"] }],
      variants: [{ options: { "Size\u001fFit": "L" }, price: 10, quantity: 1 }],
    });
    expect(control.status).toBe(400);
    expect(control.body.message).toMatch(/^options: .*control character/);
    expect(await db.productVariant.count({ where: { productId: tee.id } })).toBe(0);
  });

  it("with expectedQuantity never undoes a sale: 409 naming both figures when stale, the live stock kept when unchanged; without it, sets", async () => {
    const tee = await product();
    const sizes = [{ name: "Size", values: ["S", "M"] }];
    const body = (m: { quantity: number; expectedQuantity?: number; price?: number }) => ({
      options: sizes,
      variants: [
        { options: { Size: "S" }, price: 10, quantity: 5, expectedQuantity: 5 },
        { options: { Size: "M" }, price: m.price ?? 10, quantity: m.quantity, expectedQuantity: m.expectedQuantity },
      ],
    });
    expect((await putVariants(tee.id, body({ quantity: 5 }))).status).toBe(200);
    const medium = await db.productVariant.findFirstOrThrow({ where: { productId: tee.id, title: "M" } });
    // A sale takes 3 of M after the client read 5.
    await db.productVariant.update({ where: { id: medium.id }, data: { quantity: { decrement: 3 } } });

    const stale = await putVariants(tee.id, body({ quantity: 7, expectedQuantity: 5, price: 11 }));
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({
      success: false,
      message: "M: stock changed from 5 to 2 while you were editing; your 7 was not saved. Check and save again.",
    });
    expect(await db.productVariant.findUniqueOrThrow({ where: { id: medium.id } })).toMatchObject({ quantity: 2, priceCents: 1000 });

    const unchanged = await putVariants(tee.id, body({ quantity: 5, expectedQuantity: 5, price: 12 }));
    expect(unchanged.status).toBe(200);
    expect(unchanged.body.product.variants.find((v: Json) => v.title === "M")).toMatchObject({ _id: medium.id, quantity: 2, price: 12 });

    const set = await putVariants(tee.id, body({ quantity: 7, price: 12 }));
    expect(set.status).toBe(200);
    expect(await db.productVariant.findUniqueOrThrow({ where: { id: medium.id } })).toMatchObject({ quantity: 7 });
  });

  it("keeps every variant's id when the same options are saved again", async () => {
    const tee = await product();
    const body = {
      options: SIZE_COLOUR,
      variants: [
        { options: { Size: "S", Colour: "Red" }, price: 10, quantity: 1 },
        { options: { Size: "L", Colour: "Blue" }, price: 10, quantity: 1 },
      ],
    };
    const first = await putVariants(tee.id, body);
    const again = await putVariants(tee.id, body);
    expect(again.status).toBe(200);
    expect(again.body.product.variants.map((v: Json) => v._id)).toEqual(first.body.product.variants.map((v: Json) => v._id));
    expect(await db.productVariant.count({ where: { productId: tee.id } })).toBe(2);
  });

  it("keeps a variant's _id when its value is renamed and the entry names it by id; an id not the product's is ignored", async () => {
    const tee = await product();
    const first = await putVariants(tee.id, {
      options: [{ name: "Size", values: ["S", "M"] }],
      variants: [
        { options: { Size: "S" }, price: 10, quantity: 1 },
        { options: { Size: "M" }, price: 10, quantity: 2 },
      ],
    });
    const [small, medium] = first.body.product.variants;
    const other = await product();
    const otherVariant = (
      await putVariants(other.id, {
        options: [{ name: "Size", values: ["S"] }],
        variants: [{ options: { Size: "S" }, price: 1, quantity: 1 }],
      })
    ).body.product.variants[0];
    const renamed = await putVariants(tee.id, {
      options: [{ name: "Size", values: ["Small", "Medium"] }],
      variants: [
        { id: otherVariant._id, options: { Size: "Small" }, price: 10, quantity: 1 },
        { id: medium._id, options: { Size: "Medium" }, price: 10, quantity: 2 },
      ],
    });
    expect(renamed.status).toBe(200);
    const variants = renamed.body.product.variants;
    expect(variants.map((v: Json) => v.title)).toEqual(["Small", "Medium"]);
    expect(variants[1]).toMatchObject({ _id: medium._id, quantity: 2 });
    expect([small._id, otherVariant._id]).not.toContain(variants[0]._id);
    expect(await db.productVariant.findUniqueOrThrow({ where: { id: otherVariant._id } })).toMatchObject({
      productId: other.id,
      title: "S",
    });
    const twice = await putVariants(tee.id, {
      options: [{ name: "Size", values: ["Small", "Medium"] }],
      variants: [
        { id: medium._id, options: { Size: "Small" }, price: 10, quantity: 1 },
        { id: medium._id, options: { Size: "Medium" }, price: 10, quantity: 2 },
      ],
    });
    expect(twice.status).toBe(400);
    expect(twice.body.message).toMatch(/variants\[1\]\.id: it is also variants\[0\]'s id/);
  });

  it("update-product with expectedQuantity: 409 naming both figures when the stock changed, nothing saved", async () => {
    const tee = await product({ quantity: 5 });
    await db.product.update({ where: { id: tee.id }, data: { quantity: { decrement: 3 } } });
    const update = (fields: Record<string, string>) =>
      dispatch(
        new Request(`${ORIGIN}/api/v1/product/update-product/${tee.id}`, {
          method: "PUT",
          headers: { Authorization: `Bearer ${adminToken}` },
          body: new URLSearchParams(fields),
        }),
      );
    const stale = await update({ quantity: "7", expectedQuantity: "5", price: "30" });
    expect(stale.status).toBe(409);
    expect(await stale.json()).toMatchObject({
      success: false,
      message: "Stock changed from 5 to 2 while you were editing; your 7 was not saved. Check and save again.",
    });
    expect(await db.product.findUniqueOrThrow({ where: { id: tee.id } })).toMatchObject({ quantity: 2, priceCents: 2000 });
    const unchanged = await update({ quantity: "5", expectedQuantity: "5", price: "30" });
    expect(unchanged.status).toBe(200);
    expect(await db.product.findUniqueOrThrow({ where: { id: tee.id } })).toMatchObject({ quantity: 2, priceCents: 3000 });
    expect((await update({ quantity: "7" })).status).toBe(200);
    expect((await db.product.findUniqueOrThrow({ where: { id: tee.id } })).quantity).toBe(7);
  });

  it("answers 404 for an unknown product and 400 for a malformed id", async () => {
    const body = { options: [], variants: [] };
    const missing = await putVariants("c000000000000000000000000", body);
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ success: false, message: expect.any(String) });
    expect((await putVariants("nope!", body)).status).toBe(400);
  });

  it("is for administrators only: 401 without a token, 403 for a plain user", async () => {
    const tee = await product();
    const body = { options: [{ name: "Size", values: ["S"] }], variants: [{ options: { Size: "S" }, price: 1, quantity: 1 }] };
    const visitor = await call("PUT", `/api/v1/product/${tee.id}/variants`, { body });
    expect(visitor.status).toBe(401);
    const user = await putVariants(tee.id, body, userToken);
    expect(user.status).toBe(403);
    expect(user.body).toMatchObject({ success: false });
    expect(await db.productVariant.count({ where: { productId: tee.id } })).toBe(0);
  });

  it("archives a variant an order names when a PUT leaves it out, deletes one nobody ordered, and makes the product simple again", async () => {
    const tee = await product({ priceCents: 3000, quantity: 9 });
    const saved = await putVariants(tee.id, {
      options: [{ name: "Size", values: ["M", "L", "XL"] }],
      variants: [
        { sku: "ARCH-M", options: { Size: "M" }, price: 10, quantity: 2 },
        { sku: "ARCH-L", options: { Size: "L" }, price: 12, quantity: 3 },
        { options: { Size: "XL" }, price: 14, quantity: 1 },
      ],
    });
    expect(saved.status).toBe(200);
    const [m, l, xl] = saved.body.product.variants;
    const buyer = await person(0);
    await db.order.create({
      data: {
        buyerId: buyer.user.id,
        totalCents: 1200,
        lines: {
          create: [
            {
              productId: tee.id,
              variantId: l._id,
              variantTitle: "L",
              sku: "ARCH-L",
              name: tee.name,
              description: tee.description,
              slug: tee.slug,
              unitPriceCents: 1200,
              quantity: 1,
            },
          ],
        },
      },
    });

    const kept = await putVariants(tee.id, {
      options: [{ name: "Size", values: ["M", "L", "XL"] }],
      variants: [{ sku: "ARCH-M", options: { Size: "M" }, price: 10, quantity: 2 }],
    });
    expect(kept.status).toBe(200);
    expect(kept.body.product.variants.map((v: Json) => v._id)).toEqual([m._id]);
    expect((await getProduct(tee.slug)).variants.map((v: Json) => v._id)).toEqual([m._id]);
    const archived = await db.productVariant.findUniqueOrThrow({ where: { id: l._id } });
    expect(archived.archivedAt).toBeInstanceOf(Date);
    expect(await db.productVariant.findUnique({ where: { id: xl._id } })).toBeNull();
    expect(await db.orderLine.count({ where: { variantId: l._id } })).toBe(1);

    // No options, no variants: a simple product again, sold as itself.
    const simple = await putVariants(tee.id, { options: [], variants: [] });
    expect(simple.status).toBe(200);
    const answered = simple.body.product;
    expect(answered.options).toEqual([]);
    expect(answered.variants).toEqual([
      { _id: tee.id, sku: null, title: tee.name, options: {}, price: answered.price, quantity: answered.quantity },
    ]);
    expect(await getProduct(tee.slug)).toEqual(answered);
    expect(await db.product.findUniqueOrThrow({ where: { id: tee.id }, select: { maxPriceCents: true } })).toEqual({ maxPriceCents: null });
    // The ordered variant stays, archived; the others are gone.
    expect(await db.productVariant.findMany({ where: { productId: tee.id }, select: { id: true } })).toEqual([{ id: l._id }]);
  });
});

describe("options and variants in the product lists", () => {
  let category: { id: string; name: string; slug: string };
  let simpleCategory: { id: string; slug: string };
  let tee: { id: string; name: string; slug: string };
  let mug: { id: string; name: string; slug: string; priceCents: number; quantity: number };
  let third: { id: string };
  const word = `zebra${tag()}`;

  beforeAll(async () => {
    const name = `Shirts ${tag()}`;
    category = await db.category.create({ data: { name, slug: name.toLowerCase().replace(/[^a-z0-9]+/g, "-") } });
    simpleCategory = await db.category.create({ data: { name: `Plain ${tag()}`, slug: `plain-${tag()}` } });
    for (let i = 0; i < 3; i++) await product({ name: `Plain ${i} ${tag()}`, categoryId: simpleCategory.id });
    third = await product({ name: `${word} third`, categoryId: category.id });
    mug = await product({ name: `${word} mug`, priceCents: 1250, quantity: 7, categoryId: category.id });
    tee = await product({ name: `${word} tee`, categoryId: category.id });
    const saved = await putVariants(tee.id, {
      options: SIZE_COLOUR,
      variants: [
        { sku: "LIST-S-RED", options: { Size: "S", Colour: "Red" }, price: "18", quantity: 1 },
        { options: { Size: "L", Colour: "Blue" }, price: "16.50", quantity: 0 },
      ],
    });
    expect(saved.status).toBe(200);
  });

  const teeShape = () => ({
    _id: tee.id,
    price: 18,
    quantity: 1,
    options: SIZE_COLOUR,
    variants: [
      { _id: expect.any(String), sku: "LIST-S-RED", title: "S / Red", options: { Size: "S", Colour: "Red" }, price: 18, quantity: 1 },
      { _id: expect.any(String), sku: null, title: "L / Blue", options: { Size: "L", Colour: "Blue" }, price: 16.5, quantity: 0 },
    ],
  });
  const mugShape = () => ({
    _id: mug.id,
    options: [],
    variants: [{ _id: mug.id, sku: null, title: mug.name, options: {}, price: 12.5, quantity: 7 }],
  });
  const checkBoth = (products: Json[], where: string) => {
    expect(
      products.find((p) => p._id === tee.id),
      where,
    ).toMatchObject(teeShape());
    expect(
      products.find((p) => p._id === mug.id),
      where,
    ).toMatchObject(mugShape());
    for (const p of products) expect(p.variants.length, where).toBeGreaterThan(0);
  };

  it("get-product, product-list, product-category, search, product-filters and related-product show them", async () => {
    checkBoth((await call("GET", "/api/v1/product/get-product")).body.products, "get-product");
    checkBoth((await call("GET", "/api/v1/product/product-list/1")).body.products, "product-list");
    checkBoth((await call("GET", `/api/v1/product/product-category/${category.slug}`)).body.products, "product-category");
    checkBoth((await call("GET", `/api/v1/product/search/${word}`)).body, "search");
    const filtered = await call("POST", "/api/v1/product/product-filters", { body: { checked: [category.id], radio: [] } });
    checkBoth(filtered.body.products, "product-filters");
    const related = await call("GET", `/api/v1/product/related-product/${third.id}/${category.id}`);
    checkBoth(related.body.products, "related-product");
    expect(await getProduct(mug.slug)).toMatchObject(mugShape());
  });

  it("reads a list's variants in one more statement only when the list has a product sold in options", async () => {
    const count = async (slug: string) => {
      await call("GET", `/api/v1/product/product-category/${slug}`); // warm whatever is cached
      const sent = await statementsDuring(async () =>
        expect((await call("GET", `/api/v1/product/product-category/${slug}`)).status).toBe(200),
      );
      return sent.map(({ text }) => text);
    };
    const plain = await count(simpleCategory.slug);
    const withOptions = await count(category.slug);
    expect(withOptions.length).toBe(plain.length + 1);
    expect(plain.join("\n")).not.toMatch(/ProductVariant/);
  });

  it("routes GET search/variants to the search, not to the variants of a product", async () => {
    const found = await call("GET", "/api/v1/product/search/variants");
    expect(found.status).toBe(200);
    expect(Array.isArray(found.body)).toBe(true);
  });
});

describe("checkout with variants", () => {
  it("refuses a product sold in options without variantId (400 naming it), sells its variant, and a simple product by its own _id", async () => {
    const buyer = await person(0);
    const tee = await product({ name: `Checkout tee ${tag()}` });
    const saved = await putVariants(tee.id, {
      options: [{ name: "Size", values: ["S", "M"] }],
      variants: [
        { options: { Size: "S" }, price: "21", quantity: 3 },
        { options: { Size: "M" }, price: "22", quantity: 3 },
      ],
    });
    expect(saved.status).toBe(200);
    const [, medium] = saved.body.product.variants;

    const unchosen = await call("POST", "/api/v1/product/payments", { body: { products: [{ _id: tee.id }] }, token: buyer.token });
    expect(unchosen.status).toBe(400);
    expect(unchosen.body.message).toBe(`Choose a variant (variantId) of ${tee.name}: it is sold in options`);

    const chosen = await call("POST", "/api/v1/product/payments", {
      body: { products: [{ _id: tee.id, variantId: medium._id, quantity: 2 }] },
      token: buyer.token,
    });
    expect(chosen.status).toBe(200);
    expect(stripeFake.sessions.get(chosen.body.id)!.amount_total).toBe(2 * 2200);
    const teeLines = await db.orderLine.findMany({ where: { orderId: chosen.body.orderId } });
    expect(teeLines).toMatchObject([{ productId: tee.id, variantId: medium._id, variantTitle: "M", unitPriceCents: 2200, quantity: 2 }]);

    const mug = await product({ name: `Checkout mug ${tag()}`, priceCents: 1500, quantity: 4 });
    const listed = await getProduct(mug.slug);
    expect(listed.variants).toEqual([{ _id: mug.id, sku: null, title: mug.name, options: {}, price: 15, quantity: 4 }]);
    const simple = await call("POST", "/api/v1/product/payments", {
      body: { products: [{ _id: mug.id, variantId: listed.variants[0]._id, quantity: 2 }] },
      token: buyer.token,
    });
    expect(simple.status).toBe(200);
    expect(simple.body).toMatchObject({ success: true, id: expect.stringMatching(/^cs_/), url: expect.any(String) });
    expect(stripeFake.sessions.get(simple.body.id)!.amount_total).toBe(2 * 1500);
    const mugLines = await db.orderLine.findMany({ where: { orderId: simple.body.orderId } });
    expect(mugLines).toMatchObject([{ productId: mug.id, variantId: null, variantTitle: null, unitPriceCents: 1500, quantity: 2 }]);
  });
});

describe("the OpenAPI document", () => {
  const doc = openApiDocument() as Json;

  it("documents PUT /api/v1/product/{id}/variants for administrators", () => {
    const op = doc.paths["/api/v1/product/{id}/variants"].put;
    expect(op["x-role"]).toBe("admin");
    expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(["200", "400", "401", "403", "404"]));
    const body = op.requestBody.content["application/json"].schema;
    expect(Object.keys(body.properties).sort()).toEqual(["options", "variants"]);
    expect(Object.keys(body.properties.variants.items.properties).sort()).toEqual([
      "expectedQuantity",
      "id",
      "options",
      "price",
      "quantity",
      "sku",
    ]);
    expect(body.properties.variants.items.properties.expectedQuantity.description).toMatch(/409/);
    expect(op.description).toContain("expectedQuantity");
    expect(Object.keys(op.responses)).toContain("409");
    expect(JSON.stringify(op.responses["200"])).toContain("#/components/schemas/Product");
  });

  it("describes a product's options and variants, and payments' variantId", () => {
    const productSchema = doc.components.schemas.Product;
    expect(productSchema.properties.options.description).toBeTruthy();
    expect(productSchema.properties.variants.description).toBeTruthy();
    expect(productSchema.required).toEqual(expect.arrayContaining(["options", "variants"]));
    expect(Object.keys(doc.components.schemas.Variant.properties).sort()).toEqual(["_id", "options", "price", "quantity", "sku", "title"]);
    const payments = doc.paths["/api/v1/product/payments"].post;
    const line = payments.requestBody.content["application/json"].schema.properties.products.items;
    expect(line.properties.variantId.description).toMatch(/variant/i);
    expect(payments.description).toContain("variantId");
  });
});
