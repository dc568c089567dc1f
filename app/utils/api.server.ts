// Plumbing for /api/v1 (the dispatcher, app/api/dispatch.server.ts, uses it):
// bodies with size and type limits, one error shape, id checks.
import { MAX_JSON_BYTES } from "~/api/limits";
import type { RateLimited } from "~/domain/accounts/user.server";
import { readBodyWithin } from "./body.server";
import { apiError } from "./http.server";
import type { FieldErrors } from "./validation";

/** Read a request body with a byte limit; throws a 413 JSON response past it. */
export async function readBodyBytes(request: Request, limit: number): Promise<Uint8Array> {
  const declared = Number(request.headers.get("Content-Length"));
  if (Number.isFinite(declared) && declared > limit) throw apiError(413, `Request body too large (limit ${limit} bytes)`);
  const bytes = await readBodyWithin(request, limit);
  if (!bytes) throw apiError(413, `Request body too large (limit ${limit} bytes)`);
  return bytes;
}

/** Read a JSON body: 415 for another content type, 413 past MAX_JSON_BYTES, 400 for broken JSON. */
export async function readJsonBody(request: Request): Promise<unknown> {
  const type = request.headers.get("Content-Type") ?? "";
  if (!/^application\/(.+\+)?json\b/i.test(type)) throw apiError(415, "Send the body as JSON (Content-Type: application/json)");
  const bytes = await readBodyBytes(request, MAX_JSON_BYTES);
  try {
    return JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    throw apiError(400, "The request body is not valid JSON");
  }
}

/** A refused account attempt: 429 with Retry-After when rate-limited, else `status` (with the field errors, if any). */
export function refusedAttemptJson(result: RateLimited | { message: string; errors?: FieldErrors }, status: number): Response {
  if ("retryAfter" in result) return apiError(429, result.message, {}, { headers: { "Retry-After": String(result.retryAfter) } });
  return apiError(status, result.message, result.errors ? { errors: result.errors } : {});
}
