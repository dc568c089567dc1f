import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { redirectWithError, redirectWithSuccess } from "~/http/toast.server";
import { AdminErrorBoundary } from "~/components/admin/AdminErrorBoundary";
import { guardMeta } from "~/components/layout/GuardScreen";
import { deleteProduct, getProductForAdmin } from "~/domain/catalog/product.server";
import { requireAdmin } from "~/http/auth.server";
import { assertSameOrigin, foundOr404 } from "~/http/http.server";
import { formatPrice } from "~/utils/money";

// DELETE PRODUCT: the confirmation page without JavaScript, and the one
// delete action for both (the update page's prompt posts here).
export const meta: MetaFunction = ({ error }) =>
  guardMeta(error) ?? [{ title: "Delete Product | Storefront" }, { name: "robots", content: "noindex" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const product = foundOr404(await getProductForAdmin(params.slug ?? ""), "Product not found");
  return json({ product: { slug: product.slug, name: product.name, priceCents: product.priceCents } });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  await requireAdmin(request);
  assertSameOrigin(request, context);
  const product = foundOr404(await getProductForAdmin(params.slug ?? ""), "Product not found");
  const result = await deleteProduct(product.id);
  if (!result.ok) return redirectWithError("/dashboard/admin/products", result.message);
  return redirectWithSuccess("/dashboard/admin/products", "Product Deleted Successfully");
}

export default function ConfirmDeleteProduct() {
  const { product } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  return (
    <section className="max-w-xl">
      <h1 className="mb-4 text-2xl font-semibold">Delete product</h1>
      <p className="mb-2">Are You Sure want to delete this product?</p>
      <p className="mb-6 font-medium">
        {product.name} · {formatPrice(product.priceCents)}
      </p>
      <p className="mb-6 text-sm text-gray-600">Past orders keep this product's name and price.</p>
      <div className="flex gap-3">
        <Form method="post">
          <input type="hidden" name="intent" value="delete" />
          <button type="submit" className="btn-danger" disabled={navigation.state !== "idle"}>
            Yes, delete this product
          </button>
        </Form>
        <Link to={`/dashboard/admin/product/${product.slug}`} className="btn-secondary">
          Cancel
        </Link>
      </div>
    </section>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
