// Record ids are cuids: anything else is refused (a 400, a 404, "Unknown
// product") before the database is asked. One pattern for every id a request
// carries: path segments, form fields, JSON bodies, the cart cookie.
import { z } from "~/utils/zod";

export const ID_PATTERN = /^[a-z0-9]{20,40}$/i;

export function isValidId(id: unknown): id is string {
  return typeof id === "string" && ID_PATTERN.test(id);
}

/** An id field, refused with `message` when it cannot be one. */
export const idSchema = (message = "Malformed id") => z.string().regex(ID_PATTERN, message);
