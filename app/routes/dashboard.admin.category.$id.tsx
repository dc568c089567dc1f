import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { redirectWithSuccess } from "~/http/toast.server";
import { AdminErrorBoundary } from "~/components/admin/AdminErrorBoundary";
import { CategoryForm, type CategoryFormData } from "~/components/admin/CategoryForm";
import { guardMeta } from "~/components/layout/GuardScreen";
import { getCategory, renameCategory } from "~/domain/catalog/category.server";
import { requireAdmin } from "~/http/auth.server";
import { assertSameOrigin, notFound } from "~/http/http.server";
import { readForm } from "~/http/request-input.server";

// The Edit modal's page, for browsers without JavaScript.
export const meta: MetaFunction = ({ error }) =>
  guardMeta(error) ?? [{ title: "Edit Category | Storefront" }, { name: "robots", content: "noindex" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const category = await getCategory(params.id ?? "");
  if (!category) throw notFound("Category not found");
  return json({ category });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  await requireAdmin(request);
  assertSameOrigin(request, context);
  const form = await readForm(request, { fileFields: [] });
  if (!form.ok) return json<CategoryFormData>({ errors: { name: form.message } }, { status: form.status });
  const name = form.formData.get("name");
  const result = await renameCategory(params.id ?? "", { name });
  if (!result.ok) {
    if (result.status === 404) throw notFound("Category not found");
    return json<CategoryFormData>(
      { errors: { name: result.errors.name ?? result.message }, values: { name: typeof name === "string" ? name : "" } },
      { status: result.status },
    );
  }
  return redirectWithSuccess("/dashboard/admin/create-category", `${result.category.name} is updated`);
}

export default function EditCategoryPage() {
  const { category } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as CategoryFormData | undefined;
  const navigation = useNavigation();
  return (
    <section className="max-w-xl">
      <h1 className="mb-4 text-2xl font-semibold">Edit category</h1>
      <CategoryForm
        intent="update"
        id={category.id}
        inputId="edit-category-name"
        defaultName={actionData?.values?.name ?? category.name}
        error={actionData?.errors?.name}
        pending={navigation.state !== "idle"}
      />
      <Link to="/dashboard/admin/create-category" className="btn-secondary mt-4">
        Cancel
      </Link>
    </section>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
