// Parsing helpers shared by HTML forms and the JSON API. Schemas themselves
// live beside their domain (app/models/*), one per input.
import type { z } from "zod";

export type FieldErrors = Record<string, string>;

export type ParseResult<T> =
  | { success: true; data: T }
  | { success: false; errors: FieldErrors; message: string };

/** Validate an object (from a form or JSON body) and flatten errors to one message per field. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): ParseResult<z.output<S>> {
  const result = schema.safeParse(input);
  if (result.success) return { success: true, data: result.data };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const key = issue.path.length ? String(issue.path[0]) : "form";
    errors[key] ??= issue.message;
  }
  const message = Object.entries(errors)
    .map(([field, text]) => (field === "form" ? text : `${field}: ${text}`))
    .join("; ");
  return { success: false, errors, message };
}

/** FormData to a plain object; repeated keys become arrays, files are kept as File. */
export function formDataToObject(formData: FormData): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of formData.entries()) {
    if (key in out) {
      const current = out[key];
      out[key] = Array.isArray(current) ? [...current, value] : [current, value];
    } else {
      out[key] = value;
    }
  }
  return out;
}

export function parseForm<S extends z.ZodType>(schema: S, formData: FormData) {
  return parseInput(schema, formDataToObject(formData));
}
