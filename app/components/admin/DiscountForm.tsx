import { Form } from "@remix-run/react";
import { discountFormSchema } from "~/domain/discounts/discount.schema";
import { fieldProps, useSchemaForm } from "~/utils/hooks/use-schema-form";
import { FormError, TextField } from "~/components/ui/TextField";

/** The discount form's fields as text (what a refused post keeps, or the stored code's values). */
export type DiscountFormValues = Record<
  "code" | "kind" | "percentOff" | "amountOff" | "minSubtotal" | "startsAt" | "endsAt" | "maxUses" | "oncePerCustomer",
  string
>;
export const DISCOUNT_FORM_FIELDS: (keyof DiscountFormValues)[] = [
  "code",
  "kind",
  "percentOff",
  "amountOff",
  "minSubtotal",
  "startsAt",
  "endsAt",
  "maxUses",
  "oncePerCustomer",
];

export type DiscountFormAnswer = { errors?: Record<string, string>; values?: Record<string, string> };

/** Create and edit: one form, validated in the page and by the action with discountInputSchema. */
export function DiscountForm({
  answer,
  defaults,
  submitLabel,
  pending = false,
}: {
  answer?: DiscountFormAnswer;
  defaults?: Partial<DiscountFormValues>;
  submitLabel: string;
  pending?: boolean;
}) {
  const { fields, values, formProps } = useSchemaForm(discountFormSchema, answer, {
    id: "discount-form",
    defaultValue: { kind: "percent", ...defaults },
  });
  const kindError = fields.kind.errors?.[0];
  return (
    <Form method="post" className="grid max-w-2xl gap-4 rounded border border-gray-200 bg-white p-4 sm:grid-cols-2" {...formProps}>
      <input type="hidden" name="intent" value="save" />
      {answer?.errors?.form ? (
        <div className="sm:col-span-2">
          <FormError message={answer.errors.form} />
        </div>
      ) : null}
      <div className="sm:col-span-2">
        <TextField
          label="Code"
          hint="Letters, digits and dashes; shoppers may type it in any case"
          autoComplete="off"
          spellCheck={false}
          className="input uppercase"
          {...fieldProps(fields.code, values)}
        />
      </div>
      <fieldset className="sm:col-span-2">
        <legend className="label">Kind</legend>
        <div className="flex flex-wrap gap-4 text-sm">
          <label className="flex items-center gap-2">
            <input type="radio" name="kind" value="percent" defaultChecked={values.kind !== "amount"} /> Percent off
          </label>
          <label className="flex items-center gap-2">
            <input type="radio" name="kind" value="amount" defaultChecked={values.kind === "amount"} /> Amount off
          </label>
        </div>
        {kindError ? <p className="field-error">{kindError}</p> : null}
      </fieldset>
      <TextField label="Percent off (%)" hint="1 to 100, for percent off" inputMode="numeric" {...fieldProps(fields.percentOff, values)} />
      <TextField label="Amount off ($)" hint="For amount off, e.g. 5.00" inputMode="decimal" {...fieldProps(fields.amountOff, values)} />
      <TextField label="Minimum subtotal ($)" hint="Optional" inputMode="decimal" {...fieldProps(fields.minSubtotal, values)} />
      <TextField
        label="Total uses"
        hint="Optional: how many orders may use it"
        inputMode="numeric"
        {...fieldProps(fields.maxUses, values)}
      />
      <TextField label="Starts (UTC)" hint="Optional" type="datetime-local" {...fieldProps(fields.startsAt, values)} />
      <TextField label="Ends (UTC)" hint="Optional" type="datetime-local" {...fieldProps(fields.endsAt, values)} />
      <label className="flex items-center gap-2 text-sm sm:col-span-2">
        <input type="checkbox" name="oncePerCustomer" defaultChecked={values.oncePerCustomer === "on"} /> Once per customer
      </label>
      <div className="sm:col-span-2">
        <button type="submit" className="btn-primary" disabled={pending}>
          {pending ? "Saving..." : submitLabel}
        </button>
      </div>
    </Form>
  );
}
