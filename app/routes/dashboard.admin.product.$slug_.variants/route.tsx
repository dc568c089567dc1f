import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { AdminErrorBoundary } from "~/components/admin/AdminErrorBoundary";
import { VariantsForm } from "~/components/admin/VariantsForm";
import { guardMeta } from "~/components/layout/GuardScreen";
import { requireAdmin } from "~/http/auth.server";
import { getProductForAdmin } from "~/domain/catalog/product.server";
import { variantFormAction, variantFormState, type VariantFormAnswer } from "~/http/variant-form.server";
import { assertSameOrigin, foundOr404 } from "~/http/http.server";
import { redirectWithSuccess } from "~/http/toast.server";

// A product's options and variants: generate a row per combination, then save them.
export const meta: MetaFunction = ({ error }) =>
  guardMeta(error) ?? [{ title: "Options and variants | Storefront" }, { name: "robots", content: "noindex" }];

async function productAndForm(request: Request, slug: string | undefined) {
  await requireAdmin(request);
  const product = foundOr404(await getProductForAdmin(slug ?? ""), "Product not found");
  const form = foundOr404(await variantFormState(product.id), "Product not found");
  return { product, form };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { product, form } = await productAndForm(request, params.slug);
  return json({ product: { name: product.name, slug: product.slug }, form });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  assertSameOrigin(request, context);
  const { product, form } = await productAndForm(request, params.slug);
  const result = await variantFormAction(request, product.id, form.basePrice);
  if (!result.ok) return result.response;
  return redirectWithSuccess(`/dashboard/admin/product/${product.slug}/variants`, "Variants saved");
}

export default function ProductVariants() {
  const { product, form } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as VariantFormAnswer | undefined;
  const state = answer?.rows ? answer : form;
  return (
    <section className="space-y-4">
      <p className="text-sm">
        <Link to={`/dashboard/admin/product/${product.slug}`} className="underline">
          ← {product.name}
        </Link>
      </p>
      <h1 className="text-2xl font-semibold">Options and variants</h1>
      {/* A new state (generated or refused rows, or the stock there is now) starts the form afresh, so its fields show it. */}
      <VariantsForm key={JSON.stringify(state.rows.map((row) => [row.title, row.expectedQuantity]))} state={state} />
    </section>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
