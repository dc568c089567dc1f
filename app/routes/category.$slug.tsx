import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData, useParams } from "@remix-run/react";
import { ChunkPage, ProductGrid, keepListingAfterCartAction } from "~/components/catalog/ProductGrid";
import { Breadcrumbs, JsonLd, breadcrumbJsonLd } from "~/components/layout/Breadcrumbs";
import { SortForm } from "~/components/catalog/SortForm";
import { DEFAULT_SORT, chunkHref, lenientPage, sortFromParam, withPage } from "~/domain/catalog/catalog";
import { isChunkRequest } from "~/http/chunk";
import { getCategoryPage } from "~/domain/catalog/category-page.server";
import { productChunk, productGrid } from "~/domain/catalog/listed-product.server";
import { notFound, plainData, publicOrigin } from "~/http/http.server";
import { pageMeta } from "~/http/meta";
import type { PageCacheHandle } from "~/http/page-cache";

// /category/{slug}?page=N: one category's products, newest first, with Load More.

/** A signed-in visitor's own copy of this page may be kept (server/middleware/page-cache.ts). */
export const handle = { pageCache: "personal" } satisfies PageCacheHandle;

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const page = lenientPage(url.searchParams.get("page"));
  const sort = sortFromParam(url.searchParams.get("sort")) ?? DEFAULT_SORT;
  // The page's own query (the sort, when not the default); the list key adds the category.
  const search = sort !== DEFAULT_SORT ? new URLSearchParams({ sort }).toString() : "";
  const listKeyFor = (categoryId: string) => `category=${categoryId}${search ? `&${search}` : ""}`;
  if (isChunkRequest(request)) {
    const more = await getCategoryPage(params.slug, { page, mode: "page", count: "if-cached", sort });
    if (!more) throw notFound();
    return plainData(productChunk(more, listKeyFor(more.category.id)));
  }
  const found = await getCategoryPage(params.slug, { page, sort });
  // The root ErrorBoundary renders the 404 screen.
  if (!found) throw notFound();
  const listKey = listKeyFor(found.category.id);
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
  return (
    <section aria-labelledby="category-heading">
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
          <SortForm value={data.sort} />
        </div>
      ) : null}
      {data.grid.products.length ? <ProductGrid {...data.grid} hrefForPage={hrefForPage} chunkHrefForPage={chunkHrefForPage} /> : null}
    </section>
  );
}
