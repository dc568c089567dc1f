// Random bytes for per-request values (the CSP nonce, the request id), drawn
// from a pool filled 4 KiB at a time. crypto.randomBytes(16) per request cost
// about 5 % of a page-cache hit's CPU (each call is a separate trip into
// OpenSSL); the pool makes that one trip per few hundred requests. The bytes
// are the same CSPRNG's, each handed out once.
import { randomFillSync } from "node:crypto";

const POOL_BYTES = 4096;
const pool = Buffer.allocUnsafe(POOL_BYTES);
let offset = POOL_BYTES;

/** `size` fresh random bytes (a copy: the pool's bytes are never handed out twice). */
export function pooledRandomBytes(size: number): Buffer {
  if (size > POOL_BYTES) return randomFillSync(Buffer.allocUnsafe(size));
  if (offset + size > POOL_BYTES) {
    randomFillSync(pool);
    offset = 0;
  }
  const bytes = Buffer.from(pool.subarray(offset, offset + size));
  offset += size;
  return bytes;
}
