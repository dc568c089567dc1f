// Time-based one-time passwords (RFC 6238 over RFC 4226's HOTP), with
// node:crypto: about forty lines, exact, and pinned by the RFC's own test
// vectors (totp.test.ts), so no library is needed for it.
import { createHmac, randomBytes } from "node:crypto";

export const TOTP_PERIOD_S = 30;
export const TOTP_DIGITS = 6;
export type TotpAlgorithm = "sha1" | "sha256" | "sha512";

const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

/** RFC 4648 base32, no padding: how authenticator apps take a secret. */
export function base32Encode(bytes: Uint8Array): string {
  let out = "";
  let bits = 0;
  let value = 0;
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

/** The bytes of a base32 secret (case, spaces and padding ignored); throws on any other character. */
export function base32Decode(text: string): Buffer {
  const clean = text.toUpperCase().replace(/[\s=]/g, "");
  const out: number[] = [];
  let bits = 0;
  let value = 0;
  for (const char of clean) {
    const index = BASE32.indexOf(char);
    if (index < 0) throw new Error("Not a base32 secret");
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** A new secret: 20 random bytes (160 bits, RFC 4226's recommended length), base32. */
export function newTotpSecret(): string {
  return base32Encode(randomBytes(20));
}

/** The time step a moment falls in (T in RFC 6238). */
export const timeStep = (atMs: number, period = TOTP_PERIOD_S) => Math.floor(atMs / 1000 / period);

/** HOTP (RFC 4226) of a counter: HMAC, dynamic truncation, the last `digits` digits. */
export function hotp(key: Uint8Array, counter: number, digits = TOTP_DIGITS, algorithm: TotpAlgorithm = "sha1"): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac(algorithm, key).update(message).digest();
  const offset = mac[mac.length - 1] & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, "0");
}

/** The code for a base32 secret at a time step. */
export const totpAt = (secret: string, step: number) => hotp(base32Decode(secret), step);

/**
 * The time step `code` belongs to, trying the current step and one on either
 * side (a phone's clock a little off, a code typed as it rolled over), or null.
 */
export function matchTotp(secret: string, code: string, atMs = Date.now()): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const key = base32Decode(secret);
  const now = timeStep(atMs);
  for (const step of [now, now - 1, now + 1]) if (hotp(key, step) === code) return step;
  return null;
}

/** The otpauth:// link authenticator apps read (Google Authenticator's key URI format). */
export function otpauthUrl(secret: string, issuer: string, account: string): string {
  const label = encodeURIComponent(`${issuer}:${account}`);
  const query = new URLSearchParams({ secret, issuer, algorithm: "SHA1", digits: String(TOTP_DIGITS), period: String(TOTP_PERIOD_S) });
  return `otpauth://totp/${label}?${query.toString()}`;
}
