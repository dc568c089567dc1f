import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { CatalogFilters } from "~/components/catalog/CatalogFilters";
import { ChunkPage, ProductGrid, keepListingAfterCartAction } from "~/components/catalog/ProductGrid";
import { bandForRange, chunkHref, listingSearch, withPage } from "~/domain/catalog/catalog";
import { isChunkRequest } from "~/http/chunk";
import { listingQueryFromSearchParams } from "~/domain/catalog/catalog-query";
import { productChunk, productGrid } from "~/domain/catalog/listed-product.server";
import { listProducts } from "~/domain/catalog/listing.server";
import { listCategories } from "~/domain/catalog/category.server";
import { plainData, publicOrigin } from "~/http/http.server";
import { pageMeta } from "~/http/meta";
import type { PageCacheHandle } from "~/http/page-cache";

// `/?category=<id>&category=<id>&price=20-39&sort=price-asc&page=2`: every
// filter state is a URL. `chunk=1` on a data request (Load More's fetcher)
// answers only that page's products.

/** A signed-in visitor's own copy of this page may be kept (server/middleware/page-cache.ts). */
export const handle = { pageCache: "personal" } satisfies PageCacheHandle;

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const query = listingQueryFromSearchParams(url.searchParams);
  if (isChunkRequest(request)) {
    const listing = await listProducts(query, { mode: "page", count: "if-cached" });
    return plainData(productChunk(listing, listingSearch(listing.query)));
  }
  const [categories, listing] = await Promise.all([listCategories(), listProducts(query)]);
  const listKey = listingSearch(listing.query);
  return plainData({
    chunk: false as const,
    canonical: `${publicOrigin(request)}/${listKey ? `?${listKey}` : ""}`,
    categories,
    selectedCategoryIds: listing.query.categoryIds,
    selectedBandId: bandForRange(listing.query.price)?.id ?? null,
    sort: listing.query.sort,
    grid: productGrid(listing, listKey),
  });
}

export const shouldRevalidate = keepListingAfterCartAction;

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  if (!data || data.chunk) return [];
  return pageMeta({
    title: "All Products",
    description: "Browse every product in the shop: filter by category and price, sort, and add to your cart.",
    path: data.canonical,
  });
};

export default function Home() {
  const data = useLoaderData<typeof loader>();
  if (data.chunk) return <ChunkPage chunk={data} listHref={"/"} />;
  const hrefForPage = (page: number) => `/${withPage(data.grid.listKey, page)}`;
  const chunkHrefForPage = (page: number) => chunkHref("/?index", data.grid.listKey, page);
  const activeFilters = data.selectedCategoryIds.length + (data.selectedBandId ? 1 : 0);

  return (
    <div className="grid gap-8 md:grid-cols-[15rem_1fr]">
      <aside aria-label="Filters">
        {/* Phones: the filters fold under this disclosure (closed at first) so the first
            products show on the first screen. A plain <details>: works without JavaScript.
            The form is its sibling, shown or hidden by CSS (tailwind.css, .filters-panel),
            so from `md` up it is always shown and the toggle is gone. */}
        <details className="filters-toggle group mb-4 rounded border border-gray-200 bg-white md:hidden">
          <summary className="flex cursor-pointer items-center justify-between px-4 py-3 font-semibold">
            <span>
              Filters
              {activeFilters > 0 ? <span className="ml-2 text-sm font-normal text-gray-600">({activeFilters} active)</span> : null}
            </span>
            <span aria-hidden="true" className="inline-block transition group-open:rotate-180">
              ▾
            </span>
          </summary>
        </details>
        <CatalogFilters
          categories={data.categories}
          selectedCategoryIds={data.selectedCategoryIds}
          selectedBandId={data.selectedBandId}
          sort={data.sort}
        />
      </aside>
      <section aria-labelledby="all-products-heading">
        <h1 id="all-products-heading" className="mb-4 text-center text-2xl font-bold">
          All Products
        </h1>
        {/* The cards' names are h3s: this keeps the outline in order for screen readers. */}
        <h2 className="sr-only">Product list</h2>
        {data.grid.products.length === 0 ? (
          <p className="rounded border border-dashed border-gray-300 bg-white p-8 text-center text-gray-600">
            No products match these filters.
          </p>
        ) : (
          <ProductGrid {...data.grid} hrefForPage={hrefForPage} chunkHrefForPage={chunkHrefForPage} />
        )}
      </section>
    </div>
  );
}
