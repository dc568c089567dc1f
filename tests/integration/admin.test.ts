// The admin's rules: categories, products with photos, uploads, order
// statuses, and the admin API routes as visitor, user and admin.
import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { createCategory, deleteCategory, getCategory, renameCategory } from "~/domain/catalog/category.server";
import { createProduct, deleteProduct, getProductForAdmin, listProductsForAdmin, updateProduct } from "~/domain/catalog/product.server";
import { db } from "~/utils/db.server";
import { readForm } from "~/http/request-input.server";
import { createReadableStreamFromReadable, type AppLoadContext } from "@remix-run/node";
import { action as createCategoryApi, loader as createCategoryApiGet } from "~/routes/api.v1.$";
import { action as updateCategoryApi } from "~/routes/api.v1.$";
import { action as deleteCategoryApi } from "~/routes/api.v1.$";
import { action as createProductApi } from "~/routes/api.v1.$";
import { action as updateProductApi } from "~/routes/api.v1.$";
import { action as deleteProductApi } from "~/routes/api.v1.$";
import { loader as allOrdersApi, action as allOrdersApiPost } from "~/routes/api.v1.$";
import { action as orderStatusApi } from "~/routes/api.v1.$";
import { action as categoryPageAction, loader as categoryPageLoader } from "~/routes/dashboard.admin.create-category";
import { action as createProductPageAction } from "~/routes/dashboard.admin.create-product";
import { action as ordersPageAction } from "~/routes/dashboard.admin.orders";
import { action as updateProductPageAction } from "~/routes/dashboard.admin.product.$slug";
import { sessionCookie } from "~/http/session-cookie.server";
import { Role } from "~/domain/accounts/user";
import { expectOk, signedIn, visitor, type Caller } from "../fixtures/integration";

const tag = () => randomBytes(4).toString("hex");

async function png(width = 32, height = 24, color = { r: 200, g: 30, b: 60 }) {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();
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
    expect(expectOk(sameSlug).category.slug).toBe(`${name.toLowerCase().replace(/ /g, "-")}-2`);
  });

  it("renames, keeps the slug unique, refuses duplicates and unknown ids", async () => {
    const a = await newCategory();
    const b = await newCategory();
    const renamed = await renameCategory(a.id, { name: `Renamed ${tag()}` });
    expect(expectOk(renamed).category.slug).toMatch(/^renamed-/);
    expect(await renameCategory(a.id, { name: b.name.toLowerCase() })).toMatchObject({ ok: false, status: 409 });
    // Changing only the case of its own name is fine.
    const recased = await renameCategory(b.id, { name: b.name.toUpperCase() });
    expect(expectOk(recased).category).toMatchObject({ name: b.name.toUpperCase(), slug: b.slug });
    expect(await renameCategory("c000000000000000000000000", { name: "Whatever" })).toMatchObject({ ok: false, status: 404 });
    expect(await renameCategory("../../etc", { name: "Whatever" })).toMatchObject({ ok: false, status: 404 });
  });

  it("leaves a category unchanged when a rename sends no name, and refuses a blank one", async () => {
    const category = await newCategory();
    expect(await renameCategory(category.id, {})).toMatchObject({
      ok: true,
      category: { id: category.id, name: category.name, slug: category.slug },
    });
    expect(await renameCategory(category.id, { name: " " })).toMatchObject({
      ok: false,
      status: 400,
      errors: { name: expect.any(String) },
    });
    expect(await getCategory(category.id)).toEqual(category);
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
    const cases: [unknown, boolean][] = [
      ["0", false],
      ["1", true],
      ["yes", true],
      ["No", false],
      [true, true],
      [false, false],
      [undefined, false],
    ];
    for (const [shipping, expected] of cases) {
      const result = await createProduct(await productInput({ shipping }));
      expect(expectOk(result).product.shipping).toBe(expected);
    }
    expect(await createProduct(await productInput({ shipping: "maybe" }))).toMatchObject({
      ok: false,
      status: 400,
      errors: { shipping: expect.any(String) },
    });
  });

  it("validates price and quantity: non-negative, at most two decimals, whole quantities", async () => {
    const good: [unknown, number][] = [
      ["0", 0],
      ["10", 1000],
      ["10.5", 1050],
      ["10.05", 1005],
      [19.99, 1999],
      [" 7.10 ", 710],
      [".5", 50],
      // One Stripe charge's ceiling: the dearest price a product can be paid for.
      ["999999.99", 99_999_999],
    ];
    for (const [price, cents] of good) {
      const result = await createProduct(await productInput({ price }));
      expect(expectOk(result).product.priceCents, String(price)).toBe(cents);
    }
    for (const price of ["-1", "-0.01", "1.234", "abc", "", "1e3", "NaN", "Infinity", -5, 0.001, "999999.991", "1000000.00", null, {}]) {
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
    expect(expectOk(trimmed).product.name).toBe("Spaced Out");
    expect(await createProduct(await productInput({ name: "x".repeat(121) }))).toMatchObject({
      ok: false,
      errors: { name: expect.any(String) },
    });
    expect(await createProduct(await productInput({ description: " " }))).toMatchObject({
      ok: false,
      errors: { description: expect.any(String) },
    });
    expect(await createProduct(await productInput({ category: "c000000000000000000000000" }))).toMatchObject({
      ok: false,
      status: 400,
      errors: { category: expect.any(String) },
    });
    expect(await createProduct(await productInput({ category: '\'; DROP TABLE "Product"; --' }))).toMatchObject({
      ok: false,
      errors: { category: expect.any(String) },
    });
    // Every error at once, one per field.
    const all = await createProduct({});
    expect(all.ok).toBe(false);
    if (!all.ok) expect(Object.keys(all.errors).sort()).toEqual(["category", "description", "name", "price", "quantity"]);
  });

  it("gives every product a unique slug and keeps it while the name stays", async () => {
    const name = `Same Name ${tag()}`;
    const first = await newProduct({ name });
    // Names that differ only in punctuation share a slug base.
    const second = await newProduct({ name: `${name}!` });
    const third = await newProduct({ name: `${name}?` });
    const base = name.toLowerCase().replace(/ /g, "-");
    expect([first.slug, second.slug, third.slug]).toEqual([base, `${base}-2`, `${base}-3`]);
    const kept = await updateProduct(second.id, await productInput({ name: `${name}!`, price: "5", category: second.category.id }));
    expect(expectOk(kept).product.slug).toBe(`${base}-2`);
    const moved = await updateProduct(second.id, await productInput({ name: `Other ${name}`, category: second.category.id }));
    expect(expectOk(moved).product.slug).toBe(`other-${base}`);
  });

  it("refuses a second product with a taken name (ignoring case), on create and on rename", async () => {
    const name = `Twin Name ${tag()}`;
    const first = await newProduct({ name });
    const other = await newProduct({ name: `${name} Other` });
    const twin = await createProduct(await productInput({ name: name.toUpperCase(), category: first.category.id }));
    expect(twin).toMatchObject({ ok: false, status: 409, errors: { name: expect.stringContaining("already exists") } });
    const renamed = await updateProduct(other.id, await productInput({ name, category: other.category.id }));
    expect(renamed).toMatchObject({ ok: false, status: 409, errors: { name: expect.stringContaining("already exists") } });
    // Changing only the case of its own name is fine.
    const recased = await updateProduct(first.id, await productInput({ name: name.toUpperCase(), category: first.category.id }));
    expect(recased.ok).toBe(true);
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
    const svg = photoFile(
      new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'),
      "x.jpg",
      "image/jpeg",
    );
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

    const withoutPhoto = await updateProduct(
      product.id,
      await productInput({ name: product.name, price: "25", category: product.category.id, photo: new File([], "") }),
    );
    expect(expectOk(withoutPhoto).product.priceCents).toBe(2500);
    expect((await db.productPhoto.findUniqueOrThrow({ where: { productId: product.id } })).etag).toBe(firstEtag);

    const refused = await updateProduct(
      product.id,
      await productInput({
        name: "Should Not Stick",
        price: "99",
        category: product.category.id,
        photo: photoFile(new TextEncoder().encode("nope"), "x.png"),
      }),
    );
    expect(refused).toMatchObject({ ok: false, errors: { photo: expect.any(String) } });
    expect(await db.product.findUniqueOrThrow({ where: { id: product.id } })).toMatchObject({ name: product.name, priceCents: 2500 });

    const replaced = await updateProduct(
      product.id,
      await productInput({ name: product.name, price: "26", category: product.category.id, photo: photoFile(await png(20, 40)) }),
    );
    expect(replaced.ok).toBe(true);
    const photo = await db.productPhoto.findUniqueOrThrow({ where: { productId: product.id } });
    expect(photo.etag).not.toBe(firstEtag);
    expect(photo).toMatchObject({ width: 20, height: 40 });

    expect(await updateProduct("c000000000000000000000000", await productInput())).toMatchObject({ ok: false, status: 404 });
  });

  it("changes only the fields an update sends: the others keep their stored values", async () => {
    const other = await newCategory();
    const product = await newProduct({ shipping: "1", photo: photoFile(await png(12, 12)) });
    const stored = () => db.product.findUniqueOrThrow({ where: { id: product.id }, include: { photo: { select: { etag: true } } } });
    const before = await stored();
    // What the old client's update form sends: no shipping, and no photo when none was chosen.
    const oldClient = await updateProduct(product.id, {
      name: product.name,
      description: product.description,
      price: "7.5",
      quantity: "2",
      category: product.category.id,
    });
    expect(expectOk(oldClient).product).toMatchObject({ priceCents: 750, quantity: 2, shipping: true });
    // One field at a time, and nothing at all.
    expect((await updateProduct(product.id, { category: other.id })).ok).toBe(true);
    expect((await updateProduct(product.id, { shipping: "0" })).ok).toBe(true);
    expect((await updateProduct(product.id, {})).ok).toBe(true);
    expect(await stored()).toMatchObject({
      name: before.name,
      slug: before.slug,
      description: before.description,
      priceCents: 750,
      quantity: 2,
      shipping: false,
      categoryId: other.id,
      photo: { etag: before.photo!.etag },
    });
    // A field that is sent is validated as on create.
    expect(await updateProduct(product.id, { price: "" })).toMatchObject({ ok: false, status: 400, errors: { price: expect.any(String) } });
    expect(await updateProduct(product.id, { name: " " })).toMatchObject({ ok: false, status: 400, errors: { name: expect.any(String) } });
    expect(await updateProduct(product.id, { category: "c000000000000000000000000" })).toMatchObject({
      ok: false,
      errors: { category: expect.any(String) },
    });
    expect(await updateProduct(product.id, { shipping: "maybe" })).toMatchObject({ ok: false, errors: { shipping: expect.any(String) } });
    expect(await stored()).toMatchObject({ name: before.name, priceCents: 750, shipping: false, categoryId: other.id });
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
              contentType: "image/png",
              size: 2 ** 40,
              width: 1,
              height: 1,
              data: new Uint8Array([1]),
              thumbData: new Uint8Array([1]),
              thumbType: "image/webp",
              thumbWidth: 1,
              thumbHeight: 1,
              etag: "x",
            },
          },
        },
      }),
    ).rejects.toThrow();
    expect(await db.product.findFirst({ where: { name: input.name as string } })).toBeNull();
  });

  it("deletes a product and keeps the orders that bought it", async () => {
    const product = await newProduct();
    const buyer = await db.user.create({
      data: { name: "Buyer", email: `b-${tag()}@test.dev`, passwordHash: "x", answerHash: "y", phone: "1", address: "a" },
    });
    const order = await db.order.create({
      data: {
        buyerId: buyer.id,
        totalCents: 1999,
        lines: {
          create: [
            {
              productId: product.id,
              name: product.name,
              description: product.description,
              slug: product.slug,
              unitPriceCents: 1999,
              quantity: 1,
            },
          ],
        },
      },
    });
    const deleted = await deleteProduct(product.id);
    expect(deleted.ok).toBe(true);
    expect(await getProductForAdmin(product.slug)).toBeNull();
    const lines = await db.orderLine.findMany({ where: { orderId: order.id } });
    expect(lines).toEqual([
      expect.objectContaining({
        productId: null,
        name: product.name,
        description: product.description,
        slug: product.slug,
        unitPriceCents: 1999,
        quantity: 1,
      }),
    ]);
    expect(await deleteProduct(product.id)).toMatchObject({ ok: false, status: 404 });
    expect(await deleteProduct("not-an-id")).toMatchObject({ ok: false, status: 404 });
  });

  it("lists products for the admin, paged and searchable by name", async () => {
    const word = `Zebra${tag()}`;
    const category = await newCategory();
    for (let i = 0; i < 26; i += 1) await newProduct({ name: `${word} ${i}`, category: category.id });
    const first = await listProductsForAdmin({ query: word.toLowerCase() });
    expect(first.total).toBe(26);
    expect(first.items).toHaveLength(24);
    expect(first.pageCount).toBe(2);
    const second = await listProductsForAdmin({ query: word, page: 2 });
    expect(second.items).toHaveLength(2);
    expect((await listProductsForAdmin({ query: `${word} 25` })).items.map((p) => p.name)).toEqual([`${word} 25`]);
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

  it("cuts off a 100 MB chunked upload over real HTTP (no Content-Length) quickly, without reading it all", async () => {
    // As remix-serve hands a body over: a Node socket behind Remix's stream adapter.
    const server = http.createServer(async (req, res) => {
      // The short paths below, as the API's (the one /api/v1 route matches the path).
      const path = req
        .url!.replace(/^\/create/, "/api/v1/category/create-category")
        .replace(/^\/delete\//, "/api/v1/category/delete-category/");
      const request = new Request(`http://localhost${path}`, {
        method: "POST",
        headers: { "Content-Type": String(req.headers["content-type"]) },
        body: createReadableStreamFromReadable(req),
        duplex: "half",
      } as RequestInit);
      const read = await readForm(request);
      res.writeHead(read.ok ? 200 : read.status).end(read.ok ? "ok" : read.message);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    let sent = 0;
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const client = http.request(
        {
          port,
          host: "127.0.0.1",
          method: "POST",
          headers: { "Content-Type": "multipart/form-data; boundary=x", "Transfer-Encoding": "chunked" },
        },
        (res) => {
          let body = "";
          res.on("data", (chunk) => (body += chunk));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      client.on("error", reject);
      client.write('--x\r\nContent-Disposition: form-data; name="photo"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n');
      const chunk = Buffer.alloc(64 * 1024);
      (function pump() {
        while (sent < 1600 && !client.destroyed) {
          sent += 1;
          if (!client.write(chunk)) return void client.once("drain", pump);
        }
        client.end();
      })();
    });
    try {
      const result = await Promise.race([answer, new Promise<string>((resolve) => setTimeout(() => resolve("hung"), 10_000))]);
      expect(result).toMatchObject({ status: 413, body: "The photo must be at most 5 MB" });
      // 1600 × 64 KB = 100 MB offered; the server stopped after its discard allowance (32 MB).
      expect(sent * 64 * 1024).toBeLessThan(48 * 1024 * 1024);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });

  it("refuses many small fields adding up past the body limit", async () => {
    const fields: Record<string, string> = {};
    for (let i = 0; i < 120; i += 1) fields[`f${i}`] = "x".repeat(60 * 1024);
    const read = await readForm(multipart(fields));
    expect(read).toMatchObject({ ok: false, status: 413 });
    const long = await readForm(multipart({ description: "y".repeat(70 * 1024) }));
    expect(long).toMatchObject({ ok: false, status: 413, errors: { description: expect.any(String) } });
  });

  it("refuses other content types (415) and broken multipart (400)", async () => {
    const json = new Request("http://localhost/upload", { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" });
    expect(await readForm(json)).toMatchObject({ ok: false, status: 415 });
    const noBoundary = new Request("http://localhost/upload", {
      method: "POST",
      headers: { "Content-Type": "multipart/form-data" },
      body: "hello",
    });
    expect(await readForm(noBoundary)).toMatchObject({ ok: false, status: 400 });
  });

  it("reads url-encoded forms too", async () => {
    const request = new Request("http://localhost/upload", { method: "POST", body: new URLSearchParams({ intent: "delete" }) });
    const read = await readForm(request);
    expect(expectOk(read).formData.get("intent")).toBe("delete");
  });
});

// ---------- The admin API routes and the screens' actions, called directly ----------

type RouteFn = (args: { request: Request; params: Record<string, string>; context: AppLoadContext }) => Promise<Response> | Response;
const call = (fn: RouteFn, request: Request, params: Record<string, string> = {}) => fn({ request, params, context: {} as AppLoadContext });
/** Route functions may throw their response (guards): either way, the response. */
async function respond(fn: RouteFn, request: Request, params: Record<string, string> = {}) {
  try {
    return await call(fn, request, params);
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

const BASE = "http://localhost";
let admin: Caller;
let user: Caller;
const badToken: Caller = { label: "bad token", token: "not-a-real-token" };

beforeAll(async () => {
  admin = await signedIn(Role.Admin);
  user = await signedIn(Role.User);
});

function jsonRequest(method: string, path: string, body: unknown, caller: Caller, headers: Record<string, string> = {}) {
  return new Request(`${BASE}${path}`, {
    method,
    headers: { "Content-Type": "application/json", ...(caller.token ? { Authorization: caller.token } : {}), ...headers },
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
}

function multipartRequest(method: string, path: string, fields: Record<string, string | File>, caller: Caller) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  return new Request(`${BASE}${path}`, { method, headers: caller.token ? { Authorization: `Bearer ${caller.token}` } : {}, body: form });
}

async function cookieFor(caller: Caller) {
  return (await sessionCookie().serialize(caller.token)).split(";")[0];
}

async function pageRequest(path: string, fields: Record<string, string>, caller: Caller, headers: Record<string, string> = {}) {
  return new Request(`${BASE}${path}`, {
    method: "POST",
    headers: { Origin: BASE, ...(caller.token ? { Cookie: await cookieFor(caller) } : {}), ...headers },
    body: new URLSearchParams(fields),
  });
}

async function newOrder(productId?: string) {
  const buyer = await db.user.create({
    data: { name: `Buyer ${tag()}`, email: `b-${tag()}@test.dev`, passwordHash: "x", answerHash: "y", phone: "1", address: "a" },
  });
  return db.order.create({
    data: {
      buyerId: buyer.id,
      totalCents: 500,
      paymentStatus: "SUCCEEDED",
      lines: {
        create: [{ productId: productId ?? null, name: "Thing", description: "A thing", slug: "thing", unitPriceCents: 500, quantity: 1 }],
      },
    },
  });
}

describe("admin API: who may call it", () => {
  it("refuses visitors (401), bad tokens (401) and users (403) on every admin endpoint, and changes nothing", async () => {
    const category = await newCategory();
    const product = await newProduct({ category: category.id });
    const order = await newOrder(product.id);
    const snapshot = async () => ({
      categories: await db.category.count(),
      products: await db.product.count(),
      product: await db.product.findUnique({ where: { id: product.id } }),
      category: await db.category.findUnique({ where: { id: category.id } }),
      order: await db.order.findUnique({ where: { id: order.id } }),
    });
    const before = await snapshot();
    const fields = { name: "Hacked", description: "x", price: "1", quantity: "1", category: category.id };
    for (const caller of [visitor, badToken, user]) {
      const expected = caller === user ? 403 : 401;
      const responses = [
        await call(createCategoryApi, jsonRequest("POST", "/api/v1/category/create-category", { name: `Hack ${tag()}` }, caller)),
        await call(updateCategoryApi, jsonRequest("PUT", `/api/v1/category/update-category/${category.id}`, { name: "Hacked" }, caller), {
          id: category.id,
        }),
        await call(deleteCategoryApi, jsonRequest("DELETE", `/api/v1/category/delete-category/${category.id}`, undefined, caller), {
          id: category.id,
        }),
        await call(createProductApi, multipartRequest("POST", "/api/v1/product/create-product", fields, caller)),
        await call(updateProductApi, multipartRequest("PUT", `/api/v1/product/update-product/${product.id}`, fields, caller), {
          id: product.id,
        }),
        await call(deleteProductApi, jsonRequest("DELETE", `/api/v1/product/delete-product/${product.id}`, undefined, caller), {
          id: product.id,
        }),
        await call(allOrdersApi, jsonRequest("GET", "/api/v1/user/all-orders", undefined, caller)),
        await call(orderStatusApi, jsonRequest("PUT", `/api/v1/user/order-status/${order.id}`, { status: "Shipped" }, caller), {
          orderId: order.id,
        }),
      ];
      for (const response of responses) {
        expect(response.status, `${caller.label} ${response.url}`).toBe(expected);
        expect(await response.json()).toMatchObject({ success: false, message: expect.any(String) });
      }
    }
    expect(await snapshot()).toEqual(before);
  });

  it("answers 405 for wrong methods", async () => {
    const get = await call(createCategoryApiGet as RouteFn, jsonRequest("GET", "/api/v1/category/create-category", undefined, admin));
    expect(get.status).toBe(405);
    const put = await call(createCategoryApi, jsonRequest("PUT", "/api/v1/category/create-category", { name: "x" }, admin));
    expect(put.status).toBe(405);
    expect(put.headers.get("Allow")).toBe("POST");
    expect((await call(allOrdersApiPost as RouteFn, jsonRequest("POST", "/api/v1/user/all-orders", {}, admin))).status).toBe(405);
    expect((await call(deleteProductApi, jsonRequest("POST", "/api/v1/product/delete-product/x", {}, admin), { id: "x" })).status).toBe(
      405,
    );
  });
});

describe("admin API over real HTTP: early answers keep the connection usable", () => {
  it("a 405 or 401 sent before reading a 100 KB body does not stall the next request on the same keep-alive connection, and an oversized chunked JSON body gets its 413", async () => {
    const server = http.createServer(async (req, res) => {
      // The short paths below, as the API's (the one /api/v1 route matches the path).
      const path = req
        .url!.replace(/^\/create/, "/api/v1/category/create-category")
        .replace(/^\/delete\//, "/api/v1/category/delete-category/");
      const request = new Request(`http://localhost${path}`, {
        method: req.method,
        headers: Object.entries(req.headers).flatMap(([key, value]) =>
          typeof value === "string" ? [[key, value] as [string, string]] : [],
        ),
        body: req.method === "GET" ? undefined : createReadableStreamFromReadable(req),
        duplex: "half",
      } as RequestInit);
      const id = req.url!.split("/").pop()!;
      const response = req.url!.startsWith("/create")
        ? await call(createCategoryApi, request)
        : await call(deleteCategoryApi, request, { id });
      res.writeHead(response.status, { "Content-Type": "application/json" }).end(await response.text());
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const send = (method: string, path: string, body?: Buffer, headers: Record<string, string> = {}) =>
      Promise.race([
        new Promise<number>((resolve, reject) => {
          const length: Record<string, string> = body && !headers["Transfer-Encoding"] ? { "Content-Length": String(body.byteLength) } : {};
          const req = http.request(
            { port, host: "127.0.0.1", method, path, agent, headers: { "Content-Type": "application/json", ...length, ...headers } },
            (res) => {
              res.resume();
              res.on("end", () => resolve(res.statusCode ?? 0));
            },
          );
          req.on("error", reject);
          req.end(body);
        }),
        new Promise<string>((resolve) => setTimeout(() => resolve("hung"), 5_000)),
      ]);
    const big = Buffer.from(JSON.stringify({ name: "x".repeat(100_000) }));
    try {
      for (let i = 0; i < 5; i += 1) {
        expect(await send("POST", "/delete/x", big, { Authorization: admin.token! })).toBe(405);
        expect(await send("DELETE", "/delete/x", big)).toBe(401);
        expect(await send("DELETE", "/delete/x", big, { Authorization: admin.token! })).toBe(400);
      }
      expect(
        await send("POST", "/create", Buffer.alloc(1024 * 1024, 120), { Authorization: admin.token!, "Transfer-Encoding": "chunked" }),
      ).toBe(413);
      expect(await send("POST", "/create", Buffer.from(JSON.stringify({ name: `Http ${tag()}` })), { Authorization: admin.token! })).toBe(
        201,
      );
    } finally {
      agent.destroy();
      server.closeAllConnections();
      server.close();
    }
  });
});

describe("admin API: categories", () => {
  it("creates (201), refuses duplicates (409), bad input (400) and other content types (415)", async () => {
    const name = `Api Cat ${tag()}`;
    const created = await call(createCategoryApi, jsonRequest("POST", "/api/v1/category/create-category", { name }, admin));
    expect(created.status).toBe(201);
    const body = await created.json();
    expect(body).toMatchObject({
      success: true,
      message: expect.any(String),
      category: { _id: expect.any(String), name, slug: expect.any(String) },
    });

    const dup = await call(createCategoryApi, jsonRequest("POST", "/api/v1/category/create-category", { name: name.toLowerCase() }, admin));
    expect(dup.status).toBe(409);
    expect(await dup.json()).toMatchObject({ success: false });
    for (const bad of ["{not json", "[]", JSON.stringify({ name: "" }), JSON.stringify({ name: 5 }), JSON.stringify({})]) {
      const response = await call(createCategoryApi, jsonRequest("POST", "/api/v1/category/create-category", bad, admin));
      expect(response.status, bad).toBe(400);
    }
    const form = await call(
      createCategoryApi,
      jsonRequest("POST", "/api/v1/category/create-category", "name=x", admin, { "Content-Type": "application/x-www-form-urlencoded" }),
    );
    expect(form.status).toBe(415);
  });

  it("update-category without a name answers the category unchanged", async () => {
    const category = await newCategory();
    const response = await call(updateCategoryApi, jsonRequest("PUT", `/api/v1/category/update-category/${category.id}`, {}, admin), {
      id: category.id,
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      success: true,
      category: { _id: category.id, name: category.name, slug: category.slug },
    });
  });

  it("renames and deletes by id: 400 malformed, 404 unknown, 409 in use", async () => {
    const category = await newCategory();
    const path = (id: string) => `/api/v1/category/update-category/${encodeURIComponent(id)}`;
    const renamed = await call(updateCategoryApi, jsonRequest("PUT", path(category.id), { name: `Renamed ${tag()}` }, admin), {
      id: category.id,
    });
    expect(renamed.status).toBe(200);
    expect(await renamed.json()).toMatchObject({ success: true, category: { _id: category.id } });
    expect((await call(updateCategoryApi, jsonRequest("PUT", path("../x"), { name: "A" }, admin), { id: "../x" })).status).toBe(400);
    expect(
      (
        await call(updateCategoryApi, jsonRequest("PUT", path("c000000000000000000000000"), { name: "A" }, admin), {
          id: "c000000000000000000000000",
        })
      ).status,
    ).toBe(404);

    await newProduct({ category: category.id });
    const inUse = await call(
      deleteCategoryApi,
      jsonRequest("DELETE", `/api/v1/category/delete-category/${category.id}`, undefined, admin),
      { id: category.id },
    );
    expect(inUse.status).toBe(409);
    const empty = await newCategory();
    const deleted = await call(deleteCategoryApi, jsonRequest("DELETE", `/api/v1/category/delete-category/${empty.id}`, undefined, admin), {
      id: empty.id,
    });
    expect(deleted.status).toBe(200);
    expect(await deleted.json()).toMatchObject({ success: true, message: expect.any(String) });
    expect(
      (
        await call(
          deleteCategoryApi,
          jsonRequest("DELETE", `/api/v1/category/delete-category/${encodeURIComponent(empty.id)}`, undefined, admin),
          { id: empty.id },
        )
      ).status,
    ).toBe(404);
    expect(
      (
        await call(
          deleteCategoryApi,
          jsonRequest("DELETE", `/api/v1/category/delete-category/${encodeURIComponent("'; drop")}`, undefined, admin),
          { id: "'; drop" },
        )
      ).status,
    ).toBe(400);
  });
});

describe("admin API: products", () => {
  it("creates from multipart (201) with the spec's fields, shipping stored", async () => {
    const category = await newCategory();
    const name = `Api Lamp ${tag()}`;
    const response = await call(
      createProductApi,
      multipartRequest(
        "POST",
        "/api/v1/product/create-product",
        { name, description: "Bright", price: "12.50", quantity: "3", category: category.id, shipping: "1", photo: photoFile(await png()) },
        admin,
      ),
    );
    expect(response.status).toBe(201);
    const body = await response.json();
    expect(body).toMatchObject({
      success: true,
      message: "Product Created Successfully",
      products: {
        _id: expect.any(String),
        name,
        slug: expect.any(String),
        price: 12.5,
        quantity: 3,
        shipping: 1,
        category: { _id: category.id, name: category.name },
      },
    });
    expect(await db.productPhoto.count({ where: { productId: body.products._id } })).toBe(1);
  });

  it("refuses a fake image (400), an oversized one (413) and JSON (415), saving nothing", async () => {
    const category = await newCategory();
    const before = await db.product.count();
    const fields = { name: `Nope ${tag()}`, description: "d", price: "1", quantity: "1", category: category.id };
    const fake = await call(
      createProductApi,
      multipartRequest(
        "POST",
        "/api/v1/product/create-product",
        { ...fields, photo: photoFile(new TextEncoder().encode("hello"), "a.png") },
        admin,
      ),
    );
    expect(fake.status).toBe(400);
    expect(await fake.json()).toMatchObject({ success: false, errors: { photo: expect.any(String) } });
    const huge = new Uint8Array(6 * 1024 * 1024);
    huge.set(await png());
    const big = await call(
      createProductApi,
      multipartRequest("POST", "/api/v1/product/create-product", { ...fields, photo: photoFile(huge) }, admin),
    );
    expect(big.status).toBe(413);
    expect(await big.json()).toMatchObject({ success: false, message: expect.stringContaining("5 MB") });
    const json = await call(createProductApi, jsonRequest("POST", "/api/v1/product/create-product", fields, admin));
    expect(json.status).toBe(415);
    const invalid = await call(
      createProductApi,
      multipartRequest("POST", "/api/v1/product/create-product", { ...fields, price: "-3" }, admin),
    );
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toMatchObject({ success: false, errors: { price: expect.any(String) } });
    expect(await db.product.count()).toBe(before);
  });

  it("an update keeps every field it leaves out: shipping, photo, category, quantity, ...", async () => {
    const product = await newProduct({ shipping: "1", photo: photoFile(await png()) });
    const etag = (await db.productPhoto.findUniqueOrThrow({ where: { productId: product.id } })).etag;
    const response = await call(
      updateProductApi,
      multipartRequest(
        "PUT",
        `/api/v1/product/update-product/${encodeURIComponent(product.id)}`,
        { description: "Only this changes" },
        admin,
      ),
      { id: product.id },
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      success: true,
      products: {
        _id: product.id,
        name: product.name,
        slug: product.slug,
        description: "Only this changes",
        price: 19.99,
        quantity: 5,
        shipping: 1,
        category: { _id: product.category.id },
      },
    });
    expect((await db.productPhoto.findUniqueOrThrow({ where: { productId: product.id } })).etag).toBe(etag);
  });

  it("updates (photo only when sent) and deletes (admin only): 400 malformed, 404 unknown", async () => {
    const product = await newProduct({ photo: photoFile(await png()) });
    const etag = (await db.productPhoto.findUniqueOrThrow({ where: { productId: product.id } })).etag;
    const fields = {
      name: product.name,
      description: "New text",
      price: "30",
      quantity: "9",
      category: product.category.id,
      shipping: "no",
    };
    const updated = await call(
      updateProductApi,
      multipartRequest("PUT", `/api/v1/product/update-product/${encodeURIComponent(product.id)}`, fields, admin),
      { id: product.id },
    );
    expect(updated.status).toBe(200);
    expect(await updated.json()).toMatchObject({
      success: true,
      products: { _id: product.id, price: 30, quantity: 9, shipping: 0, slug: product.slug },
    });
    expect((await db.productPhoto.findUniqueOrThrow({ where: { productId: product.id } })).etag).toBe(etag);
    expect(
      (
        await call(
          updateProductApi,
          multipartRequest("PUT", `/api/v1/product/update-product/${encodeURIComponent("nope!")}`, fields, admin),
          { id: "nope!" },
        )
      ).status,
    ).toBe(400);
    expect(
      (
        await call(
          updateProductApi,
          multipartRequest("PUT", `/api/v1/product/update-product/${encodeURIComponent("c000000000000000000000000")}`, fields, admin),
          { id: "c000000000000000000000000" },
        )
      ).status,
    ).toBe(404);

    const deleted = await call(
      deleteProductApi,
      jsonRequest("DELETE", `/api/v1/product/delete-product/${encodeURIComponent(product.id)}`, undefined, admin),
      { id: product.id },
    );
    expect(deleted.status).toBe(200);
    expect(await deleted.json()).toMatchObject({ success: true });
    expect(
      (
        await call(
          deleteProductApi,
          jsonRequest("DELETE", `/api/v1/product/delete-product/${encodeURIComponent(product.id)}`, undefined, admin),
          { id: product.id },
        )
      ).status,
    ).toBe(404);
  });
});

describe("orders: status changes", () => {
  it("lists every order for the admin, newest first, in the spec's shape", async () => {
    const order = await newOrder();
    const response = await call(allOrdersApi, jsonRequest("GET", "/api/v1/user/all-orders", undefined, admin));
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(Array.isArray(body)).toBe(true);
    expect(body[0]).toMatchObject({
      _id: order.id,
      status: "Not Process",
      buyer: { name: expect.any(String) },
      payment: { success: true },
      products: [{ name: "Thing", price: 5, quantity: 1 }],
    });
  });

  it("returns every order without ?page (as the spec's client expects) and pages of 25 with it", async () => {
    for (let i = 0; i < 27; i++) await newOrder();
    const total = await db.order.count();
    const all = await call(allOrdersApi, jsonRequest("GET", "/api/v1/user/all-orders", undefined, admin));
    expect((await all.json()).length).toBe(total);
    expect(all.headers.get("X-Total-Count")).toBe(String(total));
    expect(all.headers.get("Link")).toBeNull();
    const first = await call(allOrdersApi, jsonRequest("GET", "/api/v1/user/all-orders?page=1", undefined, admin));
    expect((await first.json()).length).toBe(25);
    expect(first.headers.get("Link")).toBe('</api/v1/user/all-orders?page=2>; rel="next"');
    const second = await call(allOrdersApi, jsonRequest("GET", "/api/v1/user/all-orders?page=2", undefined, admin));
    expect((await second.json()).length).toBe(Math.min(25, total - 25));
  });

  it("accepts only the seven statuses", async () => {
    const order = await newOrder();
    // Refunded already: Cancel on a paid order that still holds money is refused (tests/integration/refunds.test.ts).
    await db.order.update({ where: { id: order.id }, data: { paymentStatus: "REFUNDED", refundedCents: order.totalCents } });
    const put = (status: unknown, id = order.id) =>
      call(orderStatusApi, jsonRequest("PUT", `/api/v1/user/order-status/${encodeURIComponent(id)}`, { status }, admin), { orderId: id });
    for (const status of ["Not Process", "Processing", "Shipped", "Dispatched", "Out for Delivery", "Delivered", "Cancel"]) {
      const response = await put(status);
      expect(response.status, status).toBe(200);
      expect(await response.json()).toMatchObject({ _id: order.id, status });
    }
    for (const status of ["Lost", "shipped", "", null, 3, ["Shipped"], "<script>"]) {
      const response = await put(status);
      expect(response.status, String(status)).toBe(400);
    }
    expect((await db.order.findUniqueOrThrow({ where: { id: order.id } })).status).toBe("CANCEL");
    expect((await put("Shipped", "c000000000000000000000000")).status).toBe(404);
    expect((await put("Shipped", "bad id")).status).toBe(400);
  });

  it("the orders screen's action sets a status, and refuses anything else", async () => {
    const order = await newOrder();
    const ok = await respond(
      ordersPageAction as RouteFn,
      await pageRequest("/dashboard/admin/orders", { orderId: order.id, status: "SHIPPED" }, admin),
    );
    expect(ok.status).toBe(302);
    expect((await db.order.findUniqueOrThrow({ where: { id: order.id } })).status).toBe("SHIPPED");
    const bad = await respond(
      ordersPageAction as RouteFn,
      await pageRequest("/dashboard/admin/orders", { orderId: order.id, status: "LOST" }, admin),
    );
    expect(bad.status).toBe(302);
    expect((await db.order.findUniqueOrThrow({ where: { id: order.id } })).status).toBe("SHIPPED");
  });
});

describe("admin screens' actions", () => {
  it("refuse visitors and users (guard response) and cross-site posts, changing nothing", async () => {
    const order = await newOrder();
    const name = `Sneaky ${tag()}`;
    for (const caller of [visitor, user]) {
      const response = await respond(
        categoryPageAction as RouteFn,
        await pageRequest("/dashboard/admin/create-category", { intent: "create", name }, caller),
      );
      expect(response.status).toBe(caller === visitor ? 401 : 403);
      expect(await response.json()).toMatchObject({ guard: true });
      const status = await respond(
        ordersPageAction as RouteFn,
        await pageRequest("/dashboard/admin/orders", { orderId: order.id, status: "CANCEL" }, caller),
      );
      expect(status.status).toBe(caller === visitor ? 401 : 403);
      const loader = await respond(
        categoryPageLoader as RouteFn,
        new Request(`${BASE}/dashboard/admin/create-category`, { headers: caller.token ? { Cookie: await cookieFor(caller) } : {} }),
      );
      expect(loader.status).toBe(caller === visitor ? 401 : 403);
    }
    const crossSite = await respond(
      categoryPageAction as RouteFn,
      await pageRequest("/dashboard/admin/create-category", { intent: "create", name }, admin, { Origin: "https://evil.example" }),
    );
    expect(crossSite.status).toBe(403);
    expect(await db.category.findFirst({ where: { name } })).toBeNull();
    expect((await db.order.findUniqueOrThrow({ where: { id: order.id } })).status).toBe("NOT_PROCESS");
  });

  it("create-category: toast redirect on success, inline error with the value kept on failure", async () => {
    const name = `Screen Cat ${tag()}`;
    const created = await respond(
      categoryPageAction as RouteFn,
      await pageRequest("/dashboard/admin/create-category", { intent: "create", name }, admin),
    );
    expect(created.status).toBe(302);
    expect(created.headers.get("Set-Cookie")).toContain("toast");
    const dup = await respond(
      categoryPageAction as RouteFn,
      await pageRequest("/dashboard/admin/create-category", { intent: "create", name: ` ${name} ` }, admin),
    );
    expect(dup.status).toBe(409);
    expect(await dup.json()).toMatchObject({
      intent: "create",
      errors: { name: expect.stringContaining("already exists") },
      values: { name: ` ${name} ` },
    });
  });

  it("product update form: its Shipping No is a deliberate No, and an empty photo input keeps the photo", async () => {
    const product = await newProduct({ shipping: "1", photo: photoFile(await png()) });
    const etag = (await db.productPhoto.findUniqueOrThrow({ where: { productId: product.id } })).etag;
    // Every field, as the form sends it: the <select> always sends shipping, the file input an empty part.
    const form = new FormData();
    for (const [key, value] of Object.entries({
      category: product.category.id,
      name: product.name,
      description: "Edited on the screen",
      price: "19.99",
      quantity: "5",
      shipping: "0",
    })) {
      form.append(key, value);
    }
    form.append("photo", new File([], "", { type: "application/octet-stream" }));
    const request = new Request(`${BASE}/dashboard/admin/product/${product.slug}`, {
      method: "POST",
      headers: { Origin: BASE, Cookie: await cookieFor(admin) },
      body: form,
    });
    const response = await respond(updateProductPageAction as RouteFn, request, { slug: product.slug });
    expect(response.status).toBe(302);
    expect(await db.product.findUniqueOrThrow({ where: { id: product.id } })).toMatchObject({
      description: "Edited on the screen",
      shipping: false,
    });
    expect((await db.productPhoto.findUniqueOrThrow({ where: { productId: product.id } })).etag).toBe(etag);
  });

  it("create-product: multipart form with a fake photo gives inline errors, values kept, nothing saved", async () => {
    const category = await newCategory();
    const name = `Form Lamp ${tag()}`;
    const form = new FormData();
    for (const [key, value] of Object.entries({ name, description: "d", price: "2", quantity: "1", category: category.id, shipping: "1" }))
      form.append(key, value);
    form.append("photo", photoFile(new TextEncoder().encode("I am text"), "x.png"));
    const request = new Request(`${BASE}/dashboard/admin/create-product`, {
      method: "POST",
      headers: { Origin: BASE, Cookie: await cookieFor(admin) },
      body: form,
    });
    const response = await respond(createProductPageAction as RouteFn, request);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      errors: { photo: expect.any(String) },
      values: { name, price: "2", category: category.id },
    });
    expect(await db.product.findFirst({ where: { name } })).toBeNull();
  });
});
