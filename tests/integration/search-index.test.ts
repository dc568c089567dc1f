// The search index (migration 20261128100000_search_index,
// app/domain/catalog/search.server.ts and search-correction.server.ts):
// stems, folded accents, category and option values, the exact name first, a
// prefix of the last word, and the index kept current by triggers whatever
// writes the catalogue.
import { beforeAll, describe, expect, it } from "vitest";
import { searchProducts } from "~/domain/catalog/search.server";
import { replaceVariants } from "~/domain/catalog/variants/variants.server";
import { db } from "~/utils/db.server";
import { createCategory, createProduct, tag } from "../fixtures/integration";

const t = tag()
  .replace(/[^a-z0-9]/gi, "")
  .toLowerCase();
const namesFor = async (keyword: string) => (await searchProducts(keyword, { mode: "page", pageSize: 100 })).products.map((p) => p.name);
const matches = async (productId: string, query: string) => {
  const rows = await db.$queryRaw<{ hit: boolean }[]>`
    SELECT "searchVector" @@ to_tsquery('english', search_unaccent(${query})) AS hit FROM "Product" WHERE id = ${productId}`;
  return rows[0]?.hit;
};
/** Whether the product's document holds this lexeme as it is (a SKU is one lexeme, lower case). */
const holds = async (productId: string, lexeme: string) => {
  const rows = await db.$queryRaw<{ hit: boolean }[]>`
    SELECT tsvector_to_array("searchVector") @> ARRAY[${lexeme}]::text[] AS hit FROM "Product" WHERE id = ${productId}`;
  return rows[0]?.hit;
};

describe("the search index", () => {
  let categoryId: string;
  beforeAll(async () => {
    categoryId = (await createCategory(`Index Goods ${t}`)).id;
  });

  it("folds accents both ways: cafe finds Café, café finds Cafe", async () => {
    await createProduct({ categoryId, name: `Café Crème Mug ${t}`, description: "Stoneware." });
    await createProduct({ categoryId, name: `Cafe Tray ${t}`, description: "Tin." });
    expect(await namesFor(`cafe creme ${t}`)).toEqual([`Café Crème Mug ${t}`]);
    expect((await namesFor(`café ${t}`)).sort()).toEqual([`Cafe Tray ${t}`, `Café Crème Mug ${t}`].sort());
    // The last word as people type it: a prefix.
    expect(await namesFor(`${t} cafe cre`)).toEqual([`Café Crème Mug ${t}`]);
  });

  it("matches singular and plural", async () => {
    await createProduct({ categoryId, name: `Zorblamp ${t}`, description: "A lamp." });
    await createProduct({ categoryId, name: `Quaffles ${t}`, description: "Plenty." });
    expect(await namesFor(`zorblamps ${t}`)).toEqual([`Zorblamp ${t}`]);
    expect(await namesFor(`quaffle ${t}`)).toEqual([`Quaffles ${t}`]);
  });

  it("puts the product named exactly so first, then names holding every word, then the rest", async () => {
    const old = new Date(Date.UTC(2024, 0, 1));
    await createProduct({ categoryId, name: `Glowbar ${t}`, description: "The plain one.", createdAt: old });
    await createProduct({ categoryId, name: `Glowbar ${t} Deluxe`, description: "Newer." });
    await createProduct({ categoryId, name: `Shelf ${t}`, description: "Holds a glowbar." });
    expect(await namesFor(`glowbar ${t}`)).toEqual([`Glowbar ${t}`, `Glowbar ${t} Deluxe`, `Shelf ${t}`]);
    expect(await namesFor(`GLÔWBAR ${t}`)).toEqual([`Glowbar ${t}`, `Glowbar ${t} Deluxe`, `Shelf ${t}`]);
  });

  it("finds by category and option values; the index follows product, variant and category changes", async () => {
    const category = await createCategory(`Snorkelry ${t}`);
    const product = await createProduct({ categoryId: category.id, name: `Mask ${t}`, description: "For the sea." });
    expect(await namesFor(`snorkelry ${t}`)).toEqual([`Mask ${t}`]);

    await db.category.update({ where: { id: category.id }, data: { name: `Divewear ${t}` } });
    expect(await namesFor(`divewear ${t}`)).toEqual([`Mask ${t}`]);
    expect(await namesFor(`snorkelry ${t}`)).toEqual([]);

    await db.product.update({ where: { id: product.id }, data: { name: `Visor ${t}` } });
    expect(await namesFor(`visor ${t}`)).toEqual([`Visor ${t}`]);
    expect(await matches(product.id, "mask")).toBe(false);

    const sku = `VIS-${t}-VERM`.toUpperCase();
    const saved = await replaceVariants(product.id, {
      options: [{ name: "Colour", values: ["Vermilion"] }],
      variants: [{ sku, options: { Colour: "Vermilion" }, price: "12.00", quantity: 2 }],
    });
    expect(saved.ok).toBe(true);
    expect(await namesFor(`vermilion ${t}`)).toEqual([`Visor ${t}`]);
    expect(await holds(product.id, sku.toLowerCase())).toBe(true);
    expect((await searchProducts(sku.toLowerCase())).products.map((p) => p.name)).toEqual([`Visor ${t}`]);

    await db.productVariant.updateMany({ where: { productId: product.id }, data: { sku: `${sku}-X` } });
    expect(await holds(product.id, sku.toLowerCase())).toBe(false);
    expect(await holds(product.id, `${sku.toLowerCase()}-x`)).toBe(true);
  });
});
