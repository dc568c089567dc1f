// GET /search/suggest?keyword=…: the header search box's suggestions as it is
// typed (app/components/layout/search-combobox.ts), a resource route: up to
// six products (photo, name, price) and three categories. The API's
// /api/v1/product/suggest answers the same suggestions in its own shape.
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { suggest } from "~/domain/catalog/suggest.server";
import { formatPrice } from "~/utils/money";
import type { PageCacheHandle } from "~/http/page-cache";

/** The same answer for every visitor (it reads no session, cart or cookie): kept by the page cache for all of them. */
export const handle = { pageCache: "shared" } satisfies PageCacheHandle;

export type SuggestAnswer = {
  keyword: string;
  products: { id: string; name: string; slug: string; price: string; photo: string | null }[];
  categories: { id: string; name: string; slug: string }[];
};

export async function loader({ request }: LoaderFunctionArgs) {
  const found = await suggest(new URL(request.url).searchParams.get("keyword"));
  const answer: SuggestAnswer = {
    keyword: found.keyword,
    products: found.products.map((p) => ({ id: p.id, name: p.name, slug: p.slug, price: formatPrice(p.priceCents), photo: p.photo })),
    categories: found.categories.map(({ id, name, slug }) => ({ id, name, slug })),
  };
  return json(answer);
}
