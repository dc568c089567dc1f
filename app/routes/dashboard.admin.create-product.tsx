import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { redirectWithSuccess } from "~/http/toast.server";
import { AdminErrorBoundary } from "~/components/admin/AdminErrorBoundary";
import { guardMeta } from "~/components/layout/GuardScreen";
import { ProductForm } from "~/components/admin/ProductForm";
import { listCategories } from "~/domain/catalog/category.server";
import { createProduct } from "~/domain/catalog/product.server";
import { requireAdmin } from "~/http/auth.server";
import { env } from "~/utils/env.server";
import { assertSameOrigin } from "~/http/http.server";
import { saveProductForm, type ProductActionData } from "~/http/product-form.server";
import { formatMegabytes } from "~/http/request-input.server";

export const meta: MetaFunction = ({ error }) =>
  guardMeta(error) ?? [{ title: "Create Product | Storefront" }, { name: "robots", content: "noindex" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const maxUploadBytes = env().MAX_UPLOAD_BYTES;
  return json({ categories: await listCategories(), maxUploadBytes, maxUploadLabel: formatMegabytes(maxUploadBytes) });
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireAdmin(request);
  assertSameOrigin(request, context);
  const saved = await saveProductForm(request, createProduct);
  if (!saved.ok) return saved.response;
  return redirectWithSuccess("/dashboard/admin/products", "Product Created Successfully");
}

export default function CreateProduct() {
  const { categories, maxUploadBytes, maxUploadLabel } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ProductActionData | undefined;
  return (
    <section>
      <h1 className="mb-4 text-2xl font-semibold">Create Product</h1>
      <ProductForm
        categories={categories}
        errors={actionData?.errors}
        values={actionData?.values}
        submitLabel="CREATE PRODUCT"
        maxUploadBytes={maxUploadBytes}
        maxUploadLabel={maxUploadLabel}
      />
    </section>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
