import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ChunkPage, ProductGrid, keepListingAfterCartAction, type ProductChunk } from "~/components/ProductGrid";
import { lenientPage, isChunkRequest, withPage } from "~/models/catalog";
import { searchProducts, toProductCard } from "~/models/catalog.server";
import { publicOrigin } from "~/utils/http.server";
import { pageMeta } from "~/utils/meta";

// GET /search?keyword=…: the header's search form, with or without JavaScript.
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const chunk = isChunkRequest(request);
  const result = await searchProducts(url.searchParams.get("keyword"), {
    page: lenientPage(url.searchParams.get("page")),
    mode: chunk ? "page" : "through",
  });
  const listKey = new URLSearchParams({ keyword: result.keyword }).toString();
  if (chunk) {
    const answer: ProductChunk = { chunk: true, listKey, products: result.products.map(toProductCard), total: result.total, page: result.page };
    return json(answer);
  }
  return json({
    chunk: false as const,
    canonical: `${publicOrigin(request)}/search?${listKey}`,
    keyword: result.keyword,
    listKey,
    products: result.products.map(toProductCard),
    total: result.total,
    page: result.page,
    offset: result.offset,
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
  const hrefForPage = (page: number) => `/search${withPage(data.listKey, page)}`;
  const chunkHrefForPage = (page: number) => {
    const params = new URLSearchParams(data.listKey);
    params.set("page", String(page));
    params.set("chunk", "1");
    return `/search?${params}`;
  };

  return (
    <section aria-labelledby="search-heading">
      <div className="mb-6 text-center">
        <h1 id="search-heading" className="text-2xl font-bold">
          Search Results
        </h1>
        <h2 className="mt-2 text-lg text-gray-700">{data.total === 0 ? "No Products Found" : `Found ${data.total}`}</h2>
        {data.keyword ? <p className="mt-1 text-sm text-gray-500">for “{data.keyword}”</p> : null}
      </div>
      {data.products.length ? (
        <ProductGrid
          products={data.products}
          total={data.total}
          offset={data.offset}
          page={data.page}
          listKey={data.listKey}
          hrefForPage={hrefForPage}
          chunkHrefForPage={chunkHrefForPage}
        />
      ) : null}
    </section>
  );
}
