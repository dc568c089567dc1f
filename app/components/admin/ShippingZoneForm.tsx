import { Form } from "@remix-run/react";
import { useId, useState } from "react";
import { FormError, TextField } from "~/components/ui/TextField";
import { checkZoneForm, METHOD_ROWS, methodField, type ZoneFormValues } from "~/domain/shipping/zone-form";
import type { FieldErrors } from "~/utils/validation";

export type ZoneFormAnswer = { errors?: FieldErrors; values?: Record<string, string> };

/**
 * Create and edit a shipping zone: name, countries, regions and method rows
 * (a blank row is skipped). With JavaScript the page checks it with the
 * action's own rules (zone-form.ts) and sends nothing when refused; without,
 * the action answers with the same messages beside the same fields.
 */
export function ShippingZoneForm({
  answer,
  defaults = {},
  rows = METHOD_ROWS,
  submitLabel,
  pending = false,
}: {
  answer?: ZoneFormAnswer;
  defaults?: ZoneFormValues;
  rows?: number;
  submitLabel: string;
  pending?: boolean;
}) {
  const [pageErrors, setPageErrors] = useState<FieldErrors | null>(null);
  const errors = pageErrors ?? answer?.errors ?? {};
  const values: ZoneFormValues = { ...defaults, ...answer?.values };
  const text = (name: string) => ({ name, defaultValue: values[name] ?? "", error: errors[name] });

  function check(event: React.FormEvent<HTMLFormElement>) {
    const fields = Object.fromEntries([...new FormData(event.currentTarget)].map(([name, value]) => [name, String(value)]));
    const checked = checkZoneForm(fields);
    setPageErrors(checked.ok ? null : checked.errors);
    if (checked.ok) return;
    event.preventDefault();
    const first = Object.keys(checked.errors)[0];
    const field = event.currentTarget.elements.namedItem(first);
    if (field instanceof HTMLElement) field.focus();
  }

  return (
    <Form method="post" noValidate className="grid max-w-3xl gap-4 rounded border border-gray-200 bg-white p-4" onSubmit={check}>
      <FormError message={errors.form} />
      <TextField label="Zone name" maxLength={60} autoComplete="off" required {...text("name")} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Countries"
          hint="ISO 3166-1 two-letter codes, separated by commas: BE, NL"
          autoComplete="off"
          spellCheck={false}
          className="input uppercase"
          required
          {...text("countries")}
        />
        <TextField
          label="Regions (optional)"
          hint="ISO 3166-2 codes: only these regions of their country, e.g. US-NY, US-NJ"
          autoComplete="off"
          spellCheck={false}
          className="input uppercase"
          {...text("regions")}
        />
      </div>
      <fieldset className="grid min-w-0 gap-3">
        <legend className="label">Delivery methods</legend>
        <p className="-mt-1 text-xs text-gray-600">
          Prices in dollars. Free from: the method costs nothing when the goods, after discount, come to at least this. Leave a row empty to
          skip it.
        </p>
        <FormError message={errors.methods} />
        {Array.from({ length: rows }, (_, i) => i + 1).map((row) => (
          <fieldset key={row} className="grid min-w-0 grid-cols-2 gap-3 rounded border border-gray-200 p-3 lg:grid-cols-4">
            <legend className="px-1 text-sm font-medium text-gray-800">Method {row}</legend>
            {values[methodField(row, "Id")] ? (
              <input type="hidden" name={methodField(row, "Id")} value={values[methodField(row, "Id")]} />
            ) : null}
            <RowField row={row} label="Name" maxLength={60} wide {...text(methodField(row, "Name"))} />
            <RowField row={row} label="Price ($)" inputMode="decimal" {...text(methodField(row, "Price"))} />
            <RowField row={row} label="Free from ($)" inputMode="decimal" {...text(methodField(row, "FreeFrom"))} />
            <RowField row={row} label="Estimate" maxLength={60} wide {...text(methodField(row, "Estimate"))} />
          </fieldset>
        ))}
      </fieldset>
      <div>
        <button type="submit" name="intent" value="save" className="btn-primary" disabled={pending}>
          {pending ? "Saving..." : submitLabel}
        </button>
      </div>
    </Form>
  );
}

/**
 * A method row's input: a short visible label, named with its row for screen
 * readers ("Method 2 Price ($)"). `wide`: the whole row on phones (name,
 * estimate), the two amounts side by side.
 */
function RowField({
  row,
  label,
  name,
  error,
  wide = false,
  ...inputProps
}: { row: number; label: string; name: string; error?: string; wide?: boolean } & Omit<
  React.InputHTMLAttributes<HTMLInputElement>,
  "name"
>) {
  const id = useId();
  return (
    <div className={`min-w-0 ${wide ? "col-span-2 lg:col-span-1" : ""}`}>
      <label htmlFor={id} className="label">
        <span className="sr-only">Method {row} </span>
        {label}
      </label>
      <input
        id={id}
        name={name}
        type="text"
        autoComplete="off"
        className="input"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...inputProps}
      />
      {error ? (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
