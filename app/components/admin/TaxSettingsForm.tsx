import { Form } from "@remix-run/react";
import { useId } from "react";
import { FormError } from "~/components/ui/TextField";
import type { FieldErrors } from "~/utils/validation";

/** The shop's two tax settings, each a Yes/No select. */
export function TaxSettingsForm({
  settings,
  errors = {},
  pending = false,
}: {
  settings: { pricesIncludeTax: boolean; taxShipping: boolean };
  errors?: FieldErrors;
  pending?: boolean;
}) {
  return (
    <Form method="post" className="grid max-w-3xl gap-4 rounded border border-gray-200 bg-white p-4 sm:grid-cols-2">
      {errors.form ? (
        <div className="sm:col-span-2">
          <FormError message={errors.form} />
        </div>
      ) : null}
      <YesNo
        name="pricesIncludeTax"
        label="Catalogue prices include tax"
        hint="Yes: tax is inside the prices, as in Europe. No: tax is added at checkout, as in the United States."
        value={settings.pricesIncludeTax}
        error={errors.pricesIncludeTax}
      />
      <YesNo
        name="taxShipping"
        label="Tax shipping"
        hint="Yes: the delivery price is taxed at the address's rate too."
        value={settings.taxShipping}
        error={errors.taxShipping}
      />
      <div className="sm:col-span-2">
        <button type="submit" name="intent" value="settings" className="btn-primary" disabled={pending}>
          {pending ? "Saving..." : "Save settings"}
        </button>
      </div>
    </Form>
  );
}

function YesNo({ name, label, hint, value, error }: { name: string; label: string; hint: string; value: boolean; error?: string }) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="label">
        {label}
      </label>
      <select
        id={id}
        name={name}
        className="input"
        defaultValue={value ? "1" : "0"}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
      >
        <option value="0">No</option>
        <option value="1">Yes</option>
      </select>
      <p id={`${id}-hint`} className="mt-1 text-xs text-gray-600">
        {hint}
      </p>
      {error ? (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
