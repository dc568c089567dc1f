import { Link, useFetcher, useLocation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { ProductCard, useCardList } from "~/components/catalog/ProductCard";
import type { ProductCardData, ProductChunk } from "~/domain/catalog/catalog";
import { useCardHtml } from "~/components/layout/document-info";
import { useHydrated } from "~/utils/hooks/use-hydrated";

/** Cards in the first row load their photos at once; the rest lazily. */
const EAGER_CARDS = 4;

type Appended = { source: string; page: number; products: ProductCardData[]; total: number | null; hasMore: boolean | null };

/**
 * A grid of product cards with Load More.
 *
 * Without JavaScript, Load More is a link to the next page's URL, whose loader
 * renders every product up to that page. With JavaScript it becomes a button
 * that fetches only the next page (the loader's `chunk=1` answer), appends it
 * in place, and puts the page in the address bar (history.replaceState, so
 * no reload and no scroll jump). It shows while fewer products are shown than match.
 */
export function ProductGrid({
  products,
  total,
  hasMore,
  offset,
  page,
  listKey,
  hrefForPage,
  chunkHrefForPage,
}: {
  products: ProductCardData[];
  total: number;
  /** Whether products follow the last one shown. */
  hasMore: boolean;
  /** Index of the first product shown (non-zero only when a very deep page shows its last window). */
  offset: number;
  page: number;
  /** Identifies the filters; appended pages are dropped when it changes. */
  listKey: string;
  hrefForPage: (page: number) => string;
  chunkHrefForPage: (page: number) => string;
}) {
  const fetcher = useFetcher<ProductChunk>();
  const hydrated = useHydrated();

  // Pages appended in place belong to one listing as the loader delivered it;
  // a new listing (other filters, or a navigation to another page) starts over,
  // while a mere revalidation (e.g. after ADD TO CART) keeps them.
  const location = useLocation();
  const source = `${location.key}#${listKey}#${page}#${offset}`;
  // The listing a pending Load More was asked for; an answer for another is dropped.
  const requestedFor = useRef<string | null>(null);
  const [appended, setAppended] = useState<Appended>({ source, page, products: [], total: null, hasMore: null });
  if (appended.source !== source) setAppended({ source, page, products: [], total: null, hasMore: null });

  useEffect(() => {
    const chunk = fetcher.data;
    if (fetcher.state !== "idle" || !chunk?.chunk || chunk.listKey !== listKey || requestedFor.current !== source) return;
    requestedFor.current = null;
    setAppended((current) => {
      if (current.source !== source || chunk.page <= current.page) return current;
      return {
        ...current,
        page: chunk.page,
        products: [...current.products, ...chunk.products],
        total: chunk.total ?? current.total,
        hasMore: chunk.hasMore,
      };
    });
    window.history.replaceState(window.history.state, "", hrefForPage(chunk.page));
    // hrefForPage is derived from listKey; listing it would re-run this on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fetcher.state, fetcher.data, listKey, source]);

  // A product can shift onto a later page while the shopper reads (a new
  // product arrives first under Newest): show it once.
  const seen = new Set<string>();
  const shown = [...products, ...(appended.source === source ? appended.products : [])].filter((product) => {
    if (seen.has(product.id)) return false;
    seen.add(product.id);
    return true;
  });
  const currentTotal = appended.total ?? total;
  const currentPage = appended.source === source ? appended.page : page;
  const reached = offset + shown.length;
  const more = (appended.source === source && appended.hasMore !== null ? appended.hasMore : hasMore) && shown.length > 0;
  const busy = fetcher.state !== "idle";
  const cards = useCardList();
  const cardHtml = useCardHtml();

  return (
    <div>
      {offset > 0 ? (
        <p className="mb-3 text-sm text-gray-600">
          Showing products {offset + 1} to {reached} of {currentTotal}.{" "}
          <Link to={hrefForPage(1)} className="underline">
            Back to the first page
          </Link>
        </p>
      ) : null}
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3" {...cards.handlers}>
        {shown.map((product, index) => {
          // The no-JavaScript Load More link jumps to the first new card by this anchor.
          const id = `item-${offset + index + 1}`;
          const eager = offset === 0 && index < EAGER_CARDS;
          // On the server, the card's markup as kept from an earlier page: the very markup rendering
          // it gives (app/components/catalog/card-html.server.tsx), so the browser hydrates it as React's own. Read
          // by a getter, so a card rendered for keeping (React within React) renders while React
          // writes this element, after the grid's hooks, never among them.
          const kept = cardHtml && {
            get __html() {
              return cardHtml(product, cards.state, eager);
            },
          };
          return (
            <div key={product.id} id={id} className="flex scroll-mt-24" dangerouslySetInnerHTML={kept}>
              {kept ? null : <ProductCard product={product} list={cards.state} eager={eager} />}
            </div>
          );
        })}
      </div>
      <p className="mt-4 text-center text-sm text-gray-600" aria-live="polite">
        {currentTotal > 0 ? `Showing ${reached} of ${currentTotal} products` : null}
      </p>
      {more ? (
        <div className="mt-3 flex justify-center">
          {hydrated ? (
            <button
              type="button"
              className="btn-primary min-w-[10rem]"
              disabled={busy}
              aria-busy={busy}
              onClick={() => {
                requestedFor.current = source;
                fetcher.load(chunkHrefForPage(currentPage + 1));
              }}
            >
              {busy ? "Loading ..." : "Load More"}
            </button>
          ) : (
            <Link to={`${hrefForPage(currentPage + 1)}#item-${reached + 1}`} className="btn-primary min-w-[10rem]">
              Load More
            </Link>
          )}
        </div>
      ) : null}
    </div>
  );
}

/**
 * Listing routes' `shouldRevalidate`: adding to the cart changes neither
 * prices nor the list, so the listing is not fetched again for it (the root,
 * which holds the cart badge, still revalidates).
 */
export const keepListingAfterCartAction = ({
  formAction,
  defaultShouldRevalidate,
}: {
  formAction?: string;
  defaultShouldRevalidate: boolean;
}) => (formAction && /^\/cart(\/|\?|$)/.test(formAction) ? false : defaultShouldRevalidate);

/** A chunk answer rendered as a page (only reachable by hand-made requests): the cards and a way back. */
export function ChunkPage({ chunk, listHref }: { chunk: ProductChunk; listHref: string }) {
  const cards = useCardList();
  return (
    <section>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3" {...cards.handlers}>
        {chunk.products.map((product) => (
          <ProductCard key={product.id} product={product} list={cards.state} />
        ))}
      </div>
      <Link to={listHref} className="btn-secondary mt-6">
        See the whole list
      </Link>
    </section>
  );
}
