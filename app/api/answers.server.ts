// Answers more than one area's handlers give.
import { json } from "@remix-run/node";
import type { Outcome } from "~/domain/outcome";
import { apiError } from "~/http/http.server";

/** A domain write's answer: its refusal with the field errors, or `{ success: true, ...fields }` with `status`. */
export function writeAnswer<T extends object>(result: Outcome<T>, fields: (saved: T) => Record<string, unknown>, status = 200): Response {
  if (!result.ok) return apiError(result.status, result.message, { errors: result.errors });
  return json({ success: true, ...fields(result) }, { status });
}
