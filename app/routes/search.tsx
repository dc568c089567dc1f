import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ChunkPage, ProductGrid, keepListingAfterCartAction } from "~/components/catalog/ProductGrid";
import { FacetFilters } from "~/components/catalog/FacetFilters";
import { SortForm } from "~/components/catalog/SortForm";
import { chunkHref, lenientPage, sortFromParam, withPage } from "~/domain/catalog/catalog";
import { listingQueryFromSearchParams } from "~/domain/catalog/catalog-query";
import { facetChoiceFromSearchParams, narrowingSearch } from "~/domain/catalog/facets";
import { isChunkRequest } from "~/http/chunk";
import { productChunk, productGrid } from "~/domain/catalog/listed-product.server";
import { applicableFilters, searchPage } from "~/domain/catalog/search-page.server";
import { searchProducts } from "~/domain/catalog/search.server";
import { plainData, publicOrigin } from "~/http/http.server";
import { pageMeta } from "~/http/meta";
import type { PageCacheHandle } from "~/http/page-cache";

/** A signed-in visitor's own copy of this page may be kept (server/middleware/page-cache.ts). */
export const handle = { pageCache: "personal" } satisfies PageCacheHandle;

// GET /search?keyword=…: the header's search form, with or without JavaScript;
// narrowed by facets in the same query string (`&category=<id>&price=20-39&Size=M&inStock=1`).
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const keyword = url.searchParams.get("keyword");
  const page = lenientPage(url.searchParams.get("page"));
  const sort = sortFromParam(url.searchParams.get("sort"));
  const { categoryIds, price } = listingQueryFromSearchParams(url.searchParams);
  const narrowing = { categoryIds, price, facets: facetChoiceFromSearchParams(url.searchParams) };
  // Without a sort, results come by relevance (name matches first).
  const listKeyFor = (normalized: string, filters: Parameters<typeof narrowingSearch>[0]) =>
    [new URLSearchParams({ keyword: normalized, ...(sort ? { sort } : {}) }).toString(), narrowingSearch(filters)]
      .filter(Boolean)
      .join("&");
  if (isChunkRequest(request)) {
    const filters = await applicableFilters(narrowing);
    const more = await searchProducts(keyword, { page, mode: "page", count: "if-cached", sort, filters });
    return plainData(productChunk(more, listKeyFor(more.keyword, filters)));
  }
  // A keyword that finds nothing is corrected ("hedphones": headphones) unless exact=1 asks for what was typed;
  // the list, its pages, its facets and Load More then go on with the corrected keyword.
  const result = await searchPage({ keyword, page, sort, exact: url.searchParams.get("exact") === "1", ...narrowing });
  const listKey = listKeyFor(result.keyword, result.filters);
  return plainData({
    chunk: false as const,
    canonical: `${publicOrigin(request, context)}/search?${listKey}`,
    keyword: result.keyword,
    typed: result.typed,
    sort: sort ?? "",
    facets: result.facets,
    narrowing: narrowingSearch(result.filters),
    grid: productGrid(result, listKey),
  });
}

export const shouldRevalidate = keepListingAfterCartAction;

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  if (!data || data.chunk) return [];
  return [
    ...pageMeta({
      title: data.keyword ? `Search results for “${data.keyword}”` : "Search",
      description: data.keyword ? `Products matching “${data.keyword}”.` : "Search the shop's products.",
      path: data.canonical,
    }),
    // Result pages are endless variations; crawlers should follow, not index them.
    { name: "robots", content: "noindex, follow" },
  ];
};

export default function Search() {
  const data = useLoaderData<typeof loader>();
  if (data.chunk) return <ChunkPage chunk={data} listHref={`/search?${data.listKey}`} />;
  const hrefForPage = (page: number) => `/search${withPage(data.grid.listKey, page)}`;
  const chunkHrefForPage = (page: number) => chunkHref("/search", data.grid.listKey, page);

  const withKeyword = new URLSearchParams({ keyword: data.keyword, ...(data.sort ? { sort: data.sort } : {}) }).toString();
  const showFacets = data.grid.total > 0 || data.narrowing !== "";

  return (
    <div className={showFacets ? "grid gap-8 md:grid-cols-[15rem_minmax(0,1fr)]" : undefined}>
      {showFacets ? (
        <FacetFilters
          facets={data.facets}
          action="/search"
          hidden={{ keyword: data.keyword, sort: data.sort }}
          stateKey={data.grid.listKey}
          clearHref={`/search?${withKeyword}`}
        />
      ) : null}
      <section aria-labelledby="search-heading" className="min-w-0">
        <div className="mb-6 text-center">
          <h1 id="search-heading" className="text-2xl font-bold">
            Search Results
          </h1>
          <h2 className="mt-2 text-lg text-gray-700">{data.grid.total === 0 ? "No Products Found" : `Found ${data.grid.total}`}</h2>
          {data.typed ? (
            <p className="mt-1 break-words text-sm text-gray-600">
              Showing results for <strong>{data.keyword}</strong>.{" "}
              <a className="text-blue-700 underline" href={`/search?${new URLSearchParams({ keyword: data.typed, exact: "1" })}`}>
                Search instead for “{data.typed}”
              </a>
            </p>
          ) : data.keyword ? (
            <p className="mt-1 break-words text-sm text-gray-500">for “{data.keyword}”</p>
          ) : null}
        </div>
        {data.grid.total > 1 ? (
          <div className="mb-4">
            <SortForm
              value={data.sort}
              hidden={[["keyword", data.keyword], ...new URLSearchParams(data.narrowing)]}
              extraOption="Relevance"
            />
          </div>
        ) : null}
        {data.grid.products.length ? <ProductGrid {...data.grid} hrefForPage={hrefForPage} chunkHrefForPage={chunkHrefForPage} /> : null}
      </section>
    </div>
  );
}
