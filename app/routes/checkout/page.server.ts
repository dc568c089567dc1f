// The checkout page's HTTP half: who checks out (the signed-in shopper, or a
// guest when the shop allows it: a browser key in a signed cookie), and the
// shopper's cart and applied code from their cookies; the page itself
// (quote, address, paying) is the domain's, app/domain/checkout/checkout-page.server.ts.
import { redirect } from "@remix-run/node";
import { checkoutPage as pageFor, checkoutPageAction as actionFor, type CheckoutView } from "~/domain/checkout/checkout-page.server";
import type { Buyer } from "~/domain/checkout/rules.server";
import { guestCheckoutOpen } from "~/domain/checkout/settings.server";
import { getOptionalUser, loginPath } from "~/http/auth.server";
import { readCart } from "~/http/cart-cookie.server";
import { readDiscountCode } from "~/http/discount-cookie.server";
import { guestKeyFor } from "~/http/guest-cookie.server";
import { readRecoveredFrom } from "~/http/recovery-cookie.server";

export type { CheckoutView };

/**
 * Checkout needs a buyer: the signed-in shopper; else, when guest checkout
 * is on, a guest (its browser key made now if new: `setCookie`); else
 * visitors go to the login page, which brings them back here.
 */
export async function requireBuyer(request: Request): Promise<{ buyer: Buyer; setCookie: string | null }> {
  const user = await getOptionalUser(request);
  if (user) return { buyer: user, setCookie: null };
  if (!(await guestCheckoutOpen())) throw redirect(loginPath(request));
  const { key, setCookie } = await guestKeyFor(request);
  return { buyer: { id: null, guestKey: key, email: "", name: "", address: "", phone: "" }, setCookie };
}

async function shopperCart(request: Request) {
  const [lines, discountCode, recoveredFromId] = await Promise.all([
    readCart(request),
    readDiscountCode(request),
    readRecoveredFrom(request),
  ]);
  return { lines, discountCode, recoveredFromId };
}

/** The page as it opens (see the domain's checkoutPage). */
export async function checkoutPage(buyer: Buyer, request: Request): Promise<CheckoutView> {
  return pageFor(buyer, await shopperCart(request));
}

/** The page's form (see the domain's checkoutPageAction). */
export async function checkoutPageAction(
  buyer: Buyer,
  request: Request,
  formData: FormData,
  origin: string,
  clientIp: string | null = null,
) {
  return actionFor(buyer, await shopperCart(request), formData, origin, clientIp);
}
