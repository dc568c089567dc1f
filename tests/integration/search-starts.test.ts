// Where a search's matches start in their order is kept until the catalogue
// changes (app/domain/catalog/search.server.ts, tierStarts): the next request
// walks from there. The answers must be exactly those of a search that sorts
// every match, before and after any change that could move a match ahead.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { listenForCatalogChanges, type CatalogListener } from "../../server/cache/catalog-listener";
import { createCategory } from "~/domain/catalog/category.server";
import { createProduct } from "~/domain/catalog/product.server";
import { searchProducts } from "~/domain/catalog/search.server";
import type { SortId } from "~/domain/catalog/catalog";
import { catalogBarrier, listingCachesUsable } from "~/utils/catalog-bus";
import { db } from "~/utils/db.server";
import { statementsDuring } from "../fixtures/statements";

let listener: CatalogListener;

beforeAll(async () => {
  listener = listenForCatalogChanges(process.env.DATABASE_URL!);
  await listener.ready;
});

afterAll(async () => {
  await listener?.stop();
});

const word = `qz${randomBytes(3).toString("hex")}`;
let categoryId: string;

async function product(name: string, price: string, description = "Plain.") {
  const made = await createProduct({ name, description, price, quantity: "2", shipping: "1", category: categoryId });
  if (!made.ok) throw new Error(made.message);
  return made.product;
}

/** Every match sorted (budget 0: no walk, no kept start), the reference answer. */
const sortedInFull = async (sort: SortId | null, page = 1) =>
  (await searchProducts(word, { sort, page, mode: "page", pageSize: 4, budget: 0 })).products.map((p) => p.name);
const withStarts = async (sort: SortId | null, page = 1) =>
  (await searchProducts(word, { sort, page, mode: "page", pageSize: 4 })).products.map((p) => p.name);

const settled = async () => {
  await catalogBarrier();
  await vi.waitFor(() => expect(listingCachesUsable()).toBe(true));
};

describe("where a search's matches start", () => {
  beforeAll(async () => {
    const made = await createCategory({ name: `Starts ${randomBytes(3).toString("hex")}` });
    if (!made.ok) throw new Error(made.message);
    categoryId = made.category.id;
    // The word's matches are bunched at the end of the name order, as a brand's are.
    for (let i = 0; i < 6; i++) await product(`Zz ${word} lamp ${i}`, `${10 + i}.00`);
    await product(`Mid lamp`, "5.00", `Also a ${word}, in the description only.`);
    await settled();
  });

  it("answers exactly what sorting every match answers, in every order and page, and walks from the kept start", async () => {
    for (const sort of [null, "name", "price-asc", "price-desc", "newest"] as const) {
      for (const page of [1, 2, 3]) {
        const expected = await sortedInFull(sort, page);
        expect(await withStarts(sort, page), `${sort} page ${page}`).toEqual(expected);
        expect(await withStarts(sort, page), `${sort} page ${page}, again`).toEqual(expected);
      }
    }
    // A window not read before (pages of 3): its statement walks from the kept start.
    const sent = await statementsDuring(() => searchProducts(word, { sort: "name", page: 2, mode: "page", pageSize: 3 }));
    const search = sent.find(({ text }) => text.includes('"searchTier"'))?.text;
    expect(search).toMatch(/\(p\.name, p\.id\) >= \(/);
  });

  it("keeps which products a window holds, and reads their rows again by id: stock and a removed product show at once", async () => {
    const expected = await sortedInFull("price-asc", 1);
    expect(await withStarts("price-asc", 1)).toEqual(expected);
    // Kept: one statement, by primary key, no walk and no tiers.
    const again = await statementsDuring(async () => expect(await withStarts("price-asc", 1)).toEqual(expected));
    expect(again).toHaveLength(1);
    expect(again[0].text).toContain("p.id = ANY(");
    expect(again[0].text).not.toContain('"searchTier"');
    // Stock is no listing change: the window stays kept, its rows say the new quantity.
    const first = await db.product.findFirstOrThrow({ where: { name: expected[0] } });
    await db.product.update({ where: { id: first.id }, data: { quantity: 17 } });
    const kept = await searchProducts(word, { sort: "price-asc", page: 1, mode: "page", pageSize: 4 });
    expect(kept.products[0]).toMatchObject({ name: expected[0], quantity: 17 });
    // A product gone before the change reaches this process: the window is read again, not shown short.
    const gone = await db.product.findFirstOrThrow({ where: { name: expected[1] } });
    await db.product.delete({ where: { id: gone.id } });
    expect(await withStarts("price-asc", 1)).toEqual(await sortedInFull("price-asc", 1));
    expect(await withStarts("price-asc", 1)).not.toContain(expected[1]);
    await settled();
    expect(await withStarts("price-asc", 1)).toEqual(await sortedInFull("price-asc", 1));
  });

  it("a change that puts a match ahead of the kept start is found at once", async () => {
    expect((await withStarts("name"))[0]).toMatch(/^Mid lamp|^Zz/);
    await product(`Aa ${word} first`, "99.00");
    await settled();
    expect((await withStarts("name"))[0]).toBe(`Aa ${word} first`);
    expect(await withStarts("name")).toEqual(await sortedInFull("name"));
    // Cheaper than every other match: first by price.
    const cheap = await db.product.findFirstOrThrow({ where: { name: `Aa ${word} first` } });
    await withStarts("price-asc");
    await db.product.update({ where: { id: cheap.id }, data: { priceCents: 1 } });
    await settled();
    expect((await withStarts("price-asc"))[0]).toBe(`Aa ${word} first`);
  });

  it("a variant given the keyword as its SKU makes its product a match at once", async () => {
    const other = await product("Unrelated thing", "3.00");
    const sku = `${word}-sku`;
    expect(await withStarts(null)).not.toContain("Unrelated thing");
    const before = await searchProducts(sku, { mode: "page", pageSize: 4 });
    expect(before.products).toEqual([]);
    await db.product.update({ where: { id: other.id }, data: { options: [{ name: "Size", values: ["M"] }] } });
    await db.productVariant.create({
      data: { productId: other.id, sku, title: "M", options: { Size: "M" }, position: 0, priceCents: 300, quantity: 1 },
    });
    await settled();
    const after = await searchProducts(sku, { mode: "page", pageSize: 4 });
    expect(after.products.map((p) => p.name)).toEqual(["Unrelated thing"]);
    expect(after.total).toBe(1);
  });
});
