// Reading form posts that may carry a photo: multipart bodies are parsed as
// they stream in, with a limit per file, per text field and for the whole
// body, so an oversized upload is refused without being held in memory.
// (The image itself is checked from its bytes later, in photo.server.ts.)
import {
  MaxPartSizeExceededError,
  unstable_createMemoryUploadHandler,
  unstable_parseMultipartFormData,
  type UploadHandler,
} from "@remix-run/node";
import { failure, type Failure } from "~/domain/outcome";
import { DISCARD_LIMIT_BYTES, discardBody, drainReader, readBodyWithin } from "./body.server";
import { env } from "./env.server";
import { formDataToObject, forbiddenCharacterErrors } from "./validation";

/** Room for the text fields and multipart framing on top of the file limit. */
export const TEXT_ALLOWANCE_BYTES = 1024 * 1024;
export const TEXT_FIELD_MAX_BYTES = 64 * 1024;
const URLENCODED_MAX_BYTES = 256 * 1024;
/**
 * A refused body up to this size is read to its end (and thrown away) before
 * answering: browsers show a connection error instead of our message when the
 * server stops reading mid-upload. Bigger bodies are answered at once, unread.
 */
export const DISCARD_MAX_BYTES = DISCARD_LIMIT_BYTES;

export type FormRead = { ok: true; formData: FormData } | (Failure & { values: Record<string, string> });

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
  if (forbidden) return { ...failure(400, Object.values(forbidden)[0], forbidden), values: {} };
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
    return { ...failure(413, message, { [fileField]: message }), values };
  };
  const declared = Number(request.headers.get("Content-Length") || NaN);

  if (type.startsWith("application/x-www-form-urlencoded")) {
    if (declared > URLENCODED_MAX_BYTES) {
      await discard(request, declared);
      return { ...failure(413, "The form is too large"), values: {} };
    }
    const text = await readText(request, URLENCODED_MAX_BYTES);
    if (text === null) return { ...failure(413, "The form is too large"), values: {} };
    const formData = new FormData();
    for (const [key, value] of new URLSearchParams(text)) formData.append(key, value);
    return { ok: true, formData };
  }
  if (!type.startsWith("multipart/form-data")) {
    return { ...failure(415, "Send the form as multipart/form-data"), values: {} };
  }

  const bodyCap = maxFileBytes + TEXT_ALLOWANCE_BYTES;
  // The cheap early refusal: the browser announced more than we accept.
  if (declared > bodyCap) {
    await discard(request, declared);
    return tooLarge();
  }
  if (!request.body) return { ...failure(400, "The form is empty"), values: {} };

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
    await drainReader(source, received, DISCARD_MAX_BYTES);
    if (error instanceof BodyTooLargeError) return tooLarge(values);
    if (error instanceof MaxPartSizeExceededError) {
      if (fileFields.includes(error.field)) return tooLarge(values);
      const message = "This field is too long";
      return { ...failure(413, `${error.field}: ${message}`, { [error.field]: message }), values };
    }
    return { ...failure(400, "The form data could not be read"), values };
  }
}

async function discard(request: Request, declared: number) {
  if (declared > DISCARD_MAX_BYTES) return;
  await discardBody(request, DISCARD_MAX_BYTES);
}

/** The body as text, or null past `limit` bytes. */
async function readText(request: Request, limit: number): Promise<string | null> {
  const bytes = await readBodyWithin(request, limit);
  return bytes ? Buffer.from(bytes).toString("utf8") : null;
}
