// Facets on search results and category pages (app/domain/catalog/facets.server.ts):
// each value's count is what the page shows when it is chosen, options match
// by a variant on sale (in stock when asked), a value that gives nothing is
// never offered, and facets combine with the keyword, the sort and each other.
import { beforeAll, describe, expect, it } from "vitest";
import { getCategoryPage } from "~/domain/catalog/category-page.server";
import { NO_FACETS, type FacetChoice, type Facets } from "~/domain/catalog/facets";
import { searchPage, type SearchPageInput } from "~/domain/catalog/search-page.server";
import { db } from "~/utils/db.server";
import { createCategory, createProduct, tag } from "../fixtures/integration";

const t = tag().toLowerCase();

type Variant = { size: string; colour: string; dollars: number; quantity: number; archived?: boolean };

async function productWith(categoryId: string, name: string, variants: Variant[], simple?: { dollars: number; quantity: number }) {
  const product = await createProduct({
    categoryId,
    name: `${name} ${t}`,
    priceCents: Math.round((simple?.dollars ?? 1) * 100),
    quantity: simple?.quantity ?? 0,
  });
  if (!variants.length) return product;
  const sizes = [...new Set(variants.map((v) => v.size))];
  const colours = [...new Set(variants.map((v) => v.colour))];
  await db.product.update({
    where: { id: product.id },
    data: {
      options: [
        { name: "Size", values: sizes },
        { name: "Colour", values: colours },
      ],
    },
  });
  let position = 0;
  for (const v of variants) {
    await db.productVariant.create({
      data: {
        productId: product.id,
        sku: `${t}-${name}-${v.size}-${v.colour}`.toUpperCase().replace(/\s+/g, "-"),
        title: `${v.size} / ${v.colour}`,
        options: { Size: v.size, Colour: v.colour },
        position: position++,
        priceCents: v.dollars * 100,
        quantity: v.quantity,
        archivedAt: v.archived ? new Date() : null,
      },
    });
  }
  return product;
}

const search = (overrides: Partial<SearchPageInput> = {}) =>
  searchPage({ keyword: t, page: 1, sort: null, exact: false, categoryIds: [], price: null, facets: NO_FACETS, ...overrides });
const names = (products: { name: string }[]) => products.map((p) => p.name.replace(` ${t}`, "")).sort();
const choice = (options: Record<string, string[]>, inStock = false): FacetChoice => ({ options, inStock });
const option = (facets: Facets, name: string) =>
  Object.fromEntries((facets.options.find((g) => g.name === name)?.values ?? []).map((v) => [v.value, v.count]));

describe("facets", () => {
  let tees: { id: string; slug: string };
  let mugs: { id: string; slug: string };
  beforeAll(async () => {
    tees = await createCategory(`Tees ${t}`);
    mugs = await createCategory(`Mugs ${t}`);
    // Alpha: S / Red in stock, M / Red sold out, M / Blue in stock.
    await productWith(tees.id, "Alpha", [
      { size: "S", colour: "Red", dollars: 20, quantity: 2 },
      { size: "M", colour: "Red", dollars: 20, quantity: 0 },
      { size: "M", colour: "Blue", dollars: 22, quantity: 3 },
    ]);
    // Beta: M / Red in stock, L / Blue sold out.
    await productWith(tees.id, "Beta", [
      { size: "M", colour: "Red", dollars: 45, quantity: 1 },
      { size: "L", colour: "Blue", dollars: 45, quantity: 0 },
    ]);
    // Epsilon: S / Blue in stock; its M / Red is archived (not on sale).
    await productWith(tees.id, "Epsilon", [
      { size: "S", colour: "Blue", dollars: 25, quantity: 4 },
      { size: "M", colour: "Red", dollars: 25, quantity: 5, archived: true },
    ]);
    // Gamma and Delta: no options; Gamma in stock, Delta not.
    await productWith(tees.id, "Gamma", [], { dollars: 15, quantity: 5 });
    await productWith(mugs.id, "Delta", [], { dollars: 90, quantity: 0 });
  });

  it("counts each option's values over the variants on sale, and what is in stock", async () => {
    const page = await search();
    expect(page.total).toBe(5);
    expect(option(page.facets, "Size")).toEqual({ S: 2, M: 2, L: 1 });
    expect(option(page.facets, "Colour")).toEqual({ Red: 2, Blue: 3 });
    // In the order products declare them.
    expect(page.facets.options.map((g) => g.name)).toEqual(["Size", "Colour"]);
    expect(page.facets.options[0].values.map((v) => v.value)).toEqual(["S", "M", "L"]);
    expect(page.facets.inStock).toEqual({ count: 4, selected: false });
    expect(page.facets.categories?.map((c) => [c.label, c.count])).toEqual([
      [`Mugs ${t}`, 1],
      [`Tees ${t}`, 4],
    ]);
    expect(Object.fromEntries(page.facets.prices.map((b) => [b.value, b.count]))).toEqual({
      "0-19": 1,
      "20-39": 2,
      "40-59": 1,
      "80-99": 1,
    });
  });

  it("finds products by a variant's value, and in stock only by that variant's stock", async () => {
    expect(names((await search({ facets: choice({ Size: ["M"] }) })).products)).toEqual(["Alpha", "Beta"]);
    // Alpha's M / Red is sold out, but its M / Blue is not; Beta's M / Red is in stock.
    const mInStock = await search({ facets: choice({ Size: ["M"] }, true) });
    expect(names(mInStock.products)).toEqual(["Alpha", "Beta"]);
    // One variant must have both: Alpha's M / Red is sold out.
    expect(names((await search({ facets: choice({ Size: ["M"], Colour: ["Red"] }, true) })).products)).toEqual(["Beta"]);
    expect(names((await search({ facets: choice({ Size: ["M"], Colour: ["Red"] }) })).products)).toEqual(["Alpha", "Beta"]);
    // Several values of one option: any of them.
    expect(names((await search({ facets: choice({ Size: ["S", "L"] }) })).products)).toEqual(["Alpha", "Beta", "Epsilon"]);
    // In stock only, alone: products without options by their own stock.
    expect(names((await search({ facets: choice({}, true) })).products)).toEqual(["Alpha", "Beta", "Epsilon", "Gamma"]);
    // An archived variant is not on sale: Epsilon is not in M.
    expect(names((await search({ facets: choice({ Size: ["M"] }) })).products)).not.toContain("Epsilon");
  });

  it("counts a facet's values with every other facet applied, and never offers a value that gives nothing", async () => {
    const page = await search({ facets: choice({ Size: ["M"] }, true) });
    // Size's own counts ignore the Size choice but keep In stock only: Beta's L / Blue is sold out.
    expect(option(page.facets, "Size")).toEqual({ S: 2, M: 2 });
    expect(option(page.facets, "Colour")).toEqual({ Red: 1, Blue: 1 });
    expect(page.facets.inStock).toEqual({ count: 2, selected: true });
    for (const group of page.facets.options)
      for (const value of group.values) expect(value.count, `${group.name} ${value.value}`).toBeGreaterThan(0);
    expect(page.facets.options[0].values.find((v) => v.value === "M")?.selected).toBe(true);
    // A chosen value that gives nothing still shows, checked, to be taken off.
    const none = await search({ facets: choice({ Size: ["L"] }, true) });
    expect(none.total).toBe(0);
    expect(none.facets.options[0].values.find((v) => v.value === "L")).toMatchObject({ count: 0, selected: true });
  });

  it("shows as many products as a value's count when that value is chosen", async () => {
    const starts: FacetChoice[] = [NO_FACETS, choice({ Size: ["M"] }), choice({}, true), choice({ Colour: ["Blue"] }, true)];
    for (const start of starts) {
      const page = await search({ facets: start });
      expect(page.total, `the count for ${JSON.stringify(start)}`).toBe(page.products.length);
      for (const group of page.facets.options) {
        for (const value of group.values) {
          // The count of a value is what choosing it (alone among its option's values) shows.
          const applied = await search({ facets: { ...start, options: { ...start.options, [group.name]: [value.value] } } });
          expect(applied.total, `${JSON.stringify(start)} + ${group.name}=${value.value}`).toBe(value.count);
        }
      }
      const inStock = await search({ facets: { ...start, inStock: true } });
      expect(inStock.total, `${JSON.stringify(start)} + in stock`).toBe(page.facets.inStock.count);
      for (const category of page.facets.categories ?? []) {
        const applied = await search({ facets: start, categoryIds: [category.value] });
        expect(applied.total, `${JSON.stringify(start)} + category ${category.label}`).toBe(category.count);
      }
    }
  });

  it("combines with the keyword, the price band and the sort", async () => {
    const byPrice = await search({ facets: choice({ Colour: ["Blue"] }), sort: "price-desc" });
    expect(byPrice.products.map((p) => p.name.replace(` ${t}`, ""))).toEqual(["Beta", "Epsilon", "Alpha"]);
    const band = { minCents: 2000, maxCents: 4000 };
    const banded = await search({ facets: choice({ Colour: ["Blue"] }), price: band, sort: "price-asc" });
    expect(banded.products.map((p) => p.name.replace(` ${t}`, ""))).toEqual(["Alpha", "Epsilon"]);
    expect(banded.facets.prices.find((b) => b.value === "20-39")).toMatchObject({ count: 2, selected: true });
    expect(option(banded.facets, "Size")).toEqual({ S: 1, M: 1 });
    // Another word of the keyword narrows the facets with it.
    const alpha = await search({ keyword: `alpha ${t}` });
    expect(alpha.total).toBe(1);
    expect(option(alpha.facets, "Size")).toEqual({ S: 1, M: 1 });
    expect(alpha.facets.categories?.map((c) => c.label)).toEqual([`Tees ${t}`]);
  });

  it("corrects a misspelt keyword and counts the corrected keyword's facets", async () => {
    await productWith(mugs.id, "Zanzibarian Hoodie", [
      { size: "M", colour: "Grey", dollars: 30, quantity: 1 },
      { size: "L", colour: "Grey", dollars: 30, quantity: 1 },
    ]);
    const page = await search({ keyword: `zanzibarain ${t}`, facets: choice({ Size: ["M"] }, true) });
    expect(page.typed).toBe(`zanzibarain ${t}`);
    expect(names(page.products)).toEqual(["Zanzibarian Hoodie"]);
    expect(option(page.facets, "Size")).toEqual({ M: 1, L: 1 });
  });

  it("ignores a parameter that names no option, and narrows category pages the same way", async () => {
    expect((await search({ facets: choice({ utm_source: ["mail"] }) })).total).toBeGreaterThanOrEqual(5);
    const category = await getCategoryPage(tees.slug, { facets: choice({ Size: ["M"] }, true) });
    expect(category?.total).toBe(2);
    expect(category?.facets?.categories).toBeNull();
    expect(option(category!.facets!, "Size")).toMatchObject({ S: 2, M: 2 });
    const all = await getCategoryPage(tees.slug);
    expect(all?.total).toBe(4);
    expect(all?.facets?.inStock.count).toBe(4);
    const cheap = await getCategoryPage(tees.slug, { price: { minCents: 0, maxCents: 2000 } });
    expect(names(cheap!.products)).toEqual(["Gamma"]);
  });

  it("keeps each product's option values current as its variants sell out, leave sale or change", async () => {
    // Counted from the product's row when no option is chosen (migration 20261128150000_facet_values).
    const zeta = await productWith(mugs.id, "Zeta", [
      { size: "XS", colour: "Teal", dollars: 30, quantity: 1 },
      { size: "XL", colour: "Teal", dollars: 30, quantity: 2 },
    ]);
    const stored = () => db.product.findUniqueOrThrow({ where: { id: zeta.id }, select: { facetValues: true, facetValuesInStock: true } });
    const sizes = async (inStock = false) => option((await search({ facets: choice({}, inStock) })).facets, "Size");
    try {
      expect(await stored()).toEqual({
        facetValues: ["Colour\u001fTeal", "Size\u001fXL", "Size\u001fXS"],
        facetValuesInStock: ["Colour\u001fTeal", "Size\u001fXL", "Size\u001fXS"],
      });
      expect(await sizes(true)).toMatchObject({ XS: 1, XL: 1 });

      // Sold out: still offered, no longer in stock.
      await db.productVariant.updateMany({ where: { productId: zeta.id, title: "XS / Teal" }, data: { quantity: 0 } });
      expect((await sizes()).XS).toBe(1);
      expect((await sizes(true)).XS).toBeUndefined();
      // Off sale: gone; renamed: the new value counts.
      await db.productVariant.updateMany({ where: { productId: zeta.id, title: "XS / Teal" }, data: { archivedAt: new Date() } });
      await db.productVariant.updateMany({
        where: { productId: zeta.id, title: "XL / Teal" },
        data: { options: { Size: "XXL", Colour: "Teal" } },
      });
      expect(await stored()).toEqual({
        facetValues: ["Colour\u001fTeal", "Size\u001fXXL"],
        facetValuesInStock: ["Colour\u001fTeal", "Size\u001fXXL"],
      });
      const now = await sizes();
      expect(now.XS).toBeUndefined();
      expect(now.XL).toBeUndefined();
      expect(now.XXL).toBe(1);
      // The row's values and the variants agree: choosing the value shows what its count said.
      expect((await search({ facets: choice({ Size: ["XXL"] }) })).total).toBe(1);
      // Every variant gone: nothing to offer.
      await db.productVariant.deleteMany({ where: { productId: zeta.id } });
      expect(await stored()).toEqual({ facetValues: [], facetValuesInStock: [] });
    } finally {
      await db.productVariant.deleteMany({ where: { productId: zeta.id } });
      await db.product.delete({ where: { id: zeta.id } });
    }
  });
});
