import { Form, type FetcherWithComponents } from "@remix-run/react";
import { useMemo } from "react";
import { categoryInputSchema } from "~/domain/catalog/category.schema";
import { useSchemaForm } from "~/utils/hooks/use-schema-form";

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
  // The server's message, or the page's own from the same schema (nothing is sent then).
  const answer = useMemo(() => (error ? { errors: { name: error } } : undefined), [error]);
  const { fields, formProps } = useSchemaForm(categoryInputSchema, answer, { id: `${inputId}-form` });
  const shownError = fields.name.errors?.[0] ?? error;
  return (
    <FormElement method="post" action={action} className="flex flex-col gap-3 sm:flex-row sm:items-start" {...formProps}>
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
          required={fields.name.required}
          maxLength={fields.name.maxLength}
          autoFocus={autoFocus}
          aria-invalid={shownError ? true : undefined}
          aria-describedby={shownError ? errorId : undefined}
        />
        {shownError ? (
          <p id={errorId} className="field-error" role="alert">
            {shownError}
          </p>
        ) : null}
      </div>
      <button type="submit" className="btn-primary sm:mt-6" disabled={pending} aria-busy={pending || undefined}>
        Submit
      </button>
    </FormElement>
  );
}
