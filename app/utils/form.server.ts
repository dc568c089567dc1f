// Reading an HTML form post safely: a crafted body (another content type,
// broken multipart, a huge payload) is a 4xx, never a 500 or an unbounded read.
import { json } from "@remix-run/node";
import type { z } from "zod";
import type { RateLimited } from "~/domain/accounts/user.server";
import { readBodyBytes } from "./api.server";
import { formDataToObject, forbiddenCharacterErrors, parseForm, type FieldErrors } from "./validation";

export const MAX_FORM_BYTES = 64 * 1024;

/**
 * A form post's fields. Any field holding a control character (NUL…) is
 * refused here with a 400 naming the field, so no action sees one (forms read
 * with readValidForm show it as a field error instead).
 */
export async function readFormData(request: Request, limit = MAX_FORM_BYTES, { allowForbidden = false } = {}): Promise<FormData> {
  const formData = await readFormDataUnchecked(request, limit);
  const forbidden = allowForbidden ? null : forbiddenCharacterErrors(formDataToObject(formData));
  if (forbidden) {
    throw json({ success: false, message: Object.values(forbidden)[0], errors: forbidden, values: {} }, { status: 400 });
  }
  return formData;
}

async function readFormDataUnchecked(request: Request, limit: number): Promise<FormData> {
  const type = request.headers.get("Content-Type") ?? "";
  if (!/^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i.test(type)) {
    throw json({ success: false, message: "Send the form as application/x-www-form-urlencoded or multipart/form-data" }, { status: 415 });
  }
  const bytes = await readBodyBytes(request, limit);
  try {
    return await new Response(bytes as unknown as BodyInit, { headers: { "Content-Type": type } }).formData();
  } catch {
    throw json({ success: false, message: "The form data could not be read" }, { status: 400 });
  }
}

/** The submitted text fields to show again after an error (never passwords or answers). */
export function keepValues(formData: FormData, names: string[]): Record<string, string> {
  const values: Record<string, string> = {};
  for (const name of names) {
    const value = formData.get(name);
    values[name] = typeof value === "string" ? value.slice(0, 500) : "";
  }
  return values;
}

/** What a form's action answers when it refuses: one message per field (`form`: above the form) and the values to show again. */
export type FormErrors = { errors: FieldErrors; values: Record<string, string> };

export function formErrors(errors: FieldErrors, values: Record<string, string>, init: ResponseInit = {}) {
  return json<FormErrors>({ errors, values }, { status: 400, ...init });
}

/**
 * A form post read and validated with `schema` (call the guards and
 * assertSameOrigin first): the data, or the 400 answer with the field errors
 * and the `keep` fields' values (never secrets).
 */
export async function readValidForm<S extends z.ZodType>(request: Request, schema: S, keep: string[]) {
  // parseForm reports control characters as a field error, shown beside the field.
  const formData = await readFormData(request, MAX_FORM_BYTES, { allowForbidden: true });
  const values = keepValues(formData, keep);
  const parsed = parseForm(schema, formData);
  if (!parsed.success) return { ok: false as const, response: formErrors(parsed.errors, values) };
  return { ok: true as const, data: parsed.data, formData, values };
}

/** A refused account attempt: 429 with Retry-After when rate-limited, else 400; the message goes above the form unless it names a field. */
export function refusedAttempt(result: RateLimited | { message: string; errors?: FieldErrors }, values: Record<string, string>) {
  if ("retryAfter" in result)
    return formErrors({ form: result.message }, values, { status: 429, headers: { "Retry-After": String(result.retryAfter) } });
  return formErrors(result.errors ?? { form: result.message }, values);
}
