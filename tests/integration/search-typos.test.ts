// Typos forgiven (app/domain/catalog/search-correction.server.ts): a word that
// matches nothing is corrected against the catalogue's own words (pg_trgm over
// "SearchWord"); exact=1 searches what was typed.
import { beforeAll, describe, expect, it } from "vitest";
import { correctedKeyword, searchForgivingTypos } from "~/domain/catalog/search-correction.server";
import { searchProducts } from "~/domain/catalog/search.server";
import { createCategory, createProduct, tag } from "../fixtures/integration";

const t = tag()
  .replace(/[^a-z0-9]/gi, "")
  .toLowerCase();
const namesFor = async (keyword: string) => (await searchProducts(keyword, { mode: "page", pageSize: 100 })).products.map((p) => p.name);

describe("typos forgiven", () => {
  let categoryId: string;
  beforeAll(async () => {
    categoryId = (await createCategory(`Audio ${t}`)).id;
    await createProduct({ categoryId, name: `Studio Headphones ${t}`, description: "Closed-back, for the studio." });
    await createProduct({ categoryId, name: `Pulse Wireless Earbuds ${t}`, description: "Noise-isolating earbuds." });
    await createProduct({ categoryId, name: `Classic Cotton T-Shirt ${t}`, description: "Soft cotton." });
  });

  it("corrects a word that matches nothing to the catalogue's closest word", async () => {
    const found = await searchForgivingTypos("hedphones");
    expect(found).toMatchObject({ typed: "hedphones", keyword: "headphones" });
    expect(found.products.map((p) => p.name)).toContain(`Studio Headphones ${t}`);
    expect(await correctedKeyword("hedphones")).toBe("headphones");
  });

  it("finds wireless earbuds typed with a letter missing", async () => {
    const found = await searchForgivingTypos("wireles earbuds");
    expect(found.products.map((p) => p.name)).toContain(`Pulse Wireless Earbuds ${t}`);
    const worse = await searchForgivingTypos("wireles earbudz");
    expect(worse).toMatchObject({ typed: "wireles earbudz", keyword: "wireles earbuds" });
    expect(worse.products.map((p) => p.name)).toContain(`Pulse Wireless Earbuds ${t}`);
  });

  it("reads tshirt as T-Shirt", async () => {
    const found = await searchForgivingTypos("tshirt");
    expect(found.typed).toBe("tshirt");
    expect(found.products.map((p) => p.name)).toContain(`Classic Cotton T-Shirt ${t}`);
    expect(await namesFor(`t-shirt ${t}`)).toEqual([`Classic Cotton T-Shirt ${t}`]);
  });

  it("leaves alone what matches, searches exactly what was typed when asked, and gives up on gibberish", async () => {
    expect(await searchForgivingTypos(`headphones ${t}`)).toMatchObject({ typed: null, total: 1 });
    expect(await searchForgivingTypos("hedphones", { exact: true })).toMatchObject({ typed: null, total: 0 });
    expect(await searchForgivingTypos("qxjzvwq")).toMatchObject({ typed: null, total: 0 });
    for (const odd of ["%", "_", "'", "(", ".*", "x".repeat(500), "ab"]) {
      expect((await searchForgivingTypos(odd)).typed, odd).toBeNull();
    }
  });
});
