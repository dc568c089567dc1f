/**
 * A chunk given to `res.write` or `res.end` as bytes (a string in its
 * encoding, utf8 by default; a Buffer or Uint8Array without copying), or
 * undefined for anything else (a callback, nothing).
 */
export function chunkBytes(chunk: unknown, encoding: unknown): Buffer | undefined {
  if (typeof chunk === "string") return Buffer.from(chunk, (typeof encoding === "string" ? encoding : "utf8") as BufferEncoding);
  if (chunk instanceof Uint8Array) return Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  return undefined;
}
