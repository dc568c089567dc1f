// A guest's browser key (guest checkout): a random value in a signed cookie,
// made when a visitor first opens checkout without signing in. Their
// attempts are found by it (replacing each other, holding stock, the success
// and cancel pages), as a signed-in buyer's are by their account.
import { randomBytes } from "node:crypto";
import { keptCookie } from "./kept-cookie.server";

const cookie = () => keptCookie("guest_checkout");

/** The browser's guest key, or null when it has none (or a forged one). */
export async function readGuestKey(request: Request): Promise<string | null> {
  const value: unknown = await cookie().parse(request.headers.get("Cookie"));
  return typeof value === "string" && /^[A-Za-z0-9_-]{20,64}$/.test(value) ? value : null;
}

/** The browser's guest key, made now when it has none: `setCookie` is then the header to send. */
export async function guestKeyFor(request: Request): Promise<{ key: string; setCookie: string | null }> {
  const existing = await readGuestKey(request);
  if (existing) return { key: existing, setCookie: null };
  const key = randomBytes(24).toString("base64url");
  return { key, setCookie: await cookie().serialize(key) };
}
