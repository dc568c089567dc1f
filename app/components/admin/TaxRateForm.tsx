import { Form } from "@remix-run/react";
import { FormError, TextField } from "~/components/ui/TextField";
import { taxRateInputSchema } from "~/domain/tax/rates.schema";
import { fieldProps, useSchemaForm } from "~/utils/hooks/use-schema-form";
import type { Failure } from "~/domain/outcome";
import type { FieldErrors } from "~/utils/validation";

/** A tax form's answer from the action: which form it is for, the messages, the kept values. */
export type TaxFormAnswer = { intent?: string; errors?: FieldErrors; values?: Record<string, string> };
export type TaxRateFormValues = Record<"country" | "region" | "rate" | "name", string>;
export const TAX_RATE_FIELDS: (keyof TaxRateFormValues)[] = ["country", "region", "rate", "name"];

/**
 * A refused save as the form's answer: each field's message beside it; a
 * place that already has a rate (409) or a rate gone (404) also above the
 * form, the taken place under Region, or under Country for a country's rate.
 */
export function rateRefusal(intent: string, result: Failure, values: Record<string, string>): TaxFormAnswer {
  if (result.status === 400) return { intent, errors: result.errors, values };
  const { region, ...rest } = result.errors;
  const taken: FieldErrors = region ? { [values.region?.trim() ? "region" : "country"]: region } : {};
  return { intent, errors: { form: result.message, ...rest, ...taken }, values };
}

/** Add and edit a rate: one form, checked in the page and by the action with taxRateInputSchema. */
export function TaxRateForm({
  answer,
  defaults,
  intent,
  submitLabel,
  pending = false,
}: {
  answer?: TaxFormAnswer;
  defaults?: Partial<TaxRateFormValues>;
  intent: string;
  submitLabel: string;
  pending?: boolean;
}) {
  const { fields, values, formProps } = useSchemaForm(taxRateInputSchema, answer, { id: `tax-rate-${intent}`, defaultValue: defaults });
  return (
    <Form method="post" className="grid max-w-3xl gap-4 rounded border border-gray-200 bg-white p-4 sm:grid-cols-2" {...formProps}>
      {answer?.errors?.form ? (
        <div className="sm:col-span-2">
          <FormError message={answer.errors.form} />
        </div>
      ) : null}
      <TextField
        label="Country code"
        hint="Two letters, e.g. US"
        autoComplete="off"
        spellCheck={false}
        className="input uppercase"
        {...fieldProps(fields.country, values)}
      />
      <TextField
        label="Region (optional)"
        hint="The country and the region's code, e.g. US-NY; empty: the whole country"
        autoComplete="off"
        spellCheck={false}
        className="input uppercase"
        {...fieldProps(fields.region, values)}
      />
      <TextField
        label="Rate (%)"
        hint="Percent, up to three decimals, e.g. 8.875"
        inputMode="decimal"
        {...fieldProps(fields.rate, values)}
      />
      <TextField label="Name (optional)" hint="What buyers see, e.g. NY sales tax" {...fieldProps(fields.name, values)} />
      <div className="sm:col-span-2">
        <button type="submit" name="intent" value={intent} className="btn-primary" disabled={pending}>
          {pending ? "Saving..." : submitLabel}
        </button>
      </div>
    </Form>
  );
}
