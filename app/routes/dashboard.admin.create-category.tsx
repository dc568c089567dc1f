import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useActionData, useFetcher, useLoaderData, useNavigation } from "@remix-run/react";
import * as Dialog from "@radix-ui/react-dialog";
import { useEffect, useState } from "react";
import { jsonWithSuccess, redirectWithError, redirectWithSuccess } from "~/utils/toast.server";
import { AdminErrorBoundary } from "~/components/AdminErrorBoundary";
import { CategoryForm, type CategoryFormData } from "~/components/CategoryForm";
import { guardMeta } from "~/components/GuardScreen";
import { createCategory, deleteCategory, listCategories, renameCategory, type CategorySummary } from "~/models/category.server";
import { requireAdmin } from "~/utils/auth.server";
import { assertSameOrigin } from "~/utils/http.server";
import { readForm } from "~/utils/upload.server";
import { useHydrated } from "~/utils/use-hydrated";

const PATH = "/dashboard/admin/create-category";

export const meta: MetaFunction = ({ error }) =>
  guardMeta(error) ?? [{ title: "Manage Category | Storefront" }, { name: "robots", content: "noindex" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return json({ categories: await listCategories() });
}

// intent=create (the page's form), update (the Edit modal) or delete (a row's Delete button).
export async function action({ request }: ActionFunctionArgs) {
  await requireAdmin(request);
  assertSameOrigin(request);
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
              <CategoryRow key={category.id} category={category} hydrated={hydrated} onEdit={() => setEditing(category)} />
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

      <Dialog.Root open={editing !== null} onOpenChange={(open) => (open ? null : setEditing(null))}>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
          <Dialog.Content className="fixed left-1/2 top-1/2 z-50 w-[90vw] max-w-2xl -translate-x-1/2 -translate-y-1/2 rounded bg-white p-6 shadow-xl focus:outline-none">
            <Dialog.Title className="mb-4 text-lg font-semibold">Edit category</Dialog.Title>
            <Dialog.Description className="sr-only">Rename the category and press Submit.</Dialog.Description>
            {editing ? <EditCategory key={editing.id} category={editing} onDone={() => setEditing(null)} /> : null}
            <Dialog.Close className="btn-secondary mt-4">Cancel</Dialog.Close>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </section>
  );
}

function CategoryRow({ category, hydrated, onEdit }: { category: CategorySummary; hydrated: boolean; onEdit: () => void }) {
  const deleting = useFetcher();
  if (deleting.state !== "idle") return null; // optimistic: the row goes at once
  return (
    <tr className="border-t border-gray-200">
      <td className="px-4 py-2">{category.name}</td>
      <td className="flex gap-2 px-4 py-2">
        {hydrated ? (
          <button type="button" className="btn-primary" aria-label={`Edit ${category.name}`} onClick={onEdit}>
            Edit
          </button>
        ) : (
          <Link to={`/dashboard/admin/category/${category.id}`} className="btn-primary" aria-label={`Edit ${category.name}`}>
            Edit
          </Link>
        )}
        <deleting.Form method="post">
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="id" value={category.id} />
          <button type="submit" className="btn-danger" aria-label={`Delete ${category.name}`}>
            Delete
          </button>
        </deleting.Form>
      </td>
    </tr>
  );
}

function EditCategory({ category, onDone }: { category: CategorySummary; onDone: () => void }) {
  const fetcher = useFetcher<CategoryFormData>();
  const data = fetcher.data;
  useEffect(() => {
    if (fetcher.state === "idle" && data?.ok) onDone();
  }, [fetcher.state, data, onDone]);
  return (
    <CategoryForm
      intent="update"
      id={category.id}
      inputId="edit-category-name"
      defaultName={data?.values?.name ?? category.name}
      error={data?.errors?.name}
      pending={fetcher.state !== "idle"}
      fetcher={fetcher}
      action={PATH}
      autoFocus
    />
  );
}

export const ErrorBoundary = AdminErrorBoundary;
