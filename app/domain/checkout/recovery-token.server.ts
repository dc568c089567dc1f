// The token of an abandoned-checkout reminder's "Return to your cart" link:
// the order's id and an HMAC of it with SESSION_SECRET. It names an order and
// nothing more (no prices, no lines): the cart is rebuilt from the order's
// lines and priced again from the database when the link is used.
import { createHmac, timingSafeEqual } from "node:crypto";
import { env } from "~/utils/env.server";
import { isValidId } from "~/utils/id";

const mac = (orderId: string) => createHmac("sha256", env().SESSION_SECRET).update(`recover-checkout\n${orderId}`).digest("base64url");

export function recoveryToken(orderId: string): string {
  return `${orderId}.${mac(orderId)}`;
}

/** The order id a recovery token names, when genuine; null otherwise. */
export function readRecoveryToken(token: string | null | undefined): string | null {
  if (!token || token.length > 200) return null;
  const [orderId, signature, extra] = token.split(".");
  if (!orderId || !signature || extra !== undefined || !isValidId(orderId)) return null;
  const expected = Buffer.from(mac(orderId));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given) ? orderId : null;
}
