// Reading request bodies with limits, shared by the JSON API and form uploads.
// A refused body is read to its end and thrown away (up to a cap) rather than
// cancelled: cancelling resets the connection before the client reads our
// answer, and an unread body left in a keep-alive connection stalls the
// client's next request (Remix's Node adapter pauses the socket).

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
