// The catalog's reads against a real PostgreSQL: filters and price-band
// edges, paging that reaches every match exactly once, counts, sorts, search
// with hostile keywords, product and category pages, photos, and the
// read-only /api/v1 catalog routes called directly.
import fc from "fast-check";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import {
  DEFAULT_LISTING,
  MAX_PAGE,
  PAGE_SIZE,
  PRICE_BANDS,
  dollarBandToRange,
  listingSearch,
  productPhotoSrcSet,
  type ListingQuery,
  type SortId,
} from "~/domain/catalog/catalog";
import { listingQueryFromSearchParams, productFiltersBodySchema } from "~/domain/catalog/catalog-query";
import { getCategoryPage, listCategoriesWithCounts } from "~/domain/catalog/category-page.server";
import { listProducts } from "~/domain/catalog/listing.server";
import { getProductBySlug, getProductPage, similarProducts, SIMILAR_LIMIT } from "~/domain/catalog/product-page.server";
import { getProductPhoto } from "~/domain/catalog/product-photo.server";
import { escapeLike, keywordPatterns, searchProducts, searchWhere } from "~/domain/catalog/search.server";
import { sitemapCategories, sitemapProductFiles, sitemapProducts } from "~/domain/catalog/sitemap-entries.server";
import { photoWrite, processPhoto } from "~/domain/catalog/photo.server";
import { makeMissingPhotoVariants } from "~/domain/catalog/photo-variants.server";
import { db } from "~/utils/db.server";
import { parseInput } from "~/utils/validation";
import { apiRoutes, callRoute } from "./api-harness";

let serial = 0;
const base = Date.UTC(2026, 0, 1);

async function makeCategory(name: string) {
  return db.category.create({ data: { name, slug: name.toLowerCase().replace(/[^a-z0-9]+/g, "-") } });
}

async function makeProduct(
  categoryId: string,
  fields: { name?: string; description?: string; priceCents?: number; createdAt?: Date; quantity?: number } = {},
) {
  serial += 1;
  const name = fields.name ?? `Item ${serial}`;
  return db.product.create({
    data: {
      name,
      slug: `p-${serial}-${name.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`.slice(0, 90),
      description: fields.description ?? `Plain description ${serial}`,
      priceCents: fields.priceCents ?? 1000 + serial,
      quantity: fields.quantity ?? 5,
      categoryId,
      createdAt: fields.createdAt ?? new Date(base + serial * 60_000),
    },
  });
}

const query = (overrides: Partial<ListingQuery>): ListingQuery => ({ ...DEFAULT_LISTING, ...overrides });

/** Every product of a listing, page by page (the API's and Load More's way). */
async function walkPages(q: ListingQuery, pageSize = PAGE_SIZE) {
  const ids: string[] = [];
  for (let page = 1; page <= 100; page++) {
    const result = await listProducts({ ...q, page }, { mode: "page", pageSize });
    if (!result.products.length) return { ids, total: result.total };
    ids.push(...result.products.map((p) => p.id));
  }
  throw new Error("too many pages");
}

describe("price bands", () => {
  it("have distinct ids and the spec's labels", () => {
    expect(new Set(PRICE_BANDS.map((b) => b.id)).size).toBe(PRICE_BANDS.length);
    expect(PRICE_BANDS.map((b) => b.label)).toEqual(["0 to 19", "20 to 39", "40 to 59", "60 to 79", "80 to 99", "$100 or more"]);
  });

  it("leave no gaps and never overlap: every cent from $0 to $2,000 is in exactly one band", () => {
    for (let cents = 0; cents <= 200_000; cents++) {
      const hits = PRICE_BANDS.filter((b) => cents >= b.minCents && (b.maxCents === null || cents < b.maxCents));
      if (hits.length !== 1) throw new Error(`${cents} cents is in ${hits.length} bands`);
    }
    const bandOf = (cents: number) => PRICE_BANDS.find((b) => cents >= b.minCents && (b.maxCents === null || cents < b.maxCents))!.id;
    expect(bandOf(1950)).toBe("0-19");
    expect(bandOf(1999)).toBe("0-19");
    expect(bandOf(2000)).toBe("20-39");
    expect(bandOf(9999)).toBe("80-99");
    expect(bandOf(10_000)).toBe("100-9999");
    expect(bandOf(5_000_000)).toBe("100-9999");
  });

  it("turns a dollar range into cents the same way for the API", () => {
    expect(dollarBandToRange(0, 19)).toEqual({ minCents: 0, maxCents: 2000 });
    expect(dollarBandToRange(100, 9999)).toEqual({ minCents: 10_000, maxCents: null });
    expect(dollarBandToRange(10.5, 20.25)).toEqual({ minCents: 1050, maxCents: 2026 });
  });
});

describe("the listing query", () => {
  it("ignores or clamps bad values from a URL instead of failing", () => {
    const q = listingQueryFromSearchParams(new URLSearchParams(`page=-1&price=foo&category=zzz&category=${"x".repeat(10_000)}&sort=bogus`));
    expect(q).toEqual(DEFAULT_LISTING);
    expect(listingQueryFromSearchParams(new URLSearchParams("page=abc")).page).toBe(1);
    expect(listingQueryFromSearchParams(new URLSearchParams("page=2.7")).page).toBe(2);
    expect(listingQueryFromSearchParams(new URLSearchParams("page=1e12")).page).toBe(MAX_PAGE);
    const id = "c".repeat(25);
    const parsed = listingQueryFromSearchParams(new URLSearchParams(`category=${id}&category=${id}&price=20-39&sort=name&page=3`));
    expect(parsed).toEqual({ categoryIds: [id], price: { minCents: 2000, maxCents: 4000 }, sort: "name", page: 3 });
    expect(listingSearch(parsed)).toBe(`category=${id}&price=20-39&sort=name`);
  });

  it("reads the API's filters body into the same query, and refuses malformed ones", () => {
    const id = "c".repeat(25);
    const ok = parseInput(productFiltersBodySchema, { checked: [id], radio: [0, 19] });
    expect(ok).toEqual({ success: true, data: { categoryIds: [id], price: { minCents: 0, maxCents: 2000 }, sort: "newest", page: 1 } });
    expect(parseInput(productFiltersBodySchema, { checked: [], radio: [] })).toMatchObject({ success: true, data: { price: null } });
    expect(parseInput(productFiltersBodySchema, { radio: ["20", "39"] })).toMatchObject({
      success: true,
      data: { price: { minCents: 2000 } },
    });
    for (const bad of [
      { checked: ["'; DROP TABLE"], radio: [] },
      { checked: "abc", radio: [] },
      { checked: [], radio: [39, 20] },
      { checked: [], radio: [0] },
      { checked: [], radio: ["x", 1] },
      { checked: [], radio: [-5, 10] },
    ]) {
      expect(parseInput(productFiltersBodySchema, bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});

describe("listing products", () => {
  let a: { id: string };
  let b: { id: string };
  let empty: { id: string };
  const edgePrices = [0, 1950, 1999, 2000, 3999, 4000, 5999, 6000, 9999, 10_000, 123_456];

  beforeAll(async () => {
    a = await makeCategory("Alpha Goods");
    b = await makeCategory("Beta Goods");
    empty = await makeCategory("Empty Goods");
    for (const priceCents of edgePrices) await makeProduct(a.id, { priceCents });
    // Ties on price and creation time, so paging must rely on the id tiebreak (names are unique).
    const tie = new Date(base + 10_000_000);
    for (let i = 0; i < 20; i++)
      await makeProduct(b.id, { priceCents: 2500, createdAt: tie, name: `Tie ${i % 3} ${String.fromCharCode(97 + i)}` });
  });

  it("filters by category and price band together, band edges included", async () => {
    const rows = await db.product.findMany({
      where: { categoryId: { in: [a.id, b.id] } },
      select: { id: true, priceCents: true, categoryId: true },
    });
    for (const band of PRICE_BANDS) {
      for (const categoryIds of [[a.id], [b.id], [a.id, b.id]]) {
        const expected = rows
          .filter(
            (r) =>
              categoryIds.includes(r.categoryId) &&
              r.priceCents >= band.minCents &&
              (band.maxCents === null || r.priceCents < band.maxCents),
          )
          .map((r) => r.id)
          .sort();
        const { ids, total } = await walkPages(query({ categoryIds, price: { minCents: band.minCents, maxCents: band.maxCents } }));
        expect(ids.sort(), `${band.id} ${categoryIds.length}`).toEqual(expected);
        expect(total).toBe(expected.length);
      }
    }
    const cheap = await listProducts(query({ categoryIds: [a.id], price: { minCents: 0, maxCents: 2000 } }));
    expect(cheap.products.map((p) => p.priceCents).sort((x, y) => x - y)).toEqual([0, 1950, 1999]);
    const top = await listProducts(query({ categoryIds: [a.id], price: { minCents: 10_000, maxCents: null } }));
    expect(top.products.map((p) => p.priceCents).sort((x, y) => x - y)).toEqual([10_000, 123_456]);
  });

  it("ignores unknown category ids rather than emptying the list", async () => {
    const unknown = "z".repeat(25);
    const onlyA = await listProducts(query({ categoryIds: [a.id, unknown] }));
    expect(onlyA.total).toBe(edgePrices.length);
    expect(onlyA.query.categoryIds).toEqual([a.id]);
    const all = await listProducts(query({ categoryIds: [unknown] }));
    expect(all.total).toBe(await db.product.count());
    const none = await listProducts(query({ categoryIds: [empty.id] }));
    expect(none).toMatchObject({ total: 0, products: [], page: 1 });
  });

  for (const sort of ["newest", "price-asc", "price-desc", "name"] as SortId[]) {
    it(`pages through every product exactly once, sorted by ${sort}`, async () => {
      const total = await db.product.count();
      for (const pageSize of [PAGE_SIZE, 7]) {
        const { ids } = await walkPages(query({ sort }), pageSize);
        expect(ids).toHaveLength(total);
        expect(new Set(ids).size).toBe(total);
        // Load More without JavaScript: page N shows the first N pages at once, in the same order.
        const through = await listProducts(query({ sort, page: 2 }), { pageSize });
        expect(through.products.map((p) => p.id)).toEqual(ids.slice(0, 2 * pageSize));
        expect(through.offset).toBe(0);
      }
      const rows = (await listProducts(query({ sort, page: MAX_PAGE }))).products;
      const key = {
        newest: (p: (typeof rows)[number]) => -p.createdAt.getTime(),
        "price-asc": (p: (typeof rows)[number]) => p.priceCents,
        "price-desc": (p: (typeof rows)[number]) => -p.priceCents,
        name: (p: (typeof rows)[number]) => p.name,
      }[sort];
      for (let i = 1; i < rows.length; i++) expect(key(rows[i - 1]) <= key(rows[i]), `${sort} at ${i}`).toBe(true);
    });
  }

  it("clamps a page past the end to the last page, and answers an empty page in page mode", async () => {
    const total = await db.product.count();
    const through = await listProducts(query({ page: 9999 }));
    expect(through.page).toBe(Math.ceil(total / PAGE_SIZE));
    expect(through.products).toHaveLength(total);
    const past = await listProducts(query({ page: 9999 }), { mode: "page" });
    expect(past.products).toEqual([]);
    expect(past.total).toBe(total);
  });

  it("never selects photo bytes for a listing", async () => {
    const result = await listProducts(query({}));
    const first = result.products[0] as Record<string, unknown>;
    expect(Object.keys(first).sort()).toEqual(
      [
        "category",
        "createdAt",
        "description",
        "id",
        "name",
        "photoVersion",
        "priceCents",
        "quantity",
        "shipping",
        "slug",
        "updatedAt",
      ].sort(),
    );
  });

  it("lists categories with their product counts", async () => {
    const categories = await listCategoriesWithCounts();
    expect(categories.find((c) => c.id === a.id)?.productCount).toBe(edgePrices.length);
    expect(categories.find((c) => c.id === empty.id)?.productCount).toBe(0);
  });
});

describe("search", () => {
  let cat: { id: string };
  const names = {
    percent: "Cotton 100% Tee",
    underscore: "snake_case Mug",
    quote: "O'Brien Whistle",
    backslash: "Back\\slash Poster",
    paren: "Lamp (large)",
    regex: "Glob .* Sticker",
    nameHit: "Zephyrwidget Deluxe",
    descHit: "Plain Box",
  };

  beforeAll(async () => {
    cat = await makeCategory("Search Goods");
    for (const [key, name] of Object.entries(names)) {
      await makeProduct(cat.id, {
        name,
        description:
          key === "descHit" ? "Holds a zephyrwidget safely" : key === "nameHit" ? "A fine thing" : `Nothing special about ${key}`,
      });
    }
    for (let i = 0; i < 30; i++)
      await makeProduct(cat.id, { name: `Filler Lantern ${i}`, description: i % 2 ? "a lantern with lantern light" : "dim" });
  });

  const namesFor = async (keyword: string) => (await searchProducts(keyword, { mode: "page", pageSize: 100 })).products.map((p) => p.name);

  it("finds by a word of the name or the description, case-insensitively, name matches first", async () => {
    expect(await namesFor("ZEPHYRWIDGET")).toEqual([names.nameHit, names.descHit]);
    expect(await namesFor("holds")).toEqual([names.descHit]);
    expect(await namesFor("lamp LARGE")).toEqual([names.paren]);
  });

  it("treats %, _, quotes, backslashes and regex characters literally", async () => {
    expect(await namesFor("%")).toEqual([names.percent]);
    expect(await namesFor("100%")).toEqual([names.percent]);
    expect(await namesFor("_")).toEqual([names.underscore]);
    expect(await namesFor("'")).toEqual([names.quote]);
    expect(await namesFor("o'brien")).toEqual([names.quote]);
    expect(await namesFor("\\")).toEqual([names.backslash]);
    expect(await namesFor("(")).toEqual([names.paren]);
    expect(await namesFor(".*")).toEqual([names.regex]);
    expect(escapeLike("a%b_c\\d")).toBe("a\\%b\\_c\\\\d");
  });

  it("finds nothing, without an error, for empty, blank, absent or enormous keywords", async () => {
    for (const keyword of ["", "   ", null, undefined, 42, "x".repeat(10_000), "lantern ".repeat(2_000), "\u0000", "x\u0000y", "\ud800"]) {
      const result = await searchProducts(keyword);
      expect(result.total >= 0).toBe(true);
      if (typeof keyword !== "string" || !keyword.replace(/\u0000/g, "").trim() || keyword.startsWith("xx")) {
        expect(result).toMatchObject({ total: 0, products: [] });
      }
    }
  });

  it("counts every match and pages through them exactly once", async () => {
    const first = await searchProducts("lantern", { page: 1, mode: "page", pageSize: 7 });
    expect(first.total).toBe(30);
    const ids: string[] = [];
    for (let page = 1; page <= 5; page++)
      ids.push(...(await searchProducts("lantern", { page, mode: "page", pageSize: 7 })).products.map((p) => p.id));
    expect(new Set(ids).size).toBe(30);
    const through = await searchProducts("lantern", { page: 2, pageSize: 7 });
    expect(through.products.map((p) => p.id)).toEqual(ids.slice(0, 14));
    const clamped = await searchProducts("lantern", { page: 500, pageSize: 7 });
    expect(clamped).toMatchObject({ page: 5, total: 30 });
    expect(clamped.products).toHaveLength(30);
  });

  describe("any keyword, order and page, walked or sorted", () => {
    // Invented words, so only these products match; prices and times repeat, so ties are broken by id.
    const WORDS = ["quorp", "quorpex", "qazmo", "qazmoid", "vexil"];
    const FRAGMENTS = ["quorp", "orpex", "qazmo", "azmoid", "vexil", "QUORPEX", "xil"];
    type Made = { id: string; name: string; description: string; priceCents: number; createdAt: Date };
    const made: Made[] = [];

    beforeAll(async () => {
      const cat = await makeCategory("Walked Goods");
      const random = fc.sample(fc.tuple(fc.nat(4), fc.nat(4), fc.nat(4), fc.boolean(), fc.nat(9), fc.nat(14)), { numRuns: 60, seed: 42 });
      for (const [a, b, c, inName, price, minute] of random) {
        const product = await makeProduct(cat.id, {
          name: `${WORDS[a]} ${inName ? WORDS[b] : "thing"} ${serial + 1}`,
          description: `About ${WORDS[c]} and more`,
          priceCents: 100 + price * 50,
          createdAt: new Date(Date.UTC(2025, 5, 1) + minute * 60_000),
        });
        made.push(product);
      }
    });

    /** What the search should answer, worked out here: every word in the name or description; relevance puts whole-name matches first, newest first. */
    function expected(keyword: string, sort: SortId | null) {
      const words = keyword.toLowerCase().split(" ").filter(Boolean);
      const has = (text: string, word: string) => text.toLowerCase().includes(word);
      const matches = made.filter((p) => words.every((w) => has(p.name, w) || has(p.description, w)));
      const byId = (a: Made, b: Made) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
      const newest = (a: Made, b: Made) => b.createdAt.getTime() - a.createdAt.getTime() || -byId(a, b);
      const compare: Record<SortId | "relevance", (a: Made, b: Made) => number> = {
        relevance: (a, b) => Number(!words.every((w) => has(a.name, w))) - Number(!words.every((w) => has(b.name, w))) || newest(a, b),
        newest,
        "price-asc": (a, b) => a.priceCents - b.priceCents || byId(a, b),
        "price-desc": (a, b) => b.priceCents - a.priceCents || -byId(a, b),
        name: (a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : byId(a, b)),
      };
      return matches.sort(compare[sort ?? "relevance"]).map((p) => p.id);
    }

    it("answers exactly the matches, in order, whichever way a page is read", async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.constantFrom(...FRAGMENTS), { minLength: 1, maxLength: 2 }),
          fc.constantFrom<SortId | null>(null, "newest", "price-asc", "price-desc", "name"),
          fc.integer({ min: 1, max: 6 }),
          fc.integer({ min: 1, max: 12 }),
          // 0 sorts every match at once; small budgets make walks come up short.
          fc.constantFrom(0, 1, 8, 40, 1_000),
          async (words, sort, page, pageSize, budget) => {
            const keyword = words.join(" ");
            const all = expected(keyword, sort);
            const result = await searchProducts(keyword, { page, mode: "page", pageSize, sort, budget });
            expect(result.products.map((p) => p.id)).toEqual(all.slice((page - 1) * pageSize, page * pageSize));
            expect(result.hasMore).toBe(all.length > page * pageSize);
            expect(result.total).toBe(all.length);
          },
        ),
        { numRuns: 120, seed: 7 },
      );
    });
  });

  it("uses the trigram indexes (no sequential scan needed)", async () => {
    const plan = await db.$transaction(async (tx) => {
      // With this few rows the planner would rightly prefer a scan; forbid it to see that the indexes apply.
      await tx.$executeRawUnsafe("SET LOCAL enable_seqscan = off");
      return tx.$queryRaw<
        { "QUERY PLAN": string }[]
      >`EXPLAIN SELECT p.id FROM "Product" p WHERE ${searchWhere(keywordPatterns("zephyrwidget"))}`;
    });
    const text = plan.map((row) => row["QUERY PLAN"]).join("\n");
    expect(text).toMatch(/Product_name_trgm_idx/);
    expect(text).toMatch(/Product_description_trgm_idx/);
    expect(text).not.toMatch(/Seq Scan/);
  });
});

describe("product and category pages", () => {
  let cat: { id: string; slug: string; name: string };
  let lonely: { id: string; slug: string };
  let products: { id: string; slug: string }[] = [];

  beforeAll(async () => {
    cat = await makeCategory("Page Goods");
    lonely = await makeCategory("Lonely Goods");
    products = [];
    for (let i = 0; i < SIMILAR_LIMIT + 3; i++) products.push(await makeProduct(cat.id));
    await makeProduct(lonely.id, { name: "Only One" });
  });

  it("shows a product with its category, and a bounded list of similar products without itself", async () => {
    const page = await getProductPage(products[0].slug);
    expect(page?.product).toMatchObject({ id: products[0].id, category: { id: cat.id, name: "Page Goods", slug: cat.slug }, photo: null });
    expect(page?.similar).toHaveLength(SIMILAR_LIMIT);
    expect(page?.similar.map((p) => p.id)).not.toContain(products[0].id);
    expect(page?.similar.every((p) => p.category.id === cat.id)).toBe(true);
    const only = await db.product.findFirstOrThrow({ where: { categoryId: lonely.id } });
    expect((await getProductPage(only.slug))?.similar).toEqual([]);
    expect(await similarProducts("bad", cat.id)).toEqual([]);
  });

  it("answers null for unknown or absurd slugs", async () => {
    for (const slug of ["no-such-product", "", undefined, "x".repeat(5000), "../../etc/passwd", "a\u0000b", "\ud800"]) {
      expect(await getProductPage(slug)).toBeNull();
      expect(await getCategoryPage(slug)).toBeNull();
    }
  });

  it("shows a category's products with their count", async () => {
    const page = await getCategoryPage(cat.slug);
    expect(page?.category.name).toBe("Page Goods");
    expect(page?.total).toBe(SIMILAR_LIMIT + 3);
    expect(page?.products).toHaveLength(SIMILAR_LIMIT + 3);
  });

  it("lists every product and category for the sitemap, products in files of at most 50,000, read in batches", async () => {
    const categories = await sitemapCategories();
    expect(categories.map((c) => c.slug)).toContain(cat.slug);
    expect(await sitemapProductFiles()).toBe(1);
    const listed: string[] = [];
    for await (const batch of sitemapProducts(1)) listed.push(...batch.map((product) => product.slug));
    expect(listed).toHaveLength(await db.product.count());
    expect(new Set(listed).size).toBe(listed.length);
    const beyond: unknown[] = [];
    for await (const batch of sitemapProducts(2)) beyond.push(...batch);
    expect(beyond).toEqual([]);
  });
});

describe("photos", () => {
  it("reads a photo's tag without its bytes, the bytes on demand, and nothing for a product without one", async () => {
    const cat = await makeCategory("Photo Goods");
    const withPhoto = await makeProduct(cat.id);
    const without = await makeProduct(cat.id);
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#c33" } })
      .png()
      .toBuffer();
    const photo = await processPhoto(png);
    await db.productPhoto.create({ data: { productId: withPhoto.id, ...photoWrite(photo).create } });

    const meta = await getProductPhoto(withPhoto.id, "full", { withBytes: false });
    expect(meta).toMatchObject({ etag: `"${photo.etag}"`, contentType: "image/png", bytes: null, version: photo.etag });
    const thumb = await getProductPhoto(withPhoto.id, "thumb");
    expect(thumb?.etag).toBe(`"${photo.etag}-thumb"`);
    expect(thumb?.contentType).toBe("image/webp");
    expect(thumb?.bytes?.byteLength).toBe(photo.thumbData.byteLength);
    expect(await getProductPhoto(without.id, "full")).toBeNull();
    expect(await getProductPhoto("../etc", "full")).toBeNull();

    const listed = await getProductBySlug(withPhoto.slug);
    expect(listed?.photoVersion).toBe(photo.etag);

    const route = apiRoutes().find((r) => r.path === "/api/v1/product/product-photo/{id}")!;
    const full = await callRoute(route, { params: { id: withPhoto.id } });
    expect(full.status).toBe(200);
    expect(full.headers.get("Content-Type")).toBe("image/png");
    expect(full.headers.get("ETag")).toBe(`"${photo.etag}"`);
    expect(full.headers.get("Cache-Control")).toBe("public, no-cache");
    expect(Buffer.from(await full.arrayBuffer()).equals(Buffer.from(photo.data))).toBe(true);
    const versioned = await callRoute(route, { params: { id: withPhoto.id }, query: `?size=thumb&v=${photo.etag}` });
    expect(versioned.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(versioned.headers.get("Content-Type")).toBe("image/webp");
    for (const header of [`"${photo.etag}"`, `W/"${photo.etag}"`, `"other", "${photo.etag}"`, "*"]) {
      const notModified = await callRoute(route, { params: { id: withPhoto.id }, headers: { "If-None-Match": header } });
      expect(notModified.status, header).toBe(304);
    }
    const stale = await callRoute(route, { params: { id: withPhoto.id }, headers: { "If-None-Match": '"old"' } });
    expect(stale.status).toBe(200);
    const thumbMismatch = await callRoute(route, {
      params: { id: withPhoto.id },
      query: "?size=thumb",
      headers: { "If-None-Match": `"${photo.etag}"` },
    });
    expect(thumbMismatch.status).toBe(200);
    for (const id of [without.id, "nope", "z".repeat(25)]) {
      const missing = await callRoute(route, { params: { id } });
      expect(missing.status, id).toBe(404);
      expect(await missing.json()).toMatchObject({ success: false });
    }
    expect((await callRoute(route, { method: "POST", params: { id: withPhoto.id } })).status).toBe(405);
  });

  it("makes the copies of a photo stored before copies existed, once", async () => {
    const cat = await makeCategory("Old Photos");
    const product = await makeProduct(cat.id);
    const jpeg = await sharp({ create: { width: 1000, height: 700, channels: 3, background: "#468" } })
      .jpeg()
      .toBuffer();
    // As an older shop stored it: the original and its card copy, no copies, no mark.
    const { variants: _none, ...stored } = await processPhoto(jpeg);
    await db.productPhoto.create({ data: { productId: product.id, ...stored } });

    let made = 0;
    for (let batch = await makeMissingPhotoVariants(); batch > 0; batch = await makeMissingPhotoVariants()) made += batch;
    expect(made).toBeGreaterThanOrEqual(1);
    const row = await db.productPhoto.findUniqueOrThrow({
      where: { productId: product.id },
      include: { variants: { select: { size: true, format: true } } },
    });
    expect(row.variantsMadeAt).not.toBeNull();
    expect(
      row.variants
        .filter((variant) => variant.format === "webp")
        .map((variant) => variant.size)
        .sort(),
    ).toEqual(["480", "800"]);
    // Done once: nothing is left for the next run.
    expect(await makeMissingPhotoVariants()).toBe(0);
  });

  it("makes the product page's widths once at upload, and answers AVIF only to browsers that take it", async () => {
    const cat = await makeCategory("Wide Goods");
    const product = await makeProduct(cat.id);
    // A photo with detail (noise), wider than every srcset width.
    const width = 1600;
    const height = 1200;
    const noise = Buffer.alloc(width * height * 3);
    for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
    const jpeg = await sharp(noise, { raw: { width, height, channels: 3 } })
      .jpeg({ quality: 90 })
      .toBuffer();
    const photo = await processPhoto(jpeg);
    const webpWidths = photo.variants.filter((variant) => variant.format === "webp").map((variant) => [variant.size, variant.width]);
    expect(webpWidths).toEqual([
      ["480", 480],
      ["800", 800],
      ["1200", 1200],
    ]);
    for (const variant of photo.variants.filter((v) => v.format === "avif")) {
      const webp =
        variant.size === "thumb" ? photo.thumbData : photo.variants.find((v) => v.size === variant.size && v.format === "webp")!.data;
      // AVIF is kept only where it is the smaller.
      expect(variant.data.byteLength, variant.size).toBeLessThan(webp.byteLength);
    }
    await db.productPhoto.create({ data: { productId: product.id, ...photoWrite(photo).create } });

    const route = apiRoutes().find((r) => r.path === "/api/v1/product/product-photo/{id}")!;
    const asked = (size: string, accept?: string) =>
      callRoute(route, { params: { id: product.id }, query: `?size=${size}&v=${photo.etag}`, headers: accept ? { Accept: accept } : {} });
    const plain = await asked("480", "image/webp,image/*");
    expect(plain.headers.get("Content-Type")).toBe("image/webp");
    expect(plain.headers.get("Vary")).toContain("Accept");
    expect((await sharp(Buffer.from(await plain.arrayBuffer())).metadata()).width).toBe(480);
    const avifCopy = photo.variants.find((v) => v.size === "1200" && v.format === "avif");
    const modern = await asked("1200", "image/avif,image/webp,*/*");
    expect(modern.headers.get("Content-Type")).toBe(avifCopy ? "image/avif" : "image/webp");
    expect(modern.headers.get("ETag")).toBe(`"${photo.etag}-1200-${avifCopy ? "avif" : "webp"}"`);
    // Every copy is smaller than the original it stands for.
    expect(Number(modern.headers.get("Content-Length"))).toBeLessThan(jpeg.byteLength);
    // The original itself never varies.
    const original = await asked("full", "image/avif,*/*");
    expect(original.headers.get("Content-Type")).toBe("image/jpeg");
    expect(original.headers.get("Vary")).not.toContain("Accept");

    // A photo narrower than a width has no copy of it: that width is the original.
    const small = await makeProduct(cat.id);
    const smallPhoto = await processPhoto(
      await sharp({ create: { width: 450, height: 450, channels: 3, background: "#3a6" } })
        .png()
        .toBuffer(),
    );
    expect(smallPhoto.variants.filter((v) => v.size !== "thumb")).toEqual([]);
    await db.productPhoto.create({ data: { productId: small.id, ...photoWrite(smallPhoto).create } });
    const fallback = await callRoute(route, { params: { id: small.id }, query: "?size=800" });
    expect(fallback.headers.get("Content-Type")).toBe("image/png");
    expect(productPhotoSrcSet(small.id, { etag: smallPhoto.etag, width: 450 })).toBe(
      `/api/v1/product/product-photo/${small.id}?v=${smallPhoto.etag} 450w`,
    );
    expect(productPhotoSrcSet(product.id, { etag: photo.etag, width })).toContain(`size=1200&v=${photo.etag} 1200w`);
  });
});

describe("the read-only catalog API", () => {
  const routes = apiRoutes();
  const route = (path: string) => {
    const found = routes.find((r) => r.path === path);
    if (!found) throw new Error(`no route ${path}`);
    return found;
  };
  let cat: { id: string; name: string; slug: string };
  let items: { id: string; slug: string; name: string }[];

  beforeAll(async () => {
    cat = await makeCategory("Api Goods");
    items = [];
    for (const priceCents of [1500, 1999, 2500, 15_000])
      items.push(await makeProduct(cat.id, { priceCents, name: `Apiwidget ${priceCents}` }));
  });

  it("lists categories as { success, message, category: [{ _id, name, slug }] }", async () => {
    const body = await (await callRoute(route("/api/v1/category/get-category"))).json();
    expect(body.success).toBe(true);
    expect(body.category).toContainEqual({ _id: cat.id, name: cat.name, slug: cat.slug });
  });

  it("gets products, one product by slug (404 when unknown), counts and pages", async () => {
    const list = await (await callRoute(route("/api/v1/product/get-product"))).json();
    expect(list.success).toBe(true);
    expect(list.products.length).toBe(list.countTotal);
    expect(list.products[0]).toEqual(
      expect.objectContaining({
        _id: expect.any(String),
        name: expect.any(String),
        price: expect.any(Number),
        category: expect.objectContaining({ _id: expect.any(String) }),
      }),
    );
    const one = await callRoute(route("/api/v1/product/get-product/{slug}"), { params: { slug: items[1].slug } });
    expect(await one.json()).toMatchObject({
      success: true,
      product: { _id: items[1].id, price: 19.99, category: { _id: cat.id, name: cat.name } },
    });
    const missing = await callRoute(route("/api/v1/product/get-product/{slug}"), { params: { slug: "no-such" } });
    expect(missing.status).toBe(404);

    const total = await db.product.count();
    expect(await (await callRoute(route("/api/v1/product/product-count"))).json()).toEqual({ success: true, total });
    const seen: string[] = [];
    for (let page = 1; page <= Math.ceil(total / PAGE_SIZE) + 1; page++) {
      const res = await callRoute(route("/api/v1/product/product-list/{page}"), { params: { page: String(page) } });
      expect(res.status).toBe(200);
      seen.push(...(await res.json()).products.map((p: { _id: string }) => p._id));
    }
    expect(new Set(seen).size).toBe(total);
    for (const page of ["abc", "-1", "0", "1.5", "99999999"]) {
      const res = await callRoute(route("/api/v1/product/product-list/{page}"), { params: { page } });
      expect(res.status, page).toBe(400);
    }
  });

  it("answers related products and a category's products", async () => {
    const related = await callRoute(route("/api/v1/product/related-product/{productId}/{categoryId}"), {
      params: { productId: items[0].id, categoryId: cat.id },
    });
    const ids = (await related.json()).products.map((p: { _id: string }) => p._id);
    expect(ids.sort()).toEqual(
      items
        .slice(1)
        .map((i) => i.id)
        .sort(),
    );
    const malformed = await callRoute(route("/api/v1/product/related-product/{productId}/{categoryId}"), {
      params: { productId: "x'; --", categoryId: cat.id },
    });
    expect(malformed.status).toBe(400);

    const byCategory = await (await callRoute(route("/api/v1/product/product-category/{slug}"), { params: { slug: cat.slug } })).json();
    expect(byCategory).toMatchObject({ success: true, category: { _id: cat.id, name: cat.name }, total: items.length });
    expect(byCategory.products).toHaveLength(items.length);
    const unknown = await callRoute(route("/api/v1/product/product-category/{slug}"), { params: { slug: "nope" } });
    expect(unknown.status).toBe(404);
  });

  it("filters with { checked, radio } in dollars, with the home page's rules", async () => {
    const call = (body: string, contentType = "application/json") =>
      callRoute(route("/api/v1/product/product-filters"), { method: "POST", headers: { "Content-Type": contentType }, body });
    const cheap = await (await call(JSON.stringify({ checked: [cat.id], radio: [0, 19] }))).json();
    expect(cheap.products.map((p: { price: number }) => p.price).sort()).toEqual([15, 19.99]);
    const top = await (await call(JSON.stringify({ checked: [cat.id], radio: [100, 9999] }))).json();
    expect(top.products.map((p: { price: number }) => p.price)).toEqual([150]);
    const all = await (await call(JSON.stringify({ checked: [cat.id], radio: [] }))).json();
    expect(all.total).toBe(items.length);
    expect((await call("{not json")).status).toBe(400);
    expect((await call(JSON.stringify({ checked: "x", radio: [] }))).status).toBe(400);
    expect((await call(JSON.stringify({ checked: [], radio: [50, 10] }))).status).toBe(400);
    expect((await call("checked=1", "application/x-www-form-urlencoded")).status).toBe(415);
    expect((await callRoute(route("/api/v1/product/product-filters"))).status).toBe(405);
  });

  it("searches with the keyword in the path and answers the list itself", async () => {
    const res = await callRoute(route("/api/v1/product/search/{keyword}"), { params: { keyword: "APIWIDGET" } });
    const body = await res.json();
    expect(Array.isArray(body)).toBe(true);
    expect(body.map((p: { _id: string }) => p._id).sort()).toEqual(items.map((i) => i.id).sort());
    for (const keyword of ["%", "_", "'", "\\", "(", ".*", "x".repeat(10_000)]) {
      const odd = await callRoute(route("/api/v1/product/search/{keyword}"), { params: { keyword } });
      expect(odd.status, keyword).toBe(200);
    }
  });

  it("refuses other methods with 405 JSON", async () => {
    for (const path of ["/api/v1/category/get-category", "/api/v1/product/get-product", "/api/v1/product/product-count"]) {
      const res = await callRoute(route(path), { method: "DELETE" });
      expect(res.status).toBe(405);
      expect(await res.json()).toMatchObject({ success: false });
    }
  });
});
