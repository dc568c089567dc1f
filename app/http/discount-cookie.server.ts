// The discount code a shopper applied: its own signed cookie beside the
// cart's, only ever a code, never an amount (the rules of codes are
// app/domain/discounts/discount.server.ts).
import { createCookie } from "@remix-run/node";
import { env } from "~/utils/env.server";
import { DISCOUNT_COOKIE } from "~/utils/personal-cookies";
import { normaliseCode } from "~/domain/discounts/discount.server";

let cookie: ReturnType<typeof createCookie> | undefined;
function discountCookie() {
  return (cookie ??= createCookie(DISCOUNT_COOKIE, {
    httpOnly: true,
    sameSite: "lax",
    secure: env().secureCookies,
    path: "/",
    maxAge: 60 * 60 * 24 * 30,
    secrets: [env().SESSION_SECRET],
  }));
}

/** The code the shopper applied (from the signed cookie), or null. */
export async function readDiscountCode(request: Request): Promise<string | null> {
  const raw = await discountCookie().parse(request.headers.get("Cookie"));
  return typeof raw === "string" ? normaliseCode(raw) : null;
}

/** The Set-Cookie value that keeps `code` with the cart, or (null) forgets it. */
export function discountCodeCookie(code: string | null): Promise<string> {
  return code ? discountCookie().serialize(code) : discountCookie().serialize("", { maxAge: 0, expires: new Date(0) });
}
