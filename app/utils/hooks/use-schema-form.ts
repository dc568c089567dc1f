// A form validated in the page by the very schema its action validates with
// (conform). The action keeps answering the one form dialect every screen
// uses (`{ errors: { field: message }, values }`, see form.server.ts); here it
// becomes conform's last result, so a server refusal and a refusal in the page
// show the same message in the same place, with or without JavaScript.
import { getFormProps, useForm, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useMemo } from "react";
import type { z } from "~/utils/zod";
import type { FieldErrors } from "~/utils/validation";

type FormAnswer = { errors?: FieldErrors; values?: Record<string, string> } | null | undefined;

/** The server's answer as conform's last result: field messages by field, the kept values as the initial ones. */
export function toSubmissionResult(answer: FormAnswer): SubmissionResult<string[]> | undefined {
  if (!answer?.errors) return undefined;
  const error: Record<string, string[]> = {};
  for (const [field, message] of Object.entries(answer.errors)) if (field !== "form") error[field] = [message];
  return { status: "error", error, initialValue: answer.values ?? {} };
}

/**
 * The fields' HTML constraints from a form's schema: conform's
 * getZodConstraint (required, from optional/default wrappers) plus each text
 * field's maxLength, which conform reads from zod's `_zod.bag` and zod 4.6 no
 * longer fills for length checks. The longest length is read from the
 * field's own checks, through the wrappers conform walks too (optional,
 * nullable, default, readonly; a pipe's input when its output is a
 * `.transform()`, else its output, as after `z.preprocess`).
 *
 * Only maxLength is added: it stops typing at the limit, while a minLength or
 * pattern would let a browser without JavaScript refuse the form with its own
 * bubble instead of the schema's message, which the server sends back.
 */
export function schemaConstraint(schema: z.ZodType): Record<string, Constraint> {
  const constraint: Record<string, Constraint> = getZodConstraint(schema);
  const shape = objectShape(schema);
  for (const [name, field] of Object.entries(shape ?? {})) {
    const maxLength = longestLength(field);
    if (maxLength !== undefined && constraint[name] && constraint[name].maxLength === undefined) constraint[name].maxLength = maxLength;
  }
  return constraint;
}

type Constraint = ReturnType<typeof getZodConstraint>[string];
type SchemaLike = z.core.$ZodType;
/** What this walk reads of a zod definition. */
type SchemaDef = {
  type: string;
  innerType?: SchemaLike;
  in?: SchemaLike;
  out?: SchemaLike;
  shape?: Record<string, SchemaLike>;
  checks?: { _zod: { def: { check: string; maximum?: number; length?: number } } }[];
};

const defOf = (schema: SchemaLike) => schema._zod.def as SchemaDef;

/** The schema itself or the schema a wrapper holds, as conform walks them. */
function unwrap(schema: SchemaLike): SchemaLike | undefined {
  const def = defOf(schema);
  if (["optional", "nullable", "default", "readonly"].includes(def.type)) return def.innerType;
  if (def.type === "pipe") return def.out && defOf(def.out).type === "transform" ? def.in : def.out;
  return undefined;
}

function objectShape(schema: SchemaLike): Record<string, SchemaLike> | undefined {
  for (let current: SchemaLike | undefined = schema; current; current = unwrap(current)) {
    if (defOf(current).type === "object") return defOf(current).shape;
  }
  return undefined;
}

/** A text field's longest allowed length from its max_length (or length_equals) checks. */
export function longestLength(schema: SchemaLike): number | undefined {
  for (let current: SchemaLike | undefined = schema; current; current = unwrap(current)) {
    const def = defOf(current);
    if (def.type !== "string") continue;
    const limits = (def.checks ?? []).map(({ _zod: { def: check } }) =>
      check.check === "max_length" ? check.maximum : check.check === "length_equals" ? check.length : undefined,
    );
    const defined = limits.filter((limit): limit is number => limit !== undefined);
    return defined.length ? Math.min(...defined) : undefined;
  }
  return undefined;
}

/**
 * `useForm` for one schema: constraints (required, maxLength) come from the
 * schema (schemaConstraint); with JavaScript a field is checked when it
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
    constraint: schemaConstraint(schema),
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
