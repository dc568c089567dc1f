// The header's markup, rendered once and kept (app/utils/kept-markup.server.ts).
// Every page shows it, and its links and menus were about a third of the
// React work of a page with no data of its own. It is a function of its view
// (components/Header.tsx): the visitor's name and role, the categories, the
// cart's count, the shop's name, which bar link is the current page, and the
// search box's words, which alone vary page by page (every search) and so
// are written in per page, as a card's way back is.
import { renderToString } from "react-dom/server";
import { HeaderBar, type HeaderView } from "~/components/layout/Header";
import { escapeAttribute, keptMarkup } from "~/utils/kept-markup.server";

/** Headers kept per process (about 4 kB each): one per visitor name, cart count and current link, in practice. */
const kept = keptMarkup(1_000);

// Stands for the search box's words while a header is rendered for keeping;
// no header value can hold it (names and categories are validated text).
const KEYWORD = "\u0001";
const KEYWORD_ATTRIBUTE = `value="${KEYWORD}"`;

function headerKey({ user, categories, cartCount, shopName, current, searching }: HeaderView) {
  const list = categories.map(({ id, name, slug }) => `${id}\u0000${name}\u0000${slug}`).join("\u0001");
  return `${current ?? ""}\u0000${searching ? 1 : 0}\u0000${cartCount}\u0000${shopName}\u0000${user ? `${user.role}\u0000${user.name}` : ""}\u0002${list}`;
}

/** The markup inside `<header>` for this view, from the kept copy when there is one. */
export function headerHtml(view: HeaderView): string {
  const html = kept.get(headerKey(view), () => renderToString(<HeaderBar {...view} keyword={KEYWORD} />));
  // A function, not a string: a `$&` in the words must not be read as a replacement pattern.
  return html.replace(KEYWORD_ATTRIBUTE, () => `value="${escapeAttribute(view.keyword)}"`);
}

/** How many headers are kept; for tests. */
export const keptHeaderCount = () => kept.size;
