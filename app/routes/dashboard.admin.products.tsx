import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { AdminErrorBoundary } from "~/components/AdminErrorBoundary";
import { guardMeta } from "~/components/GuardScreen";
import { Pager } from "~/components/Pager";
import { adminPhotoUrl, listProductsForAdmin } from "~/models/product.server";
import { requireAdmin } from "~/utils/auth.server";
import { formatPrice } from "~/utils/money";
import { pageCount, pageFromUrl } from "~/utils/paging";
import { preview } from "~/utils/text";

export const meta: MetaFunction = ({ error }) =>
  guardMeta(error) ?? [{ title: "All Products List | Storefront" }, { name: "robots", content: "noindex" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const list = await listProductsForAdmin({ page: pageFromUrl(url), query: url.searchParams.get("q") ?? "" });
  return json({
    ...list,
    pageCount: pageCount(list.total, list.pageSize),
    products: list.products.map((product) => ({ ...product, photoUrl: adminPhotoUrl(product, "thumb") })),
  });
}

export default function AdminProducts() {
  const { products, total, page, pageCount, query } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const searching = navigation.state === "loading" && navigation.location.pathname === "/dashboard/admin/products";
  return (
    <section>
      <h1 className="mb-4 text-2xl font-semibold">All Products List</h1>
      <Form method="get" role="search" aria-label="Search products" className="mb-6 flex max-w-xl items-end gap-2">
        <div className="flex-1">
          <label htmlFor="product-search" className="label">
            Search products by name
          </label>
          <input id="product-search" type="search" name="q" defaultValue={query} className="input" maxLength={100} />
        </div>
        <button type="submit" className="btn-secondary">
          Search
        </button>
      </Form>
      <p className="mb-4 text-sm text-gray-600" aria-live="polite">
        {query ? `${total} found for "${query}"` : `${total} products`}
      </p>
      <ul className={`grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4 ${searching ? "opacity-60" : ""}`}>
        {products.map((product) => (
          <li key={product.id}>
            <Link
              to={`/dashboard/admin/product/${product.slug}`}
              className="block h-full overflow-hidden rounded border border-gray-200 bg-white hover:shadow-md focus:outline-none focus:ring-2 focus:ring-gray-900"
            >
              {product.photoUrl ? (
                <img
                  src={product.photoUrl}
                  alt={product.name}
                  width={400}
                  height={400}
                  loading="lazy"
                  className="aspect-square w-full object-cover"
                />
              ) : (
                <div className="flex aspect-square w-full items-center justify-center bg-gray-100 text-sm text-gray-500">No photo</div>
              )}
              <div className="p-3">
                <h2 className="font-semibold">{product.name}</h2>
                <p className="text-sm text-gray-600">{preview(product.description)}</p>
                <p className="mt-1 text-sm">
                  {formatPrice(product.priceCents)} · {product.quantity} in stock · {product.category.name}
                </p>
              </div>
            </Link>
          </li>
        ))}
      </ul>
      {products.length === 0 ? <p className="text-gray-600">No products found.</p> : null}
      <Pager page={page} pageCount={pageCount} params={{ q: query }} label="Product pages" />
    </section>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
