// Parsing helpers shared by HTML forms and the JSON API. Schemas themselves
// live beside their domain (app/domain/*), one per input.
import type { z } from "zod";

export type FieldErrors = Record<string, string>;

export type ParseResult<T> = { success: true; data: T } | { success: false; errors: FieldErrors; message: string };

/**
 * Characters no field may hold: C0 controls other than tab, line feed and
 * carriage return (NUL above all: PostgreSQL text cannot store it), DEL, and
 * half of a UTF-16 surrogate pair on its own (not text; the driver refuses it).
 */
export const FORBIDDEN_CHARACTERS =
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
export const FORBIDDEN_CHARACTERS_MESSAGE = "Remove the control characters (such as NUL) from this field";

export function hasForbiddenCharacters(text: string): boolean {
  return FORBIDDEN_CHARACTERS.test(text);
}

/**
 * The first field (top-level name, "form" for the whole input) whose text,
 * key or file name anywhere inside holds a forbidden character; null when clean.
 */
export function fieldWithForbiddenCharacters(input: unknown, field = "form", depth = 0): string | null {
  if (typeof input === "string") return hasForbiddenCharacters(input) ? field : null;
  if (depth > 32 || input === null || typeof input !== "object") return null;
  if (typeof File !== "undefined" && input instanceof File) return hasForbiddenCharacters(input.name) ? field : null;
  if (input instanceof Blob) return null;
  if (Array.isArray(input)) {
    for (const item of input) {
      const found = fieldWithForbiddenCharacters(item, field, depth + 1);
      if (found) return found;
    }
    return null;
  }
  for (const [key, value] of Object.entries(input)) {
    const name = depth === 0 ? key : field;
    if (hasForbiddenCharacters(key)) return depth === 0 ? "form" : field;
    const found = fieldWithForbiddenCharacters(value, name, depth + 1);
    if (found) return found;
  }
  return null;
}

/** The field error for input holding forbidden characters, or null. */
export function forbiddenCharacterErrors(input: unknown): FieldErrors | null {
  const field = fieldWithForbiddenCharacters(input);
  return field ? { [field]: FORBIDDEN_CHARACTERS_MESSAGE } : null;
}

/** Validate an object (from a form or JSON body) and flatten errors to one message per field. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): ParseResult<z.output<S>> {
  // Checked before any schema: no field of any form or JSON body reaches the database with them.
  const forbidden = forbiddenCharacterErrors(input);
  if (forbidden) {
    const [field, text] = Object.entries(forbidden)[0];
    return { success: false, errors: forbidden, message: field === "form" ? text : `${field}: ${text}` };
  }
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

/**
 * Path segments (route params, already decoded) and query string names and
 * values holding a forbidden character: the field errors, or null. `path:x`
 * names a path parameter, `query:x` a query parameter.
 */
export function urlInputErrors(url: URL, params: Record<string, string | undefined> = {}): FieldErrors | null {
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined && hasForbiddenCharacters(value)) return { [`path:${name}`]: FORBIDDEN_CHARACTERS_MESSAGE };
  }
  let path: string;
  try {
    path = decodeURIComponent(url.pathname);
  } catch {
    return { path: "The address is not valid UTF-8" };
  }
  if (hasForbiddenCharacters(path)) return { path: FORBIDDEN_CHARACTERS_MESSAGE };
  for (const [name, value] of url.searchParams) {
    if (hasForbiddenCharacters(name) || hasForbiddenCharacters(value))
      return { [`query:${name.slice(0, 40)}`]: FORBIDDEN_CHARACTERS_MESSAGE };
  }
  return null;
}
