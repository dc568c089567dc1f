import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { AdminErrorBoundary } from "~/components/admin/AdminErrorBoundary";
import { guardMeta } from "~/components/layout/GuardScreen";
import { Pager } from "~/components/ui/Pager";
import { adminPhotoUrl, listProductsForAdmin } from "~/domain/catalog/product.server";
import { requireAdmin } from "~/http/auth.server";
import { formatPrice } from "~/utils/money";
import { pageFromUrl } from "~/utils/paging";
import { preview } from "~/utils/text";

export const meta: MetaFunction = ({ error }) =>
  guardMeta(error) ?? [{ title: "All Products List | Storefront" }, { name: "robots", content: "noindex" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const list = await listProductsForAdmin({ page: pageFromUrl(url), query: url.searchParams.get("q") ?? "" });
  return json({ ...list, items: list.items.map((product) => ({ ...product, photoUrl: adminPhotoUrl(product, "thumb") })) });
}

export default function AdminProducts() {
  const { items: products, total, page, pageCount, query } = useLoaderData<typeof loader>();
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
      {/* A compact list (one row per product, a small photo) so a phone shows a page of them without endless scrolling. */}
      <ul
        className={`divide-y divide-gray-200 rounded border border-gray-200 bg-white ${searching ? "opacity-60" : ""}`}
        aria-label="Products"
      >
        {products.map((product) => (
          <li key={product.id}>
            <Link
              to={`/dashboard/admin/product/${product.slug}`}
              className="flex items-center gap-3 p-3 hover:bg-gray-50 focus:outline-none focus:ring-2 focus:ring-inset focus:ring-gray-900"
            >
              {product.photoUrl ? (
                <img
                  src={product.photoUrl}
                  alt=""
                  width={56}
                  height={56}
                  loading="lazy"
                  className="h-14 w-14 shrink-0 rounded object-cover"
                />
              ) : (
                <div
                  className="flex h-14 w-14 shrink-0 items-center justify-center rounded bg-gray-100 text-[10px] text-gray-700"
                  aria-hidden="true"
                >
                  No photo
                </div>
              )}
              <div className="min-w-0 flex-1">
                <h2 className="truncate font-semibold">{product.name}</h2>
                <p className="truncate text-sm text-gray-600">{preview(product.description)}</p>
              </div>
              <div className="shrink-0 text-right text-sm">
                <p className="font-semibold">{formatPrice(product.priceCents)}</p>
                <p className={product.quantity > 0 ? "text-gray-600" : "font-medium text-red-700"}>
                  {product.quantity > 0 ? `${product.quantity} in stock` : "Out of stock"}
                </p>
                <p className="hidden text-gray-600 sm:block">{product.category.name}</p>
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
