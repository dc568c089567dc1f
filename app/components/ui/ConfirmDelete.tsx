import * as Dialog from "@radix-ui/react-dialog";
import { Link, useFetcher } from "@remix-run/react";
import { useState } from "react";
import { useHydrated } from "~/utils/hooks/use-hydrated";

/**
 * A Delete button that asks first: with JavaScript a Radix dialog (focus
 * trapped, Escape and Cancel close it) whose confirm button posts `fields`
 * to `action`; without JavaScript a link to `confirmPage`, a page that asks
 * the same and posts to the same action.
 */
export function ConfirmDelete({
  label,
  buttonText = "Delete",
  title,
  description,
  confirmText,
  action,
  fields,
  confirmPage,
}: {
  /** The button's accessible name, e.g. "Delete Lamps". */
  label?: string;
  buttonText?: string;
  title: string;
  description: React.ReactNode;
  confirmText: string;
  action: string;
  fields: Record<string, string>;
  confirmPage: string;
}) {
  const hydrated = useHydrated();
  // The fetcher lives here, outside the dialog, so the post goes on (and its toast shows) after the dialog closes.
  const fetcher = useFetcher();
  const [open, setOpen] = useState(false);
  if (!hydrated) {
    return (
      <Link to={confirmPage} className="btn-danger" aria-label={label}>
        {buttonText}
      </Link>
    );
  }
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger className="btn-danger" aria-label={label} disabled={fetcher.state !== "idle"}>
        {buttonText}
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 w-[90vw] max-w-md -translate-x-1/2 -translate-y-1/2 rounded bg-white p-6 shadow-xl focus:outline-none">
          <Dialog.Title className="mb-2 text-lg font-semibold">{title}</Dialog.Title>
          <Dialog.Description className="mb-6 break-words text-gray-700">{description}</Dialog.Description>
          <div className="flex flex-wrap gap-3">
            <fetcher.Form method="post" action={action} onSubmit={() => setOpen(false)}>
              {Object.entries(fields).map(([name, value]) => (
                <input key={name} type="hidden" name={name} value={value} />
              ))}
              <button type="submit" className="btn-danger">
                {confirmText}
              </button>
            </fetcher.Form>
            <Dialog.Close className="btn-secondary">Cancel</Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
