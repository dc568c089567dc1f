// The abandoned checkout a reminder's link restored (app/routes/cart_.restore.ts):
// a signed cookie holding only its order id, read by the checkout page so the
// next attempt records `recoveredFromId` (startCheckout's option). Kept a week,
// not keptCookie's month: a recovery is a sale the reminder brought back, not any later one.
import { isValidId } from "~/utils/id";
import { keptCookie } from "./kept-cookie.server";

const RECOVERY_COOKIE = "recovered_checkout";
const WEEK = 60 * 60 * 24 * 7;

export const recoveryCookie = () => keptCookie(RECOVERY_COOKIE);

/** The abandoned order the shopper came back for (from the signed cookie), or null. */
export async function readRecoveredFrom(request: Request): Promise<string | null> {
  const raw = await recoveryCookie().parse(request.headers.get("Cookie"));
  return isValidId(raw) ? raw : null;
}

/** The Set-Cookie value that remembers `orderId` as the checkout being recovered, or (null) forgets it. */
export function recoveredFromCookie(orderId: string | null): Promise<string> {
  return orderId
    ? recoveryCookie().serialize(orderId, { maxAge: WEEK })
    : recoveryCookie().serialize("", { maxAge: 0, expires: new Date(0) });
}
