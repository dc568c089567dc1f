// Suggestions as people type (app/domain/catalog/suggest.server.ts): the
// header's resource route /search/suggest and the API's
// GET /api/v1/product/suggest, whose answers are checked against the contract.
import { beforeAll, describe, expect, it } from "vitest";
import { suggest, SUGGESTED_CATEGORIES, SUGGESTED_PRODUCTS } from "~/domain/catalog/suggest.server";
import { loader as suggestLoader } from "~/routes/search_.suggest";
import { createCategory, createProduct, tag } from "../fixtures/integration";
import { dispatch } from "./api-harness";

const t = tag()
  .replace(/[^a-z0-9]/gi, "")
  .toLowerCase();
const word = `plumbob${t}`;

describe("suggestions", () => {
  let categoryId: string;
  beforeAll(async () => {
    categoryId = (await createCategory(`Plumbobbery ${t}`)).id;
    await createProduct({ categoryId, name: `${word} Lamp`, description: "Bright.", priceCents: 2500, photo: true });
    for (let i = 0; i < 8; i++) await createProduct({ categoryId, name: `${word} Chair ${i}`, description: "Seat." });
    await createProduct({ categoryId, name: `Stool ${t}`, description: "Plain." });
  });

  it("suggests products by relevance as the last word is typed, and the categories that hold the words", async () => {
    const found = await suggest(word.slice(0, -2));
    expect(found.products).toHaveLength(SUGGESTED_PRODUCTS);
    expect(found.products.every((p) => p.name.startsWith(word))).toBe(true);
    const exact = await suggest(`${word} lamp`);
    expect(exact.products[0]).toMatchObject({ name: `${word} Lamp`, priceCents: 2500, price: 25 });
    expect(exact.products[0].photo).toMatch(/^\/api\/v1\/product\/product-photo\/.+size=thumb/);
    const categories = await suggest(`plumbobb`);
    expect(categories.categories.map((c) => c.name)).toContain(`Plumbobbery ${t}`);
    expect(categories.categories.length).toBeLessThanOrEqual(SUGGESTED_CATEGORIES);
    expect(await suggest("")).toMatchObject({ products: [], categories: [] });
    expect(await suggest("%")).toMatchObject({ categories: [] });
  });

  it("forgives a typo as the results page does", async () => {
    const found = await suggest(`stoool ${t}`);
    expect(found.products.map((p) => p.name)).toEqual([`Stool ${t}`]);
  });

  it("answers the header's resource route with formatted prices", async () => {
    const response = await suggestLoader({
      request: new Request(`http://shop.test/search/suggest?keyword=${encodeURIComponent(`${word} lamp`)}`),
      params: {},
      context: {},
    });
    const body = await (response as Response).json();
    expect(body.products[0]).toMatchObject({ name: `${word} Lamp`, price: "$25.00", slug: expect.any(String) });
  });

  it("answers GET /api/v1/product/suggest in the declared shape", async () => {
    const response = await dispatch(new Request(`http://shop.test/api/v1/product/suggest?keyword=${encodeURIComponent(`${word} lamp`)}`));
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.products[0]).toMatchObject({ name: `${word} Lamp`, price: 25 });
    expect(Object.keys(body.products[0]).sort()).toEqual(["_id", "name", "photo", "price", "slug"]);
    expect(body.categories).toEqual([]);
    const byCategory = await dispatch(new Request(`http://shop.test/api/v1/product/suggest?keyword=plumbobbery%20${t}`));
    expect((await byCategory.json()).categories).toEqual([{ _id: categoryId, name: `Plumbobbery ${t}`, slug: expect.any(String) }]);
    const empty = await dispatch(new Request("http://shop.test/api/v1/product/suggest"));
    expect(await empty.json()).toEqual({ products: [], categories: [] });
  });
});
