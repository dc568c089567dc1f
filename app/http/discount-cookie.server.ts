// The discount code a shopper applied: its own signed cookie beside the
// cart's, only ever a code, never an amount (the rules of codes are
// app/domain/discounts/discount.server.ts).
import { keptCookie } from "./kept-cookie.server";
import { DISCOUNT_COOKIE } from "~/utils/personal-cookies";
import { normaliseCode } from "~/domain/discounts/discount.server";

const discountCookie = () => keptCookie(DISCOUNT_COOKIE);

/** The code the shopper applied (from the signed cookie), or null. */
export async function readDiscountCode(request: Request): Promise<string | null> {
  const raw = await discountCookie().parse(request.headers.get("Cookie"));
  return typeof raw === "string" ? normaliseCode(raw) : null;
}

/** The Set-Cookie value that keeps `code` with the cart, or (null) forgets it. */
export function discountCodeCookie(code: string | null): Promise<string> {
  return code ? discountCookie().serialize(code) : discountCookie().serialize("", { maxAge: 0, expires: new Date(0) });
}
