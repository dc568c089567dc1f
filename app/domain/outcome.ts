// What a domain write returns: the saved thing, or why not, with the HTTP
// status the API answers and one message per form field for the screens.
import type { FieldErrors } from "~/utils/validation";

export type Failure = { ok: false; status: 400 | 404 | 409 | 413 | 415; message: string; errors: FieldErrors };
export type Outcome<T extends object> = ({ ok: true } & T) | Failure;

export function failure(status: Failure["status"], message: string, errors: FieldErrors = {}): Failure {
  return { ok: false, status, message, errors };
}

/** A field error, with the field's message also as the overall message. */
export function fieldFailure(status: Failure["status"], field: string, message: string): Failure {
  return failure(status, message, { [field]: message });
}
