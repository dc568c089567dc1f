import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { jsonWithSuccess, redirectWithError, redirectWithSuccess } from "~/http/toast.server";
import { AdminErrorBoundary } from "~/components/admin/AdminErrorBoundary";
import { CategoryForm, type CategoryFormData } from "~/components/admin/CategoryForm";
import { CategoryRow, EditCategoryDialog } from "~/components/admin/CategoryRow";
import { guardMeta } from "~/components/layout/GuardScreen";
import { createCategory, deleteCategory, listCategories, renameCategory, type CategorySummary } from "~/domain/catalog/category.server";
import { requireAdmin } from "~/http/auth.server";
import { assertSameOrigin } from "~/http/http.server";
import { readForm } from "~/http/request-input.server";
import { useHydrated } from "~/utils/hooks/use-hydrated";

const PATH = "/dashboard/admin/create-category";

export const meta: MetaFunction = ({ error }) =>
  guardMeta(error) ?? [{ title: "Manage Category | Storefront" }, { name: "robots", content: "noindex" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return json({ categories: await listCategories() });
}

// intent=create (the page's form), update (the Edit modal) or delete (a row's Delete button).
export async function action({ request, context }: ActionFunctionArgs) {
  await requireAdmin(request);
  assertSameOrigin(request, context);
  const form = await readForm(request, { fileFields: [] });
  if (!form.ok) return json<CategoryFormData>({ errors: { name: form.message } }, { status: form.status });
  const intent = form.formData.get("intent");
  const id = String(form.formData.get("id") ?? "");
  const name = form.formData.get("name");
  const values = { name: typeof name === "string" ? name : "" };

  if (intent === "delete") {
    const result = await deleteCategory(id);
    if (!result.ok) return redirectWithError(PATH, result.message);
    return redirectWithSuccess(PATH, "Category is deleted");
  }
  if (intent === "update") {
    const result = await renameCategory(id, { name });
    if (!result.ok)
      return json<CategoryFormData>(
        { intent, id, errors: { name: result.errors.name ?? result.message }, values },
        { status: result.status },
      );
    // The modal posts with a fetcher: answer in place (the list revalidates), with the toast.
    return jsonWithSuccess<CategoryFormData>({ intent, id, ok: true }, `${result.category.name} is updated`);
  }
  const result = await createCategory({ name });
  if (!result.ok)
    return json<CategoryFormData>(
      { intent: "create", errors: { name: result.errors.name ?? result.message }, values },
      { status: result.status },
    );
  return redirectWithSuccess(PATH, `${result.category.name} is created`);
}

export default function CreateCategory() {
  const { categories } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as CategoryFormData | undefined;
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const [editing, setEditing] = useState<CategorySummary | null>(null);
  const creating = navigation.state !== "idle" && navigation.formData?.get("intent") === "create";
  const createError = actionData?.intent === "create" ? actionData.errors?.name : undefined;

  return (
    <section>
      <h1 className="mb-4 text-2xl font-semibold">Manage Category</h1>
      <div className="mb-6 max-w-xl">
        <CategoryForm
          intent="create"
          inputId="new-category-name"
          // A refused name stays in the box; after a success the box is fresh.
          key={createError ? "error" : `fresh-${categories.length}`}
          defaultName={createError ? (actionData?.values?.name ?? "") : ""}
          error={createError}
          pending={creating}
        />
      </div>

      <div className="overflow-x-auto">
        <table className="w-full max-w-3xl overflow-hidden rounded border border-gray-200 bg-white text-left text-sm">
          <thead className="bg-gray-100">
            <tr>
              <th scope="col" className="px-4 py-2">
                Name
              </th>
              <th scope="col" className="px-4 py-2">
                Actions
              </th>
            </tr>
          </thead>
          <tbody>
            {categories.map((category) => (
              <CategoryRow key={category.id} category={category} hydrated={hydrated} onEdit={() => setEditing(category)} action={PATH} />
            ))}
            {categories.length === 0 ? (
              <tr>
                <td colSpan={2} className="px-4 py-6 text-center text-gray-600">
                  No categories yet.
                </td>
              </tr>
            ) : null}
          </tbody>
        </table>
      </div>

      <EditCategoryDialog category={editing} onClose={() => setEditing(null)} action={PATH} />
    </section>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
