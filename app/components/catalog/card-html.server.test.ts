// A kept card must be byte for byte what rendering the card writes: the
// browser hydrates it as React's own markup.
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ProductCard, type CardListState } from "~/components/catalog/ProductCard";
import type { ProductCardData } from "~/domain/catalog/catalog";
import { cardHtml, keptCardCount } from "./card-html.server";

const lamp: ProductCardData = {
  id: "cmwy7znb60012ve7dlzl7uid6",
  name: "Desk Lamp",
  slug: "desk-lamp",
  description: "A warm lamp for a desk",
  priceCents: 2850,
  quantity: 3,
  photoVersion: "JIC5nkI6ZwCOeajYDFbubEEff9F5HYVu",
};

const rendered = (product: ProductCardData, list: CardListState, eager: boolean) =>
  renderToString(createElement(ProductCard, { product, list, eager }));

describe("kept card markup", () => {
  const products: ProductCardData[] = [
    lamp,
    {
      ...lamp,
      id: "c2",
      name: `Tom's "Big" <Lamp> & Shade`,
      slug: "toms-big-lamp",
      description: "Öl & <b>bold</b> 'quoted'",
      photoVersion: null,
    },
    { ...lamp, id: "c3", quantity: 0 },
  ];
  const returns = [
    "/",
    "/category/lamps?sort=price-asc&page=2",
    `/search?keyword=${encodeURIComponent(`"a" & <b>`)}`,
    "/search?keyword=a\"b'c<d>&e",
    // Replacement patterns of String.replace, which must come through as they are.
    "/search?keyword=$&$1$$$`",
  ];

  it("is what rendering the card gives, the first time and when kept, for every page it comes back to", () => {
    for (const product of products)
      for (const eager of [true, false])
        for (const returnTo of returns) {
          const list = { returnTo, cartBusy: false };
          expect(cardHtml(product, list, eager)).toBe(rendered(product, list, eager));
          expect(cardHtml(product, list, eager)).toBe(rendered(product, list, eager));
        }
  });

  it("keeps a card under its data: a changed price or photo is a new card, never the old markup", () => {
    const list = { returnTo: "/", cartBusy: false };
    const before = cardHtml(lamp, list, false);
    const cheaper = { ...lamp, priceCents: 1999 };
    expect(cardHtml(cheaper, list, false)).toBe(rendered(cheaper, list, false));
    expect(cardHtml(cheaper, list, false)).not.toBe(before);
    const rephotographed = { ...lamp, photoVersion: "another" };
    expect(cardHtml(rephotographed, list, false)).toContain("v=another");
    expect(cardHtml(lamp, list, false)).toBe(before);
  });

  it("keeps at most 5,000 cards", () => {
    const list = { returnTo: "/", cartBusy: false };
    for (let i = 0; i < 5_100; i++) cardHtml({ ...lamp, id: `many-${i}` }, list, false);
    expect(keptCardCount()).toBe(5_000);
  });
});
