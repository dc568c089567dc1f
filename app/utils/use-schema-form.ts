// A form validated in the page by the very schema its action validates with
// (conform). The action keeps answering the one form dialect every screen
// uses (`{ errors: { field: message }, values }`, see form.server.ts); here it
// becomes conform's last result, so a server refusal and a refusal in the page
// show the same message in the same place, with or without JavaScript.
import { getFormProps, useForm, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useMemo } from "react";
import type { z } from "~/utils/zod";
import type { FieldErrors } from "./validation";

type FormAnswer = { errors?: FieldErrors; values?: Record<string, string> } | null | undefined;

/** The server's answer as conform's last result: field messages by field, the kept values as the initial ones. */
export function toSubmissionResult(answer: FormAnswer): SubmissionResult<string[]> | undefined {
  if (!answer?.errors) return undefined;
  const error: Record<string, string[]> = {};
  for (const [field, message] of Object.entries(answer.errors)) if (field !== "form") error[field] = [message];
  return { status: "error", error, initialValue: answer.values ?? {} };
}

/**
 * `useForm` for one schema: constraints (required, minLength, maxLength,
 * pattern) come from the schema; with JavaScript a field is checked when it
 * loses focus and again as it is corrected, and a refused submit sends nothing.
 */
export function useSchemaForm<S extends z.ZodType>(
  schema: S,
  answer: FormAnswer,
  options: { id?: string; defaultValue?: Record<string, string> } = {},
) {
  // One result object per answer: conform applies a new lastResult whenever its identity changes.
  const lastResult = useMemo(() => toSubmissionResult(answer), [answer]);
  const [form, fields] = useForm({
    id: options.id,
    lastResult,
    defaultValue: options.defaultValue,
    constraint: getZodConstraint(schema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  // What the fields start with: the kept values of a refused post (never secrets), else the stored ones.
  // The form is remounted for each answer (useResultKey), so these are always the latest.
  const values: Record<string, string> = { ...options.defaultValue, ...answer?.values };
  return { form, fields, values, formProps: getFormProps(form) };
}

/** A field's name, constraints, first error and starting value (from `values`), as TextField takes them. */
export function fieldProps(field: FieldMetadata<unknown>, values: Record<string, string> = {}) {
  return {
    name: field.name,
    required: field.required,
    minLength: field.minLength,
    maxLength: field.maxLength,
    error: field.errors?.[0],
    defaultValue: values[field.name],
  };
}
