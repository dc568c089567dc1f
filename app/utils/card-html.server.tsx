// Product cards' markup, rendered once and kept. The same product shows on the
// home page, its category, searches and every sort and page of them, and its
// card (about 25 µs of React per card, 24 to 48 cards a page) was most of a
// listing's render. A card's markup is a function of its data and of where
// its ADD TO CART comes back to; it is kept under its data, so a change to a
// product is a new entry and nothing kept can go stale, and the way back is
// written in per page. Server only: the browser renders cards itself, and
// hydrates this markup because it is exactly what React writes for the card.
import { renderToString } from "react-dom/server";
import { ProductCard, type CardListState } from "~/components/ProductCard";
import type { ProductCardData } from "~/models/catalog";

/** Cards kept per process (a few kB each), the least recently used dropped first. */
const MAX_CARDS = 5_000;
const kept = new Map<string, string>();

// Stands for the page's way back while a card is rendered for keeping. A
// control character: React writes it as it is, and no path carries one.
const RETURN_TO = "\u0001";

// React's escaping of an attribute's value (escapeTextForBrowser).
const ATTRIBUTE_ESCAPES: Record<string, string> = { '"': "&quot;", "&": "&amp;", "'": "&#x27;", "<": "&lt;", ">": "&gt;" };
const escapeAttribute = (value: string) => value.replace(/["&'<>]/g, (character) => ATTRIBUTE_ESCAPES[character]);

function cardKey(product: ProductCardData, list: CardListState, eager: boolean) {
  const { id, name, slug, description, priceCents, quantity, photoVersion } = product;
  return `${eager ? 1 : 0}${list.cartBusy ? 1 : 0}\u0000${id}\u0000${name}\u0000${slug}\u0000${description}\u0000${priceCents}\u0000${quantity}\u0000${photoVersion ?? ""}`;
}

/** The markup of `<ProductCard product list eager />`, from the kept copy when there is one. */
export function cardHtml(product: ProductCardData, list: CardListState, eager: boolean): string {
  const key = cardKey(product, list, eager);
  let html = kept.get(key);
  if (html === undefined) {
    html = renderToString(<ProductCard product={product} list={{ ...list, returnTo: RETURN_TO }} eager={eager} />);
    if (kept.size >= MAX_CARDS) kept.delete(kept.keys().next().value!);
  } else {
    kept.delete(key); // most recently used last
  }
  kept.set(key, html);
  return html.replaceAll(RETURN_TO, escapeAttribute(list.returnTo));
}

/** How many cards are kept; for tests. */
export const keptCardCount = () => kept.size;
