// How many SQL statements a browsing page sends, counted at the pg driver:
// the root loader and the page's loader together, as Remix runs them for a
// document. With the catalogue listener up (as in every server process) the
// category list and the totals come from memory, so each page is at most two
// statements: its rows, and the visitor's session when signed in. Deep API
// pages read in the same number of statements as the first.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { listenForCatalogChanges, type CatalogListener } from "../../server/cache/catalog-listener";
import { createCategory } from "~/domain/catalog/category.server";
import { getProductPage } from "~/domain/catalog/product-page.server";
import { createProduct } from "~/domain/catalog/product.server";
import { catalogBus, catalogCachesUsable } from "~/utils/catalog-bus";
import { db } from "~/utils/db.server";
import { createSession } from "~/domain/accounts/session.server";
import { sessionCookie } from "~/http/session-cookie.server";
import { loader as rootLoader } from "~/root";
import { loader as homeLoader } from "~/routes/_index";
import { loader as categoryLoader } from "~/routes/category.$slug";
import { loader as productLoader } from "~/routes/product.$slug";
import { loader as searchLoader } from "~/routes/search";
import { loader as apiListLoader } from "~/routes/api.v1.$";
import { replaceVariants } from "~/domain/catalog/variants/variants.server";
import { recordStatements } from "../fixtures/statements";

type Loader = (args: { request: Request; params: Record<string, string>; context: object }) => Promise<unknown> | unknown;

let listener: CatalogListener;
let recording: ReturnType<typeof recordStatements>;
/** The name each statement was sent with (named: prepared once per connection). */
const statementNames = new Map<string, string | undefined>();

/** The texts sent since the last call, each text's name noted in statementNames. */
function sentSince(): string[] {
  const sent = recording.statements.splice(0);
  for (const { text, name } of sent) statementNames.set(text, name);
  return sent.map(({ text }) => text);
}

beforeAll(async () => {
  listener = listenForCatalogChanges(process.env.DATABASE_URL!);
  await listener.ready;
  recording = recordStatements();
});

afterAll(async () => {
  recording.stop();
  await listener?.stop();
});

const tag = () => randomBytes(4).toString("hex");

async function statementsFor(url: string, leaf: Loader, params: Record<string, string> = {}, headers: Record<string, string> = {}) {
  const run = async () => {
    const request = new Request(`http://shop.test${url}`, { headers: { Accept: "text/html", ...headers } });
    const answers = await Promise.all([
      (rootLoader as Loader)({ request, params: {}, context: {} }),
      leaf({ request, params, context: {} }),
    ]);
    for (const answer of answers) {
      if (answer instanceof Response) expect(answer.status, url).toBe(200);
      // Page data returned as it is (plainData) renders on the server exactly as the browser gets it: JSON only.
      else expect(answer, url).toEqual(JSON.parse(JSON.stringify(answer)));
    }
  };
  await vi.waitFor(() => expect(catalogCachesUsable()).toBe(true));
  await run(); // fills the caches, as the first visitor after a change does
  sentSince();
  await run();
  return sentSince();
}

describe("statements per page", () => {
  let category: { id: string; slug: string };
  let productSlug: string;
  let cookie: string;

  beforeAll(async () => {
    const made = await createCategory({ name: `Lamps ${tag()}` });
    if (!made.ok) throw new Error(made.message);
    category = made.category;
    for (let i = 0; i < 30; i++) {
      const product = await createProduct({
        name: `Desk lamp ${i}`,
        description: "A warm lamp",
        price: `${20 + i}.50`,
        quantity: "3",
        shipping: "1",
        category: category.id,
      });
      if (!product.ok) throw new Error(product.message);
      productSlug = product.product.slug;
    }
    const user = await db.user.create({
      data: { name: "Counter", email: `counter-${tag()}@statements.test`, passwordHash: "x", phone: "1", address: "a", answerHash: "x" },
    });
    cookie = (await sessionCookie().serialize(await createSession(user.id))).split(";")[0];
  });

  it("home, filtered home, category, search and product: one statement each, two signed in", async () => {
    const pages: [string, Loader, Record<string, string>][] = [
      ["/", homeLoader as Loader, {}],
      [`/?category=${category.id}&price=20-39&sort=price-asc&page=2`, homeLoader as Loader, {}],
      [`/category/${category.slug}`, categoryLoader as Loader, { slug: category.slug }],
      ["/search?keyword=lamp", searchLoader as Loader, {}],
      [`/product/${productSlug}`, productLoader as Loader, { slug: productSlug }],
    ];
    for (const [url, leaf, params] of pages) {
      expect(await statementsFor(url, leaf, params), url).toHaveLength(1);
      expect(await statementsFor(url, leaf, params, { Cookie: cookie }), `${url} signed in`).toHaveLength(2);
    }
  });

  it("sends the pages' rows (a search's too) and the session lookup as prepared statements, counts unnamed", async () => {
    statementNames.clear();
    const product = await statementsFor(`/product/${productSlug}`, productLoader as Loader, { slug: productSlug }, { Cookie: cookie });
    const category_ = await statementsFor(`/category/${category.slug}`, categoryLoader as Loader, { slug: category.slug });
    for (const text of [...product, ...category_]) expect(statementNames.get(text), text).toMatch(/^sf_/);
    // One category by equality, which its (categoryId, order) index serves in order; `= ANY(…)` is only filtered by.
    expect(category_.join("\n")).toMatch(/p\."categoryId" = \$1 /);
    expect(category_.join("\n")).not.toMatch(/ANY\(/);
    // The same text has the same name on every connection, however many times it runs.
    const again = await statementsFor(`/product/${productSlug}`, productLoader as Loader, { slug: productSlug }, { Cookie: cookie });
    expect(again.map((text) => statementNames.get(text))).toEqual(product.map((text) => statementNames.get(text)));

    sentSince();
    statementNames.clear();
    const keyword = `lamp${tag()}`;
    const request = new Request(`http://shop.test/search?keyword=${keyword}`, { headers: { Accept: "text/html" } });
    expect(await (searchLoader as Loader)({ request, params: {}, context: {} })).toMatchObject({ chunk: false });
    sentSince();
    // The rows, the facets' counts with the results' count among them (facets.server.ts: no count
    // statement of its own), and since this keyword finds nothing, the search for a correction
    // (search-correction.server.ts).
    expect(statementNames.size).toBe(3);
    expect([...statementNames.keys()].filter((text) => /^SELECT count\(\*\)/.test(text.trim()))).toEqual([]);
    for (const [text, name] of statementNames) {
      // The correction's lookup, whose text changes with every keyword's length, is not kept as a prepared statement.
      if (/^WITH found/.test(text.trim())) expect(name, text).toBeUndefined();
      else expect(name, text).toMatch(/^sf_/);
    }
  });

  it("reads times as the ORM does, whatever the process's time zone", async () => {
    const zone = process.env.TZ;
    process.env.TZ = "America/New_York";
    try {
      const { product } = (await getProductPage(productSlug))!;
      const stored = await db.product.findUniqueOrThrow({ where: { slug: productSlug }, select: { createdAt: true, updatedAt: true } });
      expect(product.createdAt.toISOString()).toBe(stored.createdAt.toISOString());
      expect(product.updatedAt.toISOString()).toBe(stored.updatedAt.toISOString());
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });

  it("keeps counting from memory when nothing changed, and counts within the facets' statement after a change", async () => {
    const url = "/search?keyword=desk";
    // The statements that count the matches: a count of its own (none, on a search page) and the facets'.
    const countsIn = async () => {
      await vi.waitFor(() => expect(catalogCachesUsable()).toBe(true));
      sentSince();
      const request = new Request(`http://shop.test${url}`, { headers: { Accept: "text/html" } });
      expect(await (searchLoader as Loader)({ request, params: {}, context: {} })).toMatchObject({ chunk: false });
      const sent = sentSince();
      return {
        counts: sent.filter((text) => /^\s*SELECT count\(\*\)/i.test(text)).length,
        facets: sent.filter((text) => /^\s*WITH m AS MATERIALIZED/i.test(text)).length,
      };
    };
    const changed = async (write: () => Promise<unknown>) => {
      const { generation, listingGeneration } = catalogBus();
      await write();
      // The trigger's NOTIFY has come back through the listener.
      await vi.waitFor(() => expect(catalogBus().generation).toBeGreaterThan(generation));
      return catalogBus().listingGeneration > listingGeneration;
    };
    expect(await countsIn()).toEqual({ counts: 0, facets: 1 }); // the first search counts, in the facets' statement
    expect(await countsIn()).toEqual({ counts: 0, facets: 0 });

    // Stock taken, as an order takes it: pages are dropped (generation), the count of matches kept;
    // the facets are counted again ("In stock only" depends on stock).
    const product = await db.product.findFirstOrThrow({ where: { categoryId: category.id } });
    expect(await changed(() => db.$executeRaw`UPDATE "Product" SET quantity = quantity - 1 WHERE id = ${product.id}`)).toBe(false);
    expect(await countsIn()).toEqual({ counts: 0, facets: 1 });

    // A rename can change what matches: the counts go, and the facets' statement counts again.
    expect(await changed(() => db.product.update({ where: { id: product.id }, data: { name: `Desk lamp renamed ${tag()}` } }))).toBe(true);
    expect(await countsIn()).toEqual({ counts: 0, facets: 1 });

    // Declared options and a variant's option values are searched and faceted: a change to them,
    // however written, empties the listing caches too (migration 20261128190000).
    expect(await changed(() => db.$executeRaw`UPDATE "Product" SET options = options WHERE id = ${product.id}`)).toBe(true);
    expect(await changed(() => db.$executeRaw`UPDATE "ProductVariant" SET options = options WHERE "productId" = ${product.id}`)).toBe(true);
    // Stock alone still keeps them.
    expect(await changed(() => db.$executeRaw`UPDATE "ProductVariant" SET quantity = quantity WHERE "productId" = ${product.id}`)).toBe(false);
  });

  it("Load More counts nothing: it reads one row more than it shows", async () => {
    const request = new Request(`http://shop.test/?page=2&chunk=1&_data=routes%2F_index`);
    sentSince();
    const chunk = await (homeLoader as Loader)({ request, params: {}, context: {} });
    expect(sentSince().filter((text) => /count\(/i.test(text))).toEqual([]);
    expect(chunk).toMatchObject({ chunk: true, page: 2, hasMore: true });
  });

  it("reads a deep API page in as many statements as the first", async () => {
    const counted = async (page: number) => {
      const run = () =>
        (apiListLoader as Loader)({
          request: new Request(`http://shop.test/api/v1/product/product-list/${page}`),
          params: { page: String(page) },
          context: {},
        });
      await run();
      sentSince();
      const body = await ((await run()) as Response).json();
      return { body, count: sentSince().length };
    };
    const first = await counted(1);
    const deep = await counted(3);
    expect(first.count).toBe(1);
    expect(deep.count).toBe(1);
    expect(deep.body.total).toBe(first.body.total);
  });

  it("a product sold in variants is still one statement, whichever variant the address chooses", async () => {
    // Last, and in a category of its own: the tests above count pages of products without options.
    const tees = await createCategory({ name: `Tees ${tag()}` });
    if (!tees.ok) throw new Error(tees.message);
    const product = await createProduct({
      name: `Tee ${tag()}`,
      description: "A tee",
      price: "20",
      quantity: "0",
      shipping: "1",
      category: tees.category.id,
    });
    if (!product.ok) throw new Error(product.message);
    const sizes = { name: "Size", values: ["S", "M"] };
    const saved = await replaceVariants(product.product.id, {
      options: [sizes],
      variants: sizes.values.map((size) => ({ options: { Size: size }, price: "20", quantity: 2 })),
    });
    if (!saved.ok) throw new Error(saved.message);
    const slug = product.product.slug;
    expect(await statementsFor(`/product/${slug}?Size=M`, productLoader as Loader, { slug })).toHaveLength(1);
  });
});
