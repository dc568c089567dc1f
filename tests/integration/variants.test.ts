// Variants on a real PostgreSQL and the Stripe stand-in: the product row
// follows its variants, listings filter and sort on the lowest price on sale,
// search finds a SKU, stock is reserved per variant under concurrency, a
// refund restocks the variant sold, and an ordered variant is archived.
import { describe, expect, it, vi } from "vitest";

const harness = await vi.hoisted(async () => {
  const { startStripeHarness } = await import("../fixtures/stripe");
  return startStripeHarness();
});

import { addToCart, priceCart } from "~/domain/cart/cart.server";
import { readCart, serializeCart } from "~/http/cart-cookie.server";
import { startCheckout } from "~/domain/checkout/start.server";
import { DEFAULT_LISTING } from "~/domain/catalog/catalog";
import { listProducts } from "~/domain/catalog/listing.server";
import { getProductPage } from "~/domain/catalog/product-page.server";
import { searchProducts } from "~/domain/catalog/search.server";
import { selectVariant } from "~/domain/catalog/variants/variants";
import { replaceVariants } from "~/domain/catalog/variants/variants.server";
import { refundInputSchema } from "~/domain/payments/refund";
import { refundPaidOrder } from "~/domain/payments/refund.server";
import * as cartRoute from "~/routes/cart/route";
import * as productPage from "~/routes/dashboard.admin.product.$slug";
import * as variantsPage from "~/routes/dashboard.admin.product.$slug_.variants/route";
import { db } from "~/utils/db.server";
import { processPhoto } from "~/domain/catalog/photo.server";
import { cookieFor, createCategory, createProduct, createUser, get, png, postForm, respond, signedIn, tag } from "../fixtures/integration";
import { dispatch } from "./api-harness";
import { Role } from "~/domain/accounts/user";

const ORIGIN = "http://shop.test";
const SIZES = { name: "Size", values: ["S", "M", "L"] };
const COLOURS = { name: "Colour", values: ["Red", "Blue"] };

/** A tee in three sizes and two colours: every combination, $20 with M / Red at $25; each with `stock` units. */
async function tee({ stock = 5, categoryId }: { stock?: number; categoryId?: string } = {}) {
  const product = await createProduct({ priceCents: 1999, quantity: 0, ...(categoryId ? { categoryId } : {}) });
  const sku = tag().toUpperCase();
  const variants = SIZES.values.flatMap((size) =>
    COLOURS.values.map((colour) => ({
      sku: `TEE-${sku}-${size}-${colour}`,
      options: { Size: size, Colour: colour },
      price: size === "M" && colour === "Red" ? "25.00" : "20.00",
      quantity: stock,
    })),
  );
  const saved = await replaceVariants(product.id, { options: [SIZES, COLOURS], variants });
  if (!saved.ok) throw new Error(saved.message);
  const rows = await db.productVariant.findMany({ where: { productId: product.id }, orderBy: { position: "asc" } });
  const variant = (size: string, colour: string) => rows.find((row) => row.title === `${size} / ${colour}`)!;
  return { product, sku, rows, variant };
}

const productRow = (id: string) => db.product.findUniqueOrThrow({ where: { id } });
const variantStock = async (id: string) => (await db.productVariant.findUniqueOrThrow({ where: { id } })).quantity;
const buyer = () => createUser({ address: "1 Main St" });

/** Clicks Pay on the stand-in's hosted page, which sends the signed webhook before redirecting. */
async function pay(sessionId: string) {
  const response = await fetch(`${harness.fake.url}/pay/${sessionId}/confirm`, { method: "POST", redirect: "manual" });
  expect(response.status).toBe(303);
}

describe("a product with variants", () => {
  it("shows what its variants add up to: stock their sum, price the lowest on sale, and the highest for 'From'", async () => {
    const { product, variant } = await tee({ stock: 2 });
    let row = await productRow(product.id);
    expect(row).toMatchObject({ quantity: 12, priceCents: 2000, maxPriceCents: 2500 });
    // Every $20 variant sells out: the lowest price a shopper can buy at is now $25.
    await db.productVariant.updateMany({ where: { productId: product.id, priceCents: 2000 }, data: { quantity: 0 } });
    row = await productRow(product.id);
    expect(row).toMatchObject({ quantity: 2, priceCents: 2500 });
    await db.productVariant.update({ where: { id: variant("M", "Red").id }, data: { quantity: 0 } });
    // Nothing in stock: the lowest price of all, and out of stock.
    expect(await productRow(product.id)).toMatchObject({ quantity: 0, priceCents: 2000 });
  });

  it("reads in the product page's one statement, and a URL chooses the variant", async () => {
    const { product, variant } = await tee();
    const page = await getProductPage(product.slug);
    expect(page!.product.options).toEqual([SIZES, COLOURS]);
    expect(page!.product.variants.map((v) => v.title)).toEqual(["S / Red", "S / Blue", "M / Red", "M / Blue", "L / Red", "L / Blue"]);
    const { options, variants } = page!.product;
    expect(selectVariant(options, variants, new URLSearchParams("Size=M&Colour=Red")).variant?.id).toBe(variant("M", "Red").id);
    // Nothing chosen: the first in stock. Unknown options and values are ignored.
    expect(selectVariant(options, variants, new URLSearchParams("Fit=Slim&Size=XXL")).variant?.title).toBe("S / Red");
    // A partial choice keeps it and completes it with what is in stock.
    await db.productVariant.update({ where: { id: variant("L", "Red").id }, data: { quantity: 0 } });
    const after = (await getProductPage(product.slug))!.product;
    const large = selectVariant(after.options, after.variants, new URLSearchParams("Size=L"));
    expect(large.variant?.title).toBe("L / Blue");
    const red = large.groups[1].choices.find((choice) => choice.value === "Red")!;
    expect(red).toMatchObject({ exists: true, available: false, search: "?Size=L&Colour=Red" });
  });

  it("lists at the lowest price on sale: price filters and sorts use it", async () => {
    const category = await createCategory();
    const { product } = await tee({ categoryId: category.id });
    const cheaper = await createProduct({ categoryId: category.id, priceCents: 1500, quantity: 3 });
    const dearer = await createProduct({ categoryId: category.id, priceCents: 2200, quantity: 3 });
    const byPrice = await listProducts({ ...DEFAULT_LISTING, categoryIds: [category.id], sort: "price-asc" });
    expect(byPrice.products.map((p) => p.id)).toEqual([cheaper.id, product.id, dearer.id]);
    const band = await listProducts({ ...DEFAULT_LISTING, categoryIds: [category.id], price: { minCents: 2000, maxCents: 4000 } });
    expect(band.products.map((p) => p.id).sort()).toEqual([product.id, dearer.id].sort());
    expect(band.products.find((p) => p.id === product.id)).toMatchObject({ priceCents: 2000, maxPriceCents: 2500 });
  });

  it("is found by a variant's SKU, exact and in any case, and not by part of one", async () => {
    const { product, sku } = await tee();
    const found = await searchProducts(`tee-${sku.toLowerCase()}-m-blue`);
    expect(found.products.map((p) => p.id)).toEqual([product.id]);
    expect((await searchProducts(`TEE-${sku}-M`)).products.map((p) => p.id)).not.toContain(product.id);
  });

  it("goes in the cart one line per variant, named as sold; the product alone cannot be added", async () => {
    const { product, variant } = await tee();
    const refused = await addToCart([], product.id);
    expect(refused).toMatchObject({ ok: false, message: expect.stringMatching(/^Choose a size and a colour of /) });
    let change = await addToCart([], product.id, 2, variant("M", "Red").id);
    change = await addToCart(change.lines, product.id, 1, variant("S", "Blue").id);
    change = await addToCart(change.lines, product.id, 1, variant("M", "Red").id);
    expect(change.lines).toEqual([
      { productId: product.id, variantId: variant("M", "Red").id, quantity: 3 },
      { productId: product.id, variantId: variant("S", "Blue").id, quantity: 1 },
    ]);
    const cart = await priceCart(change.lines);
    expect(cart.lines.map((line) => [line.product?.title, line.product?.sku, line.lineTotalCents])).toEqual([
      [`${product.name} — M / Red`, variant("M", "Red").sku, 7500],
      [`${product.name} — S / Blue`, variant("S", "Blue").sku, 2000],
    ]);
    // The cookie keeps the variant.
    const cookie = (await serializeCart(change.lines)).split(";")[0];
    expect(await readCart(new Request(ORIGIN, { headers: { Cookie: cookie } }))).toEqual(change.lines);
  });

  it("is added from the product page's form with its variant, with and without JavaScript", async () => {
    const { product, variant } = await tee();
    const response = await respond(
      cartRoute.action,
      postForm("/cart", {
        intent: "add",
        productId: product.id,
        variantId: variant("L", "Blue").id,
        redirectTo: `/product/${product.slug}`,
      }),
    );
    expect(response.status).toBe(302);
    const cookie = response.headers
      .getSetCookie()
      .find((c) => c.startsWith("cart="))!
      .split(";")[0];
    expect(await readCart(new Request(ORIGIN, { headers: { Cookie: cookie } }))).toEqual([
      { productId: product.id, variantId: variant("L", "Blue").id, quantity: 1 },
    ]);
  });
});

describe("money per variant", () => {
  it("12 buyers at once for a variant with 3 units: exactly 3 pay, the others are told before paying; the other variants are untouched", async () => {
    const { product, variant } = await tee({ stock: 3 });
    const wanted = variant("M", "Blue");
    const buyers = await Promise.all(Array.from({ length: 12 }, () => buyer()));
    const results = await Promise.all(
      buyers.map((user) => startCheckout(user, [{ productId: product.id, variantId: wanted.id, quantity: 1 }], ORIGIN)),
    );
    const started = results.flatMap((result) => (result.ok ? [result] : []));
    expect(started).toHaveLength(3);
    for (const result of results) if (!result.ok) expect(result).toMatchObject({ status: 409, message: expect.stringMatching(/sold out/) });
    expect(await variantStock(wanted.id)).toBe(0);
    expect(await variantStock(variant("M", "Red").id)).toBe(3);
    await Promise.all(started.map((result) => pay(result.sessionId)));
    const paid = await db.order.findMany({
      where: { lines: { some: { variantId: wanted.id } }, paymentStatus: "SUCCEEDED" },
      include: { lines: true },
    });
    expect(paid).toHaveLength(3);
    expect(paid[0].lines[0]).toMatchObject({ variantTitle: "M / Blue", sku: wanted.sku, unitPriceCents: 2000, name: product.name });
    expect((await productRow(product.id)).quantity).toBe(15);
  });

  it("a refund with restock puts the units back on the variant they came from", async () => {
    const { product, variant } = await tee({ stock: 4 });
    const sold = variant("S", "Red");
    const started = await startCheckout(await buyer(), [{ productId: product.id, variantId: sold.id, quantity: 3 }], ORIGIN);
    if (!started.ok) throw new Error(started.message);
    await pay(started.sessionId);
    expect(await variantStock(sold.id)).toBe(1);
    const admin = await signedIn(Role.Admin);
    const refund = await refundPaidOrder(started.orderId, refundInputSchema.parse({ reason: "Wrong size", restock: true }), admin.id);
    expect(refund).toMatchObject({ ok: true });
    expect(await variantStock(sold.id)).toBe(4);
    expect(await variantStock(variant("S", "Blue").id)).toBe(4);
    expect((await productRow(product.id)).quantity).toBe(24);
  });

  it("charges Stripe the variant's price under the line's full name", async () => {
    const { product, variant } = await tee();
    const started = await startCheckout(await buyer(), [{ productId: product.id, variantId: variant("M", "Red").id, quantity: 2 }], ORIGIN);
    if (!started.ok) throw new Error(started.message);
    const session = harness.fake.sessions.get(started.sessionId) as unknown as { amount_total: number };
    expect(session.amount_total).toBe(5000);
    expect(JSON.stringify(session)).toContain(`${product.name} — M / Red`);
  });
});

describe("changing a product's variants", () => {
  it("keeps a variant whose combination stays, archives one an order names, deletes the rest", async () => {
    const { product, variant } = await tee();
    const ordered = variant("L", "Blue");
    const started = await startCheckout(await buyer(), [{ productId: product.id, variantId: ordered.id, quantity: 1 }], ORIGIN);
    expect(started.ok).toBe(true);
    const kept = variant("S", "Red");
    // Only small and medium now.
    const saved = await replaceVariants(product.id, {
      options: [{ name: "Size", values: ["S", "M"] }, COLOURS],
      variants: [
        { sku: kept.sku, options: { Size: "S", Colour: "Red" }, price: "18.00", quantity: 7 },
        { options: { Size: "M", Colour: "Red" }, price: "19.00", quantity: 1 },
      ],
    });
    expect(saved.ok).toBe(true);
    const rows = await db.productVariant.findMany({ where: { productId: product.id } });
    expect(rows.find((row) => row.id === kept.id)).toMatchObject({ priceCents: 1800, quantity: 7, archivedAt: null });
    expect(rows.find((row) => row.id === ordered.id)?.archivedAt).toBeInstanceOf(Date);
    expect(rows.find((row) => row.id === variant("L", "Red").id)).toBeUndefined();
    expect(rows.filter((row) => !row.archivedAt)).toHaveLength(2);
    expect(await productRow(product.id)).toMatchObject({ quantity: 8, priceCents: 1800, maxPriceCents: 1900 });
    // The order's line still names the archived variant.
    const line = await db.orderLine.findFirstOrThrow({ where: { orderId: started.ok ? started.orderId : "" } });
    expect(line).toMatchObject({ variantId: ordered.id, variantTitle: "L / Blue" });
  });

  it("refuses, naming the field: an undeclared value, a combination twice, a missing option, four options, a duplicate SKU", async () => {
    const { product } = await tee();
    const other = await tee();
    const refuse = async (input: unknown, pattern: RegExp) => {
      const result = await replaceVariants(product.id, input);
      expect(result).toMatchObject({ ok: false, status: 400 });
      expect(result.ok ? "" : result.message).toMatch(pattern);
    };
    const one = (options: Record<string, string>, extra = {}) => ({ options, price: "10", quantity: 1, ...extra });
    await refuse({ options: [SIZES], variants: [one({ Size: "XL" })] }, /variants\[0\]\.options: XL is not a value of Size/);
    await refuse(
      { options: [SIZES], variants: [one({ Size: "S" }), one({ Size: "S" })] },
      /variants\[1\]\.options: this combination is given twice/,
    );
    await refuse({ options: [SIZES, COLOURS], variants: [one({ Size: "S" })] }, /variants\[0\]\.options: choose a Colour/);
    const four = ["A", "B", "C", "D"].map((name) => ({ name, values: ["x"] }));
    await refuse({ options: four, variants: [] }, /options: At most 3 options/);
    await refuse({ options: [SIZES], variants: [one({ Size: "S" }, { price: "-1" })] }, /price cannot be negative/);
    await refuse(
      { options: [SIZES], variants: [one({ Size: "S" }, { sku: "A-1" }), one({ Size: "M" }, { sku: "a-1" })] },
      /variants\[1\]\.sku/,
    );
    await refuse({ options: [SIZES], variants: [one({ Size: "S" }, { sku: other.rows[0].sku })] }, /already another product's/);
    expect(await replaceVariants("c00000000000000000000000x", { options: [], variants: [] })).toMatchObject({ ok: false, status: 404 });
  });

  it("keeps a variant's own photo, served by its own URL and shown when that variant is chosen", async () => {
    const { product } = await tee();
    const photo = await processPhoto(new Uint8Array(await png(600, 600, { r: 20, g: 40, b: 200 })));
    const saved = await replaceVariants(
      product.id,
      {
        options: [SIZES],
        variants: SIZES.values.map((size) => ({ options: { Size: size }, price: "20", quantity: 2 })),
      },
      new Map([[1, photo]]),
    );
    expect(saved.ok).toBe(true);
    const page = (await getProductPage(product.slug))!.product;
    const medium = page.variants.find((variant) => variant.title === "M")!;
    expect(medium.photo).toMatchObject({ etag: photo.etag, width: 600, height: 600 });
    expect(page.variants.find((variant) => variant.title === "S")!.photo).toBeNull();
    const answer = await dispatch(get(`/api/v1/product/variant-photo/${medium.id}?v=${photo.etag}`));
    expect(answer.status).toBe(200);
    expect(answer.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(answer.headers.get("Content-Type")).toMatch(/^image\//);
    const thumb = await dispatch(
      get(`/api/v1/product/variant-photo/${medium.id}?size=thumb`, { "If-None-Match": `"${photo.etag}-thumb"` }),
    );
    expect(thumb.status).toBe(304);
    const small = page.variants.find((variant) => variant.title === "S")!;
    expect((await dispatch(get(`/api/v1/product/variant-photo/${small.id}`))).status).toBe(404);
  });

  it("with no options the product is simple again, at its last price and stock", async () => {
    const { product } = await tee({ stock: 1 });
    expect(await replaceVariants(product.id, { options: [], variants: [] })).toMatchObject({ ok: true });
    expect(await productRow(product.id)).toMatchObject({ options: [], maxPriceCents: null, quantity: 6, priceCents: 2000 });
    expect((await addToCart([], product.id)).ok).toBe(true);
  });
});

describe("stock edits never undo a sale", () => {
  const SIZE = { name: "Size", values: ["S", "M", "L"] };
  type FormState = { options: { name: string; values: string }[]; optionsShown?: unknown; rows: Record<string, unknown>[] };

  /** A tee in S, M, L with 5 of each, and a signed-in admin's cookie. */
  async function sizedTee() {
    const product = await createProduct({ priceCents: 2000, quantity: 0 });
    const saved = await replaceVariants(product.id, {
      options: [SIZE],
      variants: SIZE.values.map((size) => ({ options: { Size: size }, price: "20.00", quantity: 5 })),
    });
    if (!saved.ok) throw new Error(saved.message);
    const rows = await db.productVariant.findMany({ where: { productId: product.id }, orderBy: { position: "asc" } });
    const admin = await signedIn(Role.Admin);
    return { product, rows, cookie: await cookieFor(admin.token) };
  }

  /** The variants page as the admin opens it: the form's state. */
  async function openVariantsForm(slug: string, cookie: string): Promise<FormState> {
    const response = await respond(variantsPage.loader, get(`/dashboard/admin/product/${slug}/variants`, { Cookie: cookie }), { slug });
    expect(response.status).toBe(200);
    return (await response.json()).form;
  }

  /** Posts the variants form as the page sends it: every field of `state`, with `change(row)` applied to each row. */
  async function saveVariantsForm(
    slug: string,
    cookie: string,
    state: FormState,
    change: (row: Record<string, unknown>) => object = () => ({}),
    intent = "save",
  ) {
    const form = new FormData();
    form.append("intent", intent);
    form.append("optionsShown", JSON.stringify(state.optionsShown ?? []));
    state.options.forEach((option, i) => {
      form.append(`option.${i}.name`, option.name);
      form.append(`option.${i}.values`, option.values);
    });
    state.rows.forEach((row, i) => {
      const fields = { ...row, ...change(row) } as Record<string, unknown>;
      form.append(`variant.${i}.options`, JSON.stringify(fields.options));
      for (const name of ["id", "title", "sku", "price", "quantity", "expectedQuantity"])
        form.append(`variant.${i}.${name}`, String(fields[name]));
    });
    const request = new Request(`${ORIGIN}/dashboard/admin/product/${slug}/variants`, {
      method: "POST",
      headers: { Origin: ORIGIN, Cookie: cookie },
      body: form,
    });
    return respond(variantsPage.action, request, { slug });
  }

  it("variants form: a changed figure is refused naming both numbers when a sale came first; an untouched one keeps the sale", async () => {
    const { product, rows, cookie } = await sizedTee();
    const medium = rows.find((row) => row.title === "M")!;
    const shown = await openVariantsForm(product.slug, cookie);
    expect(shown.rows.find((row) => row.title === "M")).toMatchObject({ quantity: "5", expectedQuantity: "5" });
    // While the form is open, a buyer's checkout holds 3 of M.
    const sale = await startCheckout(await buyer(), [{ productId: product.id, variantId: medium.id, quantity: 3 }], ORIGIN);
    expect(sale.ok).toBe(true);
    expect(await variantStock(medium.id)).toBe(2);

    // The admin typed 7 for M: refused, nothing saved, the typed 7 kept beside the stock there is now.
    const refused = await saveVariantsForm(product.slug, cookie, shown, (row) =>
      row.title === "M" ? { quantity: "7", price: "21.00" } : {},
    );
    expect(refused.status).toBe(409);
    const answer = await refused.json();
    expect(answer.message).toBe("M: stock changed from 5 to 2 while you were editing; your 7 was not saved. Check and save again.");
    expect(answer.errors["variant.1.quantity"]).toBe(answer.message);
    expect(answer.rows[1]).toMatchObject({ title: "M", quantity: "7", expectedQuantity: "2", price: "21.00" });
    expect(answer.rows[0]).toMatchObject({ title: "S", quantity: "5", expectedQuantity: "5" });
    expect(await db.productVariant.findUniqueOrThrow({ where: { id: medium.id } })).toMatchObject({ quantity: 2, priceCents: 2000 });

    // The admin fixes a price and leaves the stock as shown: the price is saved, the sale stays counted.
    const saved = await saveVariantsForm(product.slug, cookie, shown, (row) => (row.title === "M" ? { price: "22.50" } : {}));
    expect(saved.status).toBe(302);
    expect(await db.productVariant.findUniqueOrThrow({ where: { id: medium.id } })).toMatchObject({ quantity: 2, priceCents: 2250 });
    expect((await productRow(product.id)).quantity).toBe(12);

    // Saving the refused answer again (7 beside the 2 it now shows) is a choice made knowing it: 7 is set.
    const again = await saveVariantsForm(product.slug, cookie, answer);
    expect(again.status).toBe(302);
    expect(await variantStock(medium.id)).toBe(7);
  });

  it("variants form: a save of unchanged options keeps every variant's id, archiving and creating none", async () => {
    const { product, rows, cookie } = await sizedTee();
    const shown = await openVariantsForm(product.slug, cookie);
    expect((await saveVariantsForm(product.slug, cookie, shown)).status).toBe(302);
    expect((await saveVariantsForm(product.slug, cookie, await openVariantsForm(product.slug, cookie))).status).toBe(302);
    const after = await db.productVariant.findMany({ where: { productId: product.id }, orderBy: { position: "asc" } });
    expect(after.map((row) => [row.id, row.title, row.archivedAt])).toEqual(rows.map((row) => [row.id, row.title, null]));
  });

  it("variants form: a value renamed in place keeps its variant's id and stock, saved at once or after Generate", async () => {
    const { product, rows, cookie } = await sizedTee();
    const id = (title: string) => rows.find((row) => row.title === title)!.id;
    const shown = await openVariantsForm(product.slug, cookie);
    // Saved at once: M becomes Medium and the option Size becomes Fit.
    const saved = await saveVariantsForm(product.slug, cookie, { ...shown, options: [{ name: "Fit", values: "S, Medium, L" }] });
    expect(saved.status).toBe(302);
    let after = await db.productVariant.findMany({ where: { productId: product.id }, orderBy: { position: "asc" } });
    expect(after.map((row) => [row.id, row.title, row.options, row.quantity, row.archivedAt])).toEqual([
      [id("S"), "S", { Fit: "S" }, 5, null],
      [id("M"), "Medium", { Fit: "Medium" }, 5, null],
      [id("L"), "L", { Fit: "L" }, 5, null],
    ]);
    // After Generate: Large is L renamed; its row keeps its id and figures.
    const generated = await saveVariantsForm(
      product.slug,
      cookie,
      { ...(await openVariantsForm(product.slug, cookie)), options: [{ name: "Fit", values: "S, Medium, Large" }] },
      () => ({}),
      "generate",
    );
    expect(generated.status).toBe(200);
    const state = await generated.json();
    expect(state.rows.map((row: { id: string; title: string }) => [row.id, row.title])).toEqual([
      [id("S"), "S"],
      [id("M"), "Medium"],
      [id("L"), "Large"],
    ]);
    expect((await saveVariantsForm(product.slug, cookie, state)).status).toBe(302);
    after = await db.productVariant.findMany({ where: { productId: product.id }, orderBy: { position: "asc" } });
    expect(after.map((row) => [row.id, row.title])).toEqual([
      [id("S"), "S"],
      [id("M"), "Medium"],
      [id("L"), "Large"],
    ]);
  });

  it("variants form: an option's name with a comma is refused with a message saying so", async () => {
    const { product, cookie } = await sizedTee();
    const shown = await openVariantsForm(product.slug, cookie);
    const refused = await saveVariantsForm(product.slug, cookie, { ...shown, options: [{ name: "Size, fit", values: "S, M, L" }] });
    expect(refused.status).toBe(400);
    expect((await refused.json()).message).toMatch(/options\[0\]\.name: The option's name cannot contain a comma/);
  });

  it("refuses a comma inside a value, naming it", async () => {
    const product = await createProduct({ priceCents: 2000, quantity: 0 });
    const refused = await replaceVariants(product.id, {
      options: [{ name: "Size", values: ["S,M", "L"] }],
      variants: [{ options: { Size: "L" }, price: "20", quantity: 1 }],
    });
    expect(refused).toMatchObject({
      ok: false,
      status: 400,
      message: expect.stringMatching(/options\[0\]\.values\[0\]: The value cannot contain a comma/),
    });
    expect(await db.productVariant.count({ where: { productId: product.id } })).toBe(0);
  });

  it("product form: a changed quantity is refused naming both numbers after a sale; an unchanged one keeps the sale and saves the rest", async () => {
    const category = await createCategory();
    const product = await createProduct({ categoryId: category.id, priceCents: 2000, quantity: 5 });
    const admin = await signedIn(Role.Admin);
    const cookie = await cookieFor(admin.token);
    const sale = await startCheckout(await buyer(), [{ productId: product.id, quantity: 3 }], ORIGIN);
    expect(sale.ok).toBe(true);
    const post = (fields: Record<string, string>) => {
      const form = new FormData();
      const all = { category: category.id, name: product.name, description: product.description, price: "20.00", shipping: "0", ...fields };
      for (const [key, value] of Object.entries(all)) form.append(key, value);
      form.append("photo", new File([], "", { type: "application/octet-stream" }));
      const request = new Request(`${ORIGIN}/dashboard/admin/product/${product.slug}`, {
        method: "POST",
        headers: { Origin: ORIGIN, Cookie: cookie },
        body: form,
      });
      return respond(productPage.action, request, { slug: product.slug });
    };
    const refused = await post({ quantity: "7", expectedQuantity: "5" });
    expect(refused.status).toBe(409);
    const answer = await refused.json();
    const message = "Stock changed from 5 to 2 while you were editing; your 7 was not saved. Check and save again.";
    expect(answer).toMatchObject({ message, errors: { quantity: message }, values: { quantity: "7", expectedQuantity: "2" } });
    expect(await productRow(product.id)).toMatchObject({ quantity: 2, priceCents: 2000 });

    const saved = await post({ quantity: "5", expectedQuantity: "5", price: "24.00" });
    expect(saved.status).toBe(302);
    expect(await productRow(product.id)).toMatchObject({ quantity: 2, priceCents: 2400 });
  });

  it("a save and a sale at the same moment: never the sale undone (the save first and the sale after, or the save refused)", async () => {
    for (let round = 0; round < 3; round += 1) {
      const { product, rows } = await sizedTee();
      const medium = rows.find((row) => row.title === "M")!;
      const [sale, save] = await Promise.all([
        startCheckout(await buyer(), [{ productId: product.id, variantId: medium.id, quantity: 3 }], ORIGIN),
        replaceVariants(product.id, {
          options: [SIZE],
          variants: SIZE.values.map((size) => ({
            options: { Size: size },
            price: "20",
            quantity: size === "M" ? 7 : 5,
            expectedQuantity: 5,
          })),
        }),
      ]);
      expect(sale.ok).toBe(true);
      expect(await variantStock(medium.id)).toBe(save.ok ? 4 : 2);
      if (!save.ok) expect(save).toMatchObject({ status: 409, message: expect.stringMatching(/^M: stock changed from 5 to 2/) });
    }
  });
});
