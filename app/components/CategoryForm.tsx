import { Form, type FetcherWithComponents } from "@remix-run/react";

export type CategoryFormData = { intent?: string; id?: string; errors?: Record<string, string>; values?: { name?: string }; ok?: boolean };

/**
 * The one category form: the create form on the page, the rename form in the
 * Edit modal (posted by a fetcher) and on the no-JavaScript edit page.
 */
export function CategoryForm({
  intent,
  id,
  defaultName = "",
  error,
  pending = false,
  fetcher,
  action,
  inputId,
  autoFocus,
}: {
  intent: "create" | "update";
  id?: string;
  defaultName?: string;
  error?: string;
  pending?: boolean;
  fetcher?: FetcherWithComponents<unknown>;
  action?: string;
  inputId: string;
  autoFocus?: boolean;
}) {
  const FormElement = fetcher ? fetcher.Form : Form;
  const errorId = `${inputId}-error`;
  return (
    <FormElement method="post" action={action} className="flex flex-col gap-3 sm:flex-row sm:items-start" noValidate={false}>
      <input type="hidden" name="intent" value={intent} />
      {id ? <input type="hidden" name="id" value={id} /> : null}
      <div className="flex-1">
        <label htmlFor={inputId} className="label">
          {intent === "create" ? "New category name" : "Category name"}
        </label>
        <input
          id={inputId}
          name="name"
          type="text"
          className="input"
          placeholder="Enter new category"
          defaultValue={defaultName}
          required
          maxLength={60}
          autoFocus={autoFocus}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        {error ? (
          <p id={errorId} className="field-error" role="alert">
            {error}
          </p>
        ) : null}
      </div>
      <button type="submit" className="btn-primary sm:mt-6" disabled={pending} aria-busy={pending || undefined}>
        Submit
      </button>
    </FormElement>
  );
}
