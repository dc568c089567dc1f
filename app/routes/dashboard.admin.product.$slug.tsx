import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { redirectWithSuccess } from "~/http/toast.server";
import { AdminErrorBoundary } from "~/components/admin/AdminErrorBoundary";
import { guardMeta } from "~/components/layout/GuardScreen";
import { ConfirmDelete } from "~/components/ui/ConfirmDelete";
import { ProductForm } from "~/components/admin/ProductForm";
import { listCategories } from "~/domain/catalog/category.server";
import { adminPhotoUrl, getProductForAdmin, updateProduct } from "~/domain/catalog/product.server";
import { requireAdmin } from "~/http/auth.server";
import { env } from "~/utils/env.server";
import { assertSameOrigin, foundOr404 } from "~/http/http.server";
import { saveProductForm, type ProductActionData } from "~/http/product-form.server";
import { formatMegabytes } from "~/http/request-input.server";

const DELETE_QUESTION = "Are You Sure want to delete this product?";

export const meta: MetaFunction = ({ error }) =>
  guardMeta(error) ?? [{ title: "Update Product | Storefront" }, { name: "robots", content: "noindex" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const [found, categories] = await Promise.all([getProductForAdmin(params.slug ?? ""), listCategories()]);
  const product = foundOr404(found, "Product not found");
  const maxUploadBytes = env().MAX_UPLOAD_BYTES;
  return json({
    product: {
      id: product.id,
      slug: product.slug,
      name: product.name,
      description: product.description,
      price: (product.priceCents / 100).toFixed(2),
      quantity: String(product.quantity),
      shipping: product.shipping,
      categoryId: product.category.id,
      photoUrl: adminPhotoUrl(product),
      variantCount: product.variants.length,
      options: product.options.map((option) => option.name),
    },
    categories,
    maxUploadBytes,
    maxUploadLabel: formatMegabytes(maxUploadBytes),
  });
}

// UPDATE PRODUCT. (DELETE PRODUCT posts to the confirmation route, ./delete.)
export async function action({ request, params, context }: ActionFunctionArgs) {
  await requireAdmin(request);
  assertSameOrigin(request, context);
  const product = foundOr404(await getProductForAdmin(params.slug ?? ""), "Product not found");
  const saved = await saveProductForm(request, (input) => updateProduct(product.id, input));
  if (!saved.ok) return saved.response;
  return redirectWithSuccess("/dashboard/admin/products", "Product Updated Successfully");
}

export default function UpdateProduct() {
  const { product, categories, maxUploadBytes, maxUploadLabel } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ProductActionData | undefined;
  const deletePath = `/dashboard/admin/product/${product.slug}/delete`;
  return (
    <section>
      <h1 className="mb-4 text-2xl font-semibold">Update Product</h1>
      <ProductForm
        key={product.id}
        categories={categories}
        product={product}
        errors={actionData?.errors}
        values={actionData?.values}
        submitLabel="UPDATE PRODUCT"
        maxUploadBytes={maxUploadBytes}
        maxUploadLabel={maxUploadLabel}
      />
      <section aria-labelledby="variants-heading" className="mt-6 max-w-2xl rounded border border-gray-200 bg-white p-4">
        <h2 id="variants-heading" className="font-semibold">
          Options and variants
        </h2>
        <p className="mt-1 text-sm text-gray-700">
          {product.variantCount
            ? `${product.variantCount} variants by ${product.options.join(", ")}, each with its own price and stock.`
            : "None: one price and one stock count."}
        </p>
        <Link to={`/dashboard/admin/product/${product.slug}/variants`} className="btn-secondary mt-3 inline-block">
          Edit options and variants
        </Link>
      </section>
      <div className="mt-4">
        {/* The spec's question, in a dialog with JavaScript; the confirmation page without. */}
        <ConfirmDelete
          buttonText="DELETE PRODUCT"
          title={DELETE_QUESTION}
          description={`“${product.name}” leaves the shop at once. Orders that include it keep their lines.`}
          confirmText="Yes, delete this product"
          action={deletePath}
          fields={{ intent: "delete" }}
          confirmPage={deletePath}
        />
      </div>
    </section>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
