import { useFetcher, useLocation } from "@remix-run/react";
import { Fragment, type FormEvent, type MouseEvent } from "react";
import { AddToCartFields, useCartBusy } from "~/components/cart/AddToCartButton";
import { productPhotoPath, THUMB_WIDTH, type ProductCardData } from "~/domain/catalog/catalog";
import { formatPrice } from "~/utils/money";
import { usePlainLinks } from "~/utils/hooks/plain-links";
import { preview } from "~/utils/text";

/** A card's fragment: without JavaScript, ADD TO CART comes back to the card it was pressed on. */
export const cardAnchor = (productId: string) => `product-${productId}`;

/** What every card of a list shares: where ADD TO CART comes back to, and whether a cart change is on its way. */
export type CardListState = { returnTo: string; cartBusy: boolean };

/**
 * A list of cards answers their clicks and posts in one place. A card is then
 * plain markup, with no hooks of its own: its links are plain anchors and its
 * ADD TO CART a plain form (the same markup <Link> and <fetcher.Form> render,
 * route discovery's `data-discover` included), which work without
 * JavaScript as they are; with it, the list's click handler navigates in the
 * app as <Link> would, and its submit handler posts ADD TO CART through the
 * list's one fetcher (cart changes go one at a time anyway: useCartBusy). A
 * grid of 24 cards used to run 96 links' and forms' hooks on every render:
 * about a third of a category page's server time.
 */
export function useCardList(): {
  handlers: { onClick: (event: MouseEvent) => void; onSubmit: (event: FormEvent) => void };
  state: CardListState;
} {
  const location = useLocation();
  const cart = useFetcher<{ ok: boolean; message?: string }>();
  const cartBusy = useCartBusy();
  const onClick = useCardLinks();
  const onSubmit = (event: FormEvent) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || !form.hasAttribute("data-card-cart") || event.defaultPrevented) return;
    event.preventDefault();
    const fields = new FormData(form);
    // Answered with JSON and a toast instead of the redirect a page post needs.
    fields.set("respond", "json");
    cart.submit(fields, { method: "post", action: "/cart" });
  };
  return { handlers: { onClick, onSubmit }, state: { returnTo: location.pathname + location.search, cartBusy } };
}

/** A click handler for a list of cards: their plain `a[data-card-link]` anchors navigate in the app, as a <Link> does. */
export const useCardLinks = () => usePlainLinks("a[data-card-link]");

/**
 * One product in a grid: photo, name, a 30-character preview, price, More
 * Details and ADD TO CART. The photo and the name link to the product too
 * (the photo's link is skipped by Tab: it repeats the name's). Cards in the
 * first row load their photo at once (`eager`); the rest lazily, as they
 * scroll into view. Only inside a list that uses useCardList's handlers.
 */
export function ProductCard({ product, list, eager = false }: { product: ProductCardData; list: CardListState; eager?: boolean }) {
  const headingId = `product-${product.id}-name`;
  const href = `/product/${product.slug}`;
  return (
    <article
      id={cardAnchor(product.id)}
      aria-labelledby={headingId}
      className="flex w-full min-w-0 scroll-mt-32 flex-col overflow-hidden rounded border border-gray-200 bg-white shadow-sm"
    >
      <a href={href} tabIndex={-1} className="block" data-card-link="" data-discover="true">
        <ProductPhoto product={product} eager={eager} />
      </a>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
          <h3 id={headingId} className="min-w-0 font-semibold leading-tight text-gray-900 hyphens-none">
            <a href={href} className="hover:underline" data-card-link="" data-discover="true">
              <KeepWords text={product.name} />
            </a>
          </h3>
          <p className="shrink-0 font-semibold text-emerald-700">{cardPrice(product)}</p>
        </div>
        <p className="text-sm text-gray-600">{preview(product.description)}</p>
        <div className="mt-auto flex flex-wrap gap-2 pt-2">
          <a href={href} className="btn-secondary" aria-label={`More Details: ${product.name}`} data-card-link="" data-discover="true">
            More Details
          </a>
          {hasOptions(product) ? (
            // Which size or colour is for the product page to ask.
            <a href={href} className="btn-primary" aria-label={`Choose options: ${product.name}`} data-card-link="" data-discover="true">
              {product.quantity > 0 ? "Choose options" : "Sold out"}
            </a>
          ) : (
            <form method="post" action="/cart" className="inline" data-card-cart="" data-discover="true">
              <AddToCartFields
                productId={product.id}
                productName={product.name}
                disabled={product.quantity <= 0}
                redirectTo={`${list.returnTo}#${cardAnchor(product.id)}`}
                busy={list.cartBusy}
                respondWithJson={null}
              />
            </form>
          )}
        </div>
      </div>
    </article>
  );
}

const hasOptions = (product: ProductCardData) => product.maxPriceCents !== null && product.maxPriceCents !== undefined;

/** "$19.99", or "From $19.99" when its variants' prices differ (the lowest a shopper can buy at). */
export function cardPrice(product: ProductCardData): string {
  const varies = hasOptions(product) && product.maxPriceCents! > product.priceCents;
  return varies ? `From ${formatPrice(product.priceCents)}` : formatPrice(product.priceCents);
}

/**
 * A name whose words wrap only between words: "Cotton T-Shirt" never ends a
 * line with "T-". Each word is an inline block (so it breaks inside only when
 * it is wider than the whole line, and then anywhere, never overflowing);
 * the spaces stay plain text, so the text content is the name itself.
 */
function KeepWords({ text }: { text: string }) {
  const words = text.split(" ");
  return (
    <>
      {words.map((word, index) => (
        <Fragment key={index}>
          {index > 0 ? " " : null}
          <span className="inline-block max-w-full break-words">{word}</span>
        </Fragment>
      ))}
    </>
  );
}

function ProductPhoto({ product, eager }: { product: ProductCardData; eager: boolean }) {
  if (!product.photoVersion) {
    return (
      <div
        className="flex aspect-square w-full items-center justify-center bg-gray-100 text-sm text-gray-600"
        role="img"
        aria-label={`${product.name}: no photo`}
      >
        No photo
      </div>
    );
  }
  return (
    <img
      src={productPhotoPath(product.id, product.photoVersion, "thumb")}
      alt={product.name}
      // The card-sized copy made at upload is at most THUMB_WIDTH square.
      width={THUMB_WIDTH}
      height={THUMB_WIDTH}
      loading={eager ? "eager" : "lazy"}
      decoding="async"
      className="aspect-square w-full bg-gray-100 object-cover"
    />
  );
}
