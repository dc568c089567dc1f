import * as Dialog from "@radix-ui/react-dialog";
import { Link, useFetcher } from "@remix-run/react";
import { useEffect } from "react";
import { CategoryForm, type CategoryFormData } from "~/components/admin/CategoryForm";
import { ConfirmDelete } from "~/components/ui/ConfirmDelete";
import type { CategorySummary } from "~/domain/catalog/category.server";

/** Renaming a category in a dialog (with JavaScript; without, Edit is a link to the category's own page). */
export function EditCategoryDialog({
  category,
  onClose,
  action,
}: {
  category: CategorySummary | null;
  onClose: () => void;
  action: string;
}) {
  const editing = category;
  return (
    <Dialog.Root open={editing !== null} onOpenChange={(open) => (open ? null : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 w-[90vw] max-w-2xl -translate-x-1/2 -translate-y-1/2 rounded bg-white p-6 shadow-xl focus:outline-none">
          <Dialog.Title className="mb-4 text-lg font-semibold">Edit category</Dialog.Title>
          <Dialog.Description className="sr-only">Rename the category and press Submit.</Dialog.Description>
          {editing ? <EditCategory key={editing.id} category={editing} onDone={onClose} action={action} /> : null}
          <Dialog.Close className="btn-secondary mt-4">Cancel</Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

export function CategoryRow({
  category,
  hydrated,
  onEdit,
  action,
}: {
  category: CategorySummary;
  hydrated: boolean;
  onEdit: () => void;
  action: string;
}) {
  return (
    <tr className="border-t border-gray-200">
      <td className="break-words px-4 py-2">{category.name}</td>
      <td className="flex flex-wrap gap-2 px-4 py-2">
        {hydrated ? (
          <button type="button" className="btn-primary" aria-label={`Edit ${category.name}`} onClick={onEdit}>
            Edit
          </button>
        ) : (
          <Link to={`/dashboard/admin/category/${category.id}`} className="btn-primary" aria-label={`Edit ${category.name}`}>
            Edit
          </Link>
        )}
        {/* Deleting asks first: a dialog with JavaScript, a confirmation page without (D19). */}
        <ConfirmDelete
          label={`Delete ${category.name}`}
          title="Delete category?"
          description={`“${category.name}” and its page will be gone. A category that still has products cannot be deleted.`}
          confirmText="Yes, delete this category"
          action={action}
          fields={{ intent: "delete", id: category.id }}
          confirmPage={`/dashboard/admin/category/${category.id}/delete`}
        />
      </td>
    </tr>
  );
}

function EditCategory({ category, onDone, action }: { category: CategorySummary; onDone: () => void; action: string }) {
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
      action={action}
      autoFocus
    />
  );
}
