// Product cards' markup, rendered once and kept (app/utils/kept-markup.server.ts).
// The same product shows on the home page, its category, searches and every
// sort and page of them, and its card (about 25 µs of React per card, 24 to
// 48 cards a page) was most of a listing's render. A card's markup is a
// function of its data and of where its ADD TO CART comes back to; it is kept
// under its data, and the way back is written in per page.
import { renderToString } from "react-dom/server";
import { ProductCard, type CardListState } from "~/components/catalog/ProductCard";
import type { ProductCardData } from "~/domain/catalog/catalog";
import { escapeAttribute, keptMarkup } from "~/utils/kept-markup.server";

/** Cards kept per process (a few kB each), the least recently used dropped first. */
const kept = keptMarkup(5_000);

// Stands for the page's way back while a card is rendered for keeping. A
// control character: React writes it as it is, and no path carries one.
const RETURN_TO = "\u0001";

function cardKey(product: ProductCardData, list: CardListState, eager: boolean) {
  const { id, name, slug, description, priceCents, quantity, photoVersion, maxPriceCents } = product;
  return `${eager ? 1 : 0}${list.cartBusy ? 1 : 0}\u0000${id}\u0000${name}\u0000${slug}\u0000${description}\u0000${priceCents}\u0000${quantity}\u0000${photoVersion ?? ""}\u0000${maxPriceCents ?? ""}`;
}

/** The markup of `<ProductCard product list eager />`, from the kept copy when there is one. */
export function cardHtml(product: ProductCardData, list: CardListState, eager: boolean): string {
  const html = kept.get(cardKey(product, list, eager), () =>
    renderToString(<ProductCard product={product} list={{ ...list, returnTo: RETURN_TO }} eager={eager} />),
  );
  // A function, not a string: a `$&` in the path must not be read as a replacement pattern.
  const returnTo = escapeAttribute(list.returnTo);
  return html.replaceAll(RETURN_TO, () => returnTo);
}

/** How many cards are kept; for tests. */
export const keptCardCount = () => kept.size;
