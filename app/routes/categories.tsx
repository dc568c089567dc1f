import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { CategoryList } from "~/components/catalog/CategoryList";
import { listCategoriesWithCounts } from "~/domain/catalog/category-page.server";
import { publicOrigin } from "~/http/http.server";
import { pageMeta } from "~/http/meta";
import type { PageCacheHandle } from "~/http/page-cache";

// /categories (and /category, which re-exports this module): every category as a link.

/** A signed-in visitor's own copy of this page may be kept (server/middleware/page-cache.ts). */
export const handle = { pageCache: "personal" } satisfies PageCacheHandle;

export async function loader({ request, context }: LoaderFunctionArgs) {
  return json({
    canonical: `${publicOrigin(request, context)}/categories`,
    categories: await listCategoriesWithCounts(),
  });
}

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data
    ? pageMeta({
        title: "All Categories",
        description: "Every category in the shop, from Electronics to Books.",
        path: data.canonical,
      })
    : [];

export default function Categories() {
  const { categories } = useLoaderData<typeof loader>();
  return <CategoryList categories={categories} />;
}
