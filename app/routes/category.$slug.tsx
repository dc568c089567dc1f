import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData, useParams } from "@remix-run/react";
import { ChunkPage, ProductGrid, keepListingAfterCartAction } from "~/components/catalog/ProductGrid";
import { Breadcrumbs, JsonLd, breadcrumbJsonLd } from "~/components/layout/Breadcrumbs";
import { FacetFilters } from "~/components/catalog/FacetFilters";
import { SortForm } from "~/components/catalog/SortForm";
import { DEFAULT_SORT, chunkHref, lenientPage, sortFromParam, withPage } from "~/domain/catalog/catalog";
import { listingQueryFromSearchParams } from "~/domain/catalog/catalog-query";
import { facetChoiceFromSearchParams, narrowingSearch } from "~/domain/catalog/facets";
import { isChunkRequest } from "~/http/chunk";
import { getCategoryPage } from "~/domain/catalog/category-page.server";
import { productChunk, productGrid } from "~/domain/catalog/listed-product.server";
import { notFound, plainData, publicOrigin } from "~/http/http.server";
import { pageMeta } from "~/http/meta";
import type { PageCacheHandle } from "~/http/page-cache";

// /category/{slug}?page=N: one category's products, newest first, with Load More;
// narrowed by facets in the query string (`?price=20-39&Size=M&inStock=1`).

/** A signed-in visitor's own copy of this page may be kept (server/middleware/page-cache.ts). */
export const handle = { pageCache: "personal" } satisfies PageCacheHandle;

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const page = lenientPage(url.searchParams.get("page"));
  const sort = sortFromParam(url.searchParams.get("sort")) ?? DEFAULT_SORT;
  const { price } = listingQueryFromSearchParams(url.searchParams);
  const facets = facetChoiceFromSearchParams(url.searchParams);
  // The page's own query (the sort, when not the default, and the facets as applied); the list key adds the category.
  const searchFor = (choice: typeof facets) =>
    [sort !== DEFAULT_SORT ? new URLSearchParams({ sort }).toString() : "", narrowingSearch({ categoryIds: [], price, facets: choice })]
      .filter(Boolean)
      .join("&");
  const listKeyFor = (categoryId: string, search: string) => `category=${categoryId}${search ? `&${search}` : ""}`;
  if (isChunkRequest(request)) {
    const more = await getCategoryPage(params.slug, { page, mode: "page", count: "if-cached", sort, price, facets });
    if (!more) throw notFound();
    return plainData(productChunk(more, listKeyFor(more.category.id, searchFor(more.choice))));
  }
  const found = await getCategoryPage(params.slug, { page, sort, price, facets });
  // The root ErrorBoundary renders the 404 screen.
  if (!found) throw notFound();
  const search = searchFor(found.choice);
  const listKey = listKeyFor(found.category.id, search);
  const origin = publicOrigin(request, context);
  const crumbs = [
    { name: "Home", path: "/" },
    { name: "Categories", path: "/categories" },
    { name: found.category.name, path: `/category/${found.category.slug}` },
  ];
  return plainData({
    chunk: false as const,
    canonical: `${origin}/category/${found.category.slug}`,
    category: found.category,
    search,
    sort: sort ?? DEFAULT_SORT,
    facets: found.facets,
    narrowing: narrowingSearch({ categoryIds: [], price, facets: found.choice }),
    crumbs,
    grid: productGrid(found, listKey),
  });
}

export const shouldRevalidate = keepListingAfterCartAction;

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  if (!data || data.chunk) return [];
  return pageMeta({
    title: `Category - ${data.category.name}`,
    description: `${data.grid.total} ${data.grid.total === 1 ? "product" : "products"} in ${data.category.name}.`,
    path: data.canonical,
  });
};

export default function CategoryPage() {
  const data = useLoaderData<typeof loader>();
  const { slug } = useParams();
  if (data.chunk) return <ChunkPage chunk={data} listHref={`/category/${slug}`} />;
  const path = `/category/${data.category.slug}`;
  const hrefForPage = (page: number) => `${path}${withPage(data.search, page)}`;
  const chunkHrefForPage = (page: number) => chunkHref(path, data.search, page);
  const plain = data.sort !== DEFAULT_SORT ? `?${new URLSearchParams({ sort: data.sort })}` : "";
  return (
    <div className="grid gap-8 md:grid-cols-[15rem_minmax(0,1fr)]">
      {data.facets ? (
        <FacetFilters
          facets={data.facets}
          action={path}
          hidden={{ sort: data.sort === DEFAULT_SORT ? "" : data.sort }}
          stateKey={data.grid.listKey}
          clearHref={`${path}${plain}`}
        />
      ) : null}
      <section aria-labelledby="category-heading" className="min-w-0">
        <JsonLd data={breadcrumbJsonLd(new URL(data.canonical).origin, data.crumbs)} />
        <Breadcrumbs crumbs={data.crumbs} />
        <div className="mb-6 text-center">
          <h1 id="category-heading" className="break-words text-2xl font-bold">
            Category - {data.category.name}
          </h1>
          <h2 className="mt-2 text-lg text-gray-700">{data.grid.total} result found</h2>
        </div>
        {data.grid.total > 1 ? (
          <div className="mb-4">
            <SortForm value={data.sort} hidden={[...new URLSearchParams(data.narrowing)]} />
          </div>
        ) : null}
        {data.grid.products.length ? <ProductGrid {...data.grid} hrefForPage={hrefForPage} chunkHrefForPage={chunkHrefForPage} /> : null}
      </section>
    </div>
  );
}
