// The one door for a request's input, shared by pages and /api/v1. Read top
// to bottom:
//   1. bytes: a body within its cap; a refused one drained, never left unread
//   2. JSON (/api/v1): content type, cap, syntax
//   3. forms: small posts buffered (pages' actions), and forms that may carry
//      a photo, streamed with a cap per file, per field and in all
//   4. answers: a refused form's field errors and kept values, a refused
//      account attempt (429 with Retry-After)
// Every form and JSON body is refused when a field holds a control character
// (validation.ts, browser-safe, says which), so no action sees one.
//
// A refused body is read to its end and thrown away (up to a cap) rather than
// cancelled: cancelling resets the connection before the client reads our
// answer, and an unread body left in a keep-alive connection stalls the
// client's next request (Remix's Node adapter pauses the socket).
import {
  json,
  MaxPartSizeExceededError,
  unstable_createMemoryUploadHandler,
  unstable_parseMultipartFormData,
  type UploadHandler,
} from "@remix-run/node";
import type { z } from "zod";
import { MAX_JSON_BYTES } from "~/api/limits";
import { env } from "~/utils/env.server";
import { apiError } from "./http.server";
import { forbiddenCharacterErrors, formDataToObject, parseForm, type FieldErrors } from "~/utils/validation";

// ---------- 1. bytes ----------

/** A refused body up to this size is read to its end and thrown away; a bigger one is left unread. */
export const DISCARD_LIMIT_BYTES = 32 * 1024 * 1024;

/** Reads the rest of a stream without keeping it, up to `limit` bytes in all. */
export async function drainReader(reader: ReadableStreamDefaultReader<Uint8Array>, alreadyRead = 0, limit = DISCARD_LIMIT_BYTES) {
  let total = alreadyRead;
  try {
    while (total <= limit) {
      const { done, value } = await reader.read();
      if (done) return;
      total += value.byteLength;
    }
  } catch {
    // The client went away: nothing left to read.
  }
}

/** Reads and throws away a request body nobody read. */
export async function discardBody(request: Request, limit = DISCARD_LIMIT_BYTES) {
  if (!request.body || request.bodyUsed || request.body.locked) return;
  if (Number(request.headers.get("Content-Length")) > limit) return;
  await drainReader(request.body.getReader(), 0, limit);
}

/** The whole body, or null when it is larger than `limit` bytes (the rest is drained). */
export async function readBodyWithin(request: Request, limit: number): Promise<Uint8Array | null> {
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await drainReader(reader, size);
      return null;
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}

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

// ---------- 2. JSON ----------

// (readJsonBody above reads it: 415 for another type, 413 past MAX_JSON_BYTES, 400 for broken JSON)

// ---------- 3. forms ----------

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

/** A refused form read: status, message, one message per field, and the text values read so far. */
export type FormReadFailure = { ok: false; status: 400 | 413 | 415; message: string; errors: FieldErrors; values: Record<string, string> };
const refused = (
  status: FormReadFailure["status"],
  message: string,
  errors: FieldErrors = {},
  values: Record<string, string> = {},
): FormReadFailure => ({
  ok: false,
  status,
  message,
  errors,
  values,
});

/** Room for the text fields and multipart framing on top of the file limit. */
export const TEXT_ALLOWANCE_BYTES = 1024 * 1024;
export const TEXT_FIELD_MAX_BYTES = 64 * 1024;
const URLENCODED_MAX_BYTES = 256 * 1024;

export type FormRead = { ok: true; formData: FormData } | FormReadFailure;

export function formatMegabytes(bytes: number) {
  return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
}

class BodyTooLargeError extends Error {}

type Options = {
  /** The file fields to keep (files sent under other names are skipped). */
  fileFields?: string[];
  maxFileBytes?: number;
};

/**
 * The request's form, from multipart/form-data (streamed, limited) or
 * application/x-www-form-urlencoded. Failures carry a status (400, 413, 415),
 * one message per field and the text values read so far, for the form to keep.
 */
export async function readForm(request: Request, options: Options = {}): Promise<FormRead> {
  const read = await readFormUnchecked(request, options);
  if (!read.ok) return read;
  // No field (nor file name) with a control character reaches an action: 400 naming the field.
  const forbidden = forbiddenCharacterErrors(formDataToObject(read.formData));
  if (forbidden) return refused(400, Object.values(forbidden)[0], forbidden, {});
  return read;
}

async function readFormUnchecked(
  request: Request,
  { fileFields = ["photo"], maxFileBytes = env().MAX_UPLOAD_BYTES }: Options,
): Promise<FormRead> {
  const type = (request.headers.get("Content-Type") ?? "").toLowerCase();
  const fileField = fileFields[0] ?? "file";
  const tooLarge = (values: Record<string, string> = {}) => {
    const message = `The ${fileField} must be at most ${formatMegabytes(maxFileBytes)}`;
    return refused(413, message, { [fileField]: message }, values);
  };
  const declared = Number(request.headers.get("Content-Length") || NaN);

  if (type.startsWith("application/x-www-form-urlencoded")) {
    if (declared > URLENCODED_MAX_BYTES) {
      await discard(request, declared);
      return refused(413, "The form is too large", {}, {});
    }
    const text = await readText(request, URLENCODED_MAX_BYTES);
    if (text === null) return refused(413, "The form is too large", {}, {});
    const formData = new FormData();
    for (const [key, value] of new URLSearchParams(text)) formData.append(key, value);
    return { ok: true, formData };
  }
  if (!type.startsWith("multipart/form-data")) {
    return refused(415, "Send the form as multipart/form-data", {}, {});
  }

  const bodyCap = maxFileBytes + TEXT_ALLOWANCE_BYTES;
  // The cheap early refusal: the browser announced more than we accept.
  if (declared > bodyCap) {
    await discard(request, declared);
    return tooLarge();
  }
  if (!request.body) return refused(400, "The form is empty", {}, {});

  // Count what arrives, whatever Content-Length claimed. One read at a time
  // on the source, ever: with two reads waiting, Remix's Node stream adapter
  // can pause the socket and never resume it, so the drain below first waits
  // for the parser's last read to settle.
  const source = request.body.getReader();
  let received = 0;
  let stopped = false;
  let inflight: Promise<unknown> = Promise.resolve();
  const limited = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (stopped) return;
      const step = (async () => {
        const { done, value } = await source.read();
        if (done) return stopped ? undefined : controller.close();
        received += value.byteLength;
        if (stopped) return;
        if (received > bodyCap) controller.error(new BodyTooLargeError());
        else controller.enqueue(value);
      })();
      inflight = step.catch(() => {});
      return step;
    },
  });

  const values: Record<string, string> = {};
  const keepFile = unstable_createMemoryUploadHandler({ maxPartSize: maxFileBytes });
  const keepText = unstable_createMemoryUploadHandler({ maxPartSize: TEXT_FIELD_MAX_BYTES });
  const handler: UploadHandler = async (part) => {
    if (part.filename === undefined) {
      const value = await keepText(part);
      if (typeof value === "string" && !(part.name in values)) values[part.name] = value;
      return value;
    }
    if (!fileFields.includes(part.name)) {
      for await (const _chunk of part.data); // skipped, not kept
      return undefined;
    }
    return keepFile(part);
  };

  try {
    const formData = await unstable_parseMultipartFormData(
      new Request(request.url, { method: "POST", headers: request.headers, body: limited, duplex: "half" } as RequestInit),
      handler,
    );
    return { ok: true, formData };
  } catch (error) {
    stopped = true;
    await inflight;
    await drainReader(source, received, DISCARD_LIMIT_BYTES);
    if (error instanceof BodyTooLargeError) return tooLarge(values);
    if (error instanceof MaxPartSizeExceededError) {
      if (fileFields.includes(error.field)) return tooLarge(values);
      const message = "This field is too long";
      return refused(413, `${error.field}: ${message}`, { [error.field]: message }, values);
    }
    return refused(400, "The form data could not be read", {}, values);
  }
}

async function discard(request: Request, declared: number) {
  if (declared > DISCARD_LIMIT_BYTES) return;
  await discardBody(request, DISCARD_LIMIT_BYTES);
}

/** The body as text, or null past `limit` bytes. */
async function readText(request: Request, limit: number): Promise<string | null> {
  const bytes = await readBodyWithin(request, limit);
  return bytes ? Buffer.from(bytes).toString("utf8") : null;
}

// ---------- 4. answers ----------

/** A refused account attempt: rate-limited (with when to try again), or refused with a message and maybe field errors. */
export type Refusal = { message: string; retryAfter: number } | { message: string; errors?: FieldErrors };

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
export function refusedAttempt(result: Refusal, values: Record<string, string>) {
  if ("retryAfter" in result)
    return formErrors({ form: result.message }, values, { status: 429, headers: { "Retry-After": String(result.retryAfter) } });
  return formErrors(result.errors ?? { form: result.message }, values);
}

/** A refused account attempt: 429 with Retry-After when rate-limited, else `status` (with the field errors, if any). */
export function refusedAttemptJson(result: Refusal, status: number): Response {
  if ("retryAfter" in result) return apiError(429, result.message, {}, { headers: { "Retry-After": String(result.retryAfter) } });
  return apiError(status, result.message, result.errors ? { errors: result.errors } : {});
}
