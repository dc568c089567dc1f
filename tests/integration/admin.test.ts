// The admin's rules: categories, products with photos, uploads, order
// statuses, and the admin API routes as visitor, user and admin.
import { randomBytes } from "node:crypto";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { createCategory, deleteCategory, getCategory, renameCategory } from "~/models/category.server";
import { createProduct, deleteProduct, getProductForAdmin, listProductsForAdmin, updateProduct } from "~/models/product.server";
import { db } from "~/utils/db.server";
import { readForm } from "~/utils/upload.server";

const tag = () => randomBytes(4).toString("hex");

async function png(width = 32, height = 24, color = { r: 200, g: 30, b: 60 }) {
  return sharp({ create: { width, height, channels: 3, background: color } }).png().toBuffer();
}

function photoFile(bytes: Uint8Array, name = "photo.png", type = "image/png") {
  return new File([new Uint8Array(bytes)], name, { type });
}

async function newCategory(name = `Cat ${tag()}`) {
  const result = await createCategory({ name });
  if (!result.ok) throw new Error(result.message);
  return result.category;
}

async function productInput(overrides: Record<string, unknown> = {}) {
  const category = overrides.category ?? (await newCategory()).id;
  return {
    name: `Lamp ${tag()}`,
    description: "A warm desk lamp",
    price: "19.99",
    quantity: "5",
    shipping: "1",
    category,
    ...overrides,
  };
}

async function newProduct(overrides: Record<string, unknown> = {}) {
  const result = await createProduct(await productInput(overrides));
  if (!result.ok) throw new Error(result.message);
  return result.product;
}

describe("categories", () => {
  it("creates with a trimmed name and a slug from it", async () => {
    const name = `Garden Tools ${tag()}`;
    const result = await createCategory({ name: `  ${name}  ` });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.category.name).toBe(name);
    expect(result.category.slug).toBe(name.toLowerCase().replace(/ /g, "-"));
  });

  it("refuses empty, missing and overlong names with a field error", async () => {
    for (const input of [{ name: "" }, { name: "   " }, {}, { name: 42 }, { name: "x".repeat(61) }, null]) {
      const result = await createCategory(input);
      expect(result.ok).toBe(false);
      if (result.ok) continue;
      expect(result.status).toBe(400);
      expect(result.errors.name ?? result.errors.form).toBeTruthy();
    }
    expect((await createCategory({ name: "x".repeat(60) })).ok).toBe(true);
  });

  it("refuses a duplicate name whatever its case (409) and keeps slugs unique", async () => {
    const name = `Toys ${tag()}`;
    await newCategory(name);
    const again = await createCategory({ name: name.toUpperCase() });
    expect(again).toMatchObject({ ok: false, status: 409, errors: { name: expect.stringContaining("already exists") } });
    // A different name with the same slug gets a suffix.
    const sameSlug = await createCategory({ name: `${name}!` });
    expect(sameSlug.ok && sameSlug.category.slug).toBe(`${name.toLowerCase().replace(/ /g, "-")}-2`);
  });

  it("renames, keeps the slug unique, refuses duplicates and unknown ids", async () => {
    const a = await newCategory();
    const b = await newCategory();
    const renamed = await renameCategory(a.id, { name: `Renamed ${tag()}` });
    expect(renamed.ok && renamed.category.slug).toMatch(/^renamed-/);
    expect(await renameCategory(a.id, { name: b.name.toLowerCase() })).toMatchObject({ ok: false, status: 409 });
    // Changing only the case of its own name is fine.
    const recased = await renameCategory(b.id, { name: b.name.toUpperCase() });
    expect(recased.ok && recased.category).toMatchObject({ name: b.name.toUpperCase(), slug: b.slug });
    expect(await renameCategory("c000000000000000000000000", { name: "Whatever" })).toMatchObject({ ok: false, status: 404 });
    expect(await renameCategory("../../etc", { name: "Whatever" })).toMatchObject({ ok: false, status: 404 });
  });

  it("refuses to delete a category that still has products, then deletes it once empty", async () => {
    const product = await newProduct();
    const categoryId = (await db.product.findUniqueOrThrow({ where: { id: product.id } })).categoryId;
    const refused = await deleteCategory(categoryId);
    expect(refused).toMatchObject({ ok: false, status: 409, message: expect.stringContaining("move or delete") });
    expect(await getCategory(categoryId)).not.toBeNull();
    await deleteProduct(product.id);
    expect((await deleteCategory(categoryId)).ok).toBe(true);
    expect(await getCategory(categoryId)).toBeNull();
    expect(await deleteCategory(categoryId)).toMatchObject({ ok: false, status: 404 });
  });
});

describe("products", () => {
  it("creates a product with price in cents, shipping stored and a photo", async () => {
    const input = await productInput({ price: "19.99", shipping: "yes", photo: photoFile(await png()) });
    const result = await createProduct(input);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.product).toMatchObject({ name: input.name, priceCents: 1999, quantity: 5, shipping: true });
    const photo = await db.productPhoto.findUnique({ where: { productId: result.product.id } });
    expect(photo).toMatchObject({ contentType: "image/png", width: 32, height: 24 });
  });

  it("accepts the shipping spellings of forms and API clients", async () => {
    const cases: [unknown, boolean][] = [["0", false], ["1", true], ["yes", true], ["No", false], [true, true], [false, false], [undefined, false]];
    for (const [shipping, expected] of cases) {
      const result = await createProduct(await productInput({ shipping }));
      expect(result.ok && result.product.shipping).toBe(expected);
    }
    expect(await createProduct(await productInput({ shipping: "maybe" }))).toMatchObject({ ok: false, status: 400, errors: { shipping: expect.any(String) } });
  });

  it("validates price and quantity: non-negative, at most two decimals, whole quantities", async () => {
    const good: [unknown, number][] = [["0", 0], ["10", 1000], ["10.5", 1050], ["10.05", 1005], [19.99, 1999], [" 7.10 ", 710], [".5", 50]];
    for (const [price, cents] of good) {
      const result = await createProduct(await productInput({ price }));
      expect(result.ok && result.product.priceCents, String(price)).toBe(cents);
    }
    for (const price of ["-1", "-0.01", "1.234", "abc", "", "1e3", "NaN", "Infinity", -5, 0.001, "1000000.01", null, {}]) {
      const result = await createProduct(await productInput({ price }));
      expect(result, String(price)).toMatchObject({ ok: false, status: 400, errors: { price: expect.any(String) } });
    }
    for (const quantity of ["-1", "1.5", "x", "", 2.5, "9999999999", null]) {
      const result = await createProduct(await productInput({ quantity }));
      expect(result, String(quantity)).toMatchObject({ ok: false, status: 400, errors: { quantity: expect.any(String) } });
    }
    expect((await createProduct(await productInput({ quantity: 0 }))).ok).toBe(true);
  });

  it("trims and limits names and descriptions, and needs an existing category", async () => {
    const trimmed = await createProduct(await productInput({ name: "  Spaced Out  " }));
    expect(trimmed.ok && trimmed.product.name).toBe("Spaced Out");
    expect(await createProduct(await productInput({ name: "x".repeat(121) }))).toMatchObject({ ok: false, errors: { name: expect.any(String) } });
    expect(await createProduct(await productInput({ description: " " }))).toMatchObject({ ok: false, errors: { description: expect.any(String) } });
    expect(await createProduct(await productInput({ category: "c000000000000000000000000" }))).toMatchObject({ ok: false, status: 400, errors: { category: expect.any(String) } });
    expect(await createProduct(await productInput({ category: "'; DROP TABLE \"Product\"; --" }))).toMatchObject({ ok: false, errors: { category: expect.any(String) } });
    // Every error at once, one per field.
    const all = await createProduct({});
    expect(all.ok).toBe(false);
    if (!all.ok) expect(Object.keys(all.errors).sort()).toEqual(["category", "description", "name", "price", "quantity"]);
  });

  it("gives every product a unique slug and keeps it while the name stays", async () => {
    const name = `Same Name ${tag()}`;
    const first = await newProduct({ name });
    const second = await newProduct({ name });
    const third = await newProduct({ name: `${name}?` });
    const base = name.toLowerCase().replace(/ /g, "-");
    expect([first.slug, second.slug, third.slug]).toEqual([base, `${base}-2`, `${base}-3`]);
    const kept = await updateProduct(second.id, await productInput({ name, price: "5", category: second.category.id }));
    expect(kept.ok && kept.product.slug).toBe(`${base}-2`);
    const moved = await updateProduct(second.id, await productInput({ name: `Other ${name}`, category: second.category.id }));
    expect(moved.ok && moved.product.slug).toBe(`other-${base}`);
  });

  it("refuses a text file renamed .png, and saves nothing", async () => {
    const before = await db.product.count();
    const fake = photoFile(new TextEncoder().encode("this is not an image at all"), "cat.png", "image/png");
    const input = await productInput({ photo: fake });
    const result = await createProduct(input);
    expect(result).toMatchObject({ ok: false, status: 400, errors: { photo: expect.stringContaining("JPEG, PNG, WebP or GIF") } });
    expect(await db.product.count()).toBe(before);
    expect(await db.product.findFirst({ where: { name: input.name as string } })).toBeNull();
  });

  it("refuses an SVG or a PDF even when named .jpg", async () => {
    const svg = photoFile(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'), "x.jpg", "image/jpeg");
    expect(await createProduct(await productInput({ photo: svg }))).toMatchObject({ ok: false, errors: { photo: expect.any(String) } });
    const pdf = photoFile(new TextEncoder().encode("%PDF-1.4\n%âãÏÓ\n"), "x.jpg", "image/jpeg");
    expect(await createProduct(await productInput({ photo: pdf }))).toMatchObject({ ok: false, errors: { photo: expect.any(String) } });
  });

  it("refuses an oversized image, and saves nothing", async () => {
    const big = new Uint8Array(5 * 1024 * 1024 + 1);
    big.set(await png());
    const input = await productInput({ photo: photoFile(big) });
    expect(await createProduct(input)).toMatchObject({ ok: false, status: 413, errors: { photo: "The photo must be at most 5 MB" } });
    expect(await db.product.findFirst({ where: { name: input.name as string } })).toBeNull();
  });

  it("updates fields, replaces the photo only when a new one is sent, and changes nothing when the photo is refused", async () => {
    const product = await newProduct({ photo: photoFile(await png(10, 10)) });
    const firstEtag = (await db.productPhoto.findUniqueOrThrow({ where: { productId: product.id } })).etag;

    const withoutPhoto = await updateProduct(product.id, await productInput({ name: product.name, price: "25", category: product.category.id, photo: new File([], "") }));
    expect(withoutPhoto.ok && withoutPhoto.product.priceCents).toBe(2500);
    expect((await db.productPhoto.findUniqueOrThrow({ where: { productId: product.id } })).etag).toBe(firstEtag);

    const refused = await updateProduct(
      product.id,
      await productInput({ name: "Should Not Stick", price: "99", category: product.category.id, photo: photoFile(new TextEncoder().encode("nope"), "x.png") }),
    );
    expect(refused).toMatchObject({ ok: false, errors: { photo: expect.any(String) } });
    expect(await db.product.findUniqueOrThrow({ where: { id: product.id } })).toMatchObject({ name: product.name, priceCents: 2500 });

    const replaced = await updateProduct(product.id, await productInput({ name: product.name, price: "26", category: product.category.id, photo: photoFile(await png(20, 40)) }));
    expect(replaced.ok).toBe(true);
    const photo = await db.productPhoto.findUniqueOrThrow({ where: { productId: product.id } });
    expect(photo.etag).not.toBe(firstEtag);
    expect(photo).toMatchObject({ width: 20, height: 40 });

    expect(await updateProduct("c000000000000000000000000", await productInput())).toMatchObject({ ok: false, status: 404 });
  });

  it("writes product and photo in one transaction: a failing photo insert leaves no product", async () => {
    // A photo row PostgreSQL refuses (an integer column out of range) after the product row was inserted.
    const input = await productInput();
    const category = input.category as string;
    await expect(
      db.product.create({
        data: {
          name: input.name as string,
          slug: `tx-${tag()}`,
          description: "d",
          priceCents: 1,
          quantity: 1,
          categoryId: category,
          photo: {
            create: {
              contentType: "image/png", size: 2 ** 40, width: 1, height: 1, data: new Uint8Array([1]), thumbData: new Uint8Array([1]),
              thumbType: "image/webp", thumbWidth: 1, thumbHeight: 1, etag: "x",
            },
          },
        },
      }),
    ).rejects.toThrow();
    expect(await db.product.findFirst({ where: { name: input.name as string } })).toBeNull();
  });

  it("deletes a product and keeps the orders that bought it", async () => {
    const product = await newProduct();
    const buyer = await db.user.create({ data: { name: "Buyer", email: `b-${tag()}@test.dev`, passwordHash: "x", answerHash: "y", phone: "1", address: "a" } });
    const order = await db.order.create({
      data: { buyerId: buyer.id, totalCents: 1999, lines: { create: [{ productId: product.id, name: product.name, unitPriceCents: 1999, quantity: 1 }] } },
    });
    const deleted = await deleteProduct(product.id);
    expect(deleted.ok).toBe(true);
    expect(await getProductForAdmin(product.slug)).toBeNull();
    const lines = await db.orderLine.findMany({ where: { orderId: order.id } });
    expect(lines).toEqual([expect.objectContaining({ productId: null, name: product.name, unitPriceCents: 1999, quantity: 1 })]);
    expect(await deleteProduct(product.id)).toMatchObject({ ok: false, status: 404 });
    expect(await deleteProduct("not-an-id")).toMatchObject({ ok: false, status: 404 });
  });

  it("lists products for the admin, paged and searchable by name", async () => {
    const word = `Zebra${tag()}`;
    const category = await newCategory();
    for (let i = 0; i < 26; i += 1) await newProduct({ name: `${word} ${i}`, category: category.id });
    const first = await listProductsForAdmin({ query: word.toLowerCase() });
    expect(first.total).toBe(26);
    expect(first.products).toHaveLength(24);
    const second = await listProductsForAdmin({ query: word, page: 2 });
    expect(second.products).toHaveLength(2);
    expect((await listProductsForAdmin({ query: `${word} 25` })).products.map((p) => p.name)).toEqual([`${word} 25`]);
  });
});

describe("readForm (uploads)", () => {
  function multipart(fields: Record<string, string | File>, headers: Record<string, string> = {}) {
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) form.append(key, value);
    return new Request("http://localhost/upload", { method: "POST", body: form, headers });
  }

  it("reads text fields and the photo", async () => {
    const bytes = await png();
    const read = await readForm(multipart({ name: "Lamp", photo: photoFile(bytes) }));
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.formData.get("name")).toBe("Lamp");
    const photo = read.formData.get("photo") as File;
    expect(photo.size).toBe(bytes.byteLength);
  });

  it("refuses a photo above the limit with a clear message (413) and keeps the text read before it", async () => {
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 10)], "big.png", { type: "image/png" });
    const read = await readForm(multipart({ name: "Lamp", photo: big }));
    expect(read).toMatchObject({ ok: false, status: 413, errors: { photo: "The photo must be at most 5 MB" }, values: { name: "Lamp" } });
  });

  it("refuses at once when Content-Length announces too much", async () => {
    const request = new Request("http://localhost/upload", {
      method: "POST",
      headers: { "Content-Type": "multipart/form-data; boundary=x", "Content-Length": String(100 * 1024 * 1024) },
      body: "--x--",
    });
    expect(await readForm(request)).toMatchObject({ ok: false, status: 413 });
  });

  it("cuts off a 100 MB streamed body without reading it all into memory", async () => {
    const chunk = new Uint8Array(1024 * 1024);
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('--x\r\nContent-Disposition: form-data; name="photo"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n'));
      },
      pull(controller) {
        if (sent >= 100) return controller.close();
        sent += 1;
        controller.enqueue(chunk);
      },
    });
    const request = new Request("http://localhost/upload", {
      method: "POST",
      headers: { "Content-Type": "multipart/form-data; boundary=x" },
      body,
      duplex: "half",
    } as RequestInit);
    const heapBefore = process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers;
    const read = await readForm(request);
    expect(read).toMatchObject({ ok: false, status: 413 });
    // It stopped reading well before the end (it reads at most the discard allowance).
    expect(sent).toBeLessThan(40);
    expect(process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers - heapBefore).toBeLessThan(64 * 1024 * 1024);
  });

  it("refuses other content types (415) and broken multipart (400)", async () => {
    const json = new Request("http://localhost/upload", { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" });
    expect(await readForm(json)).toMatchObject({ ok: false, status: 415 });
    const noBoundary = new Request("http://localhost/upload", { method: "POST", headers: { "Content-Type": "multipart/form-data" }, body: "hello" });
    expect(await readForm(noBoundary)).toMatchObject({ ok: false, status: 400 });
  });

  it("reads url-encoded forms too", async () => {
    const request = new Request("http://localhost/upload", { method: "POST", body: new URLSearchParams({ intent: "delete" }) });
    const read = await readForm(request);
    expect(read.ok && read.formData.get("intent")).toBe("delete");
  });
});
