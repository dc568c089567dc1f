// The checkout page's HTTP half: the shopper's cart and applied code come
// from their cookies; the page itself (quote, address, paying) is the
// domain's, app/domain/checkout/checkout-page.server.ts.
import { checkoutPage as pageFor, checkoutPageAction as actionFor, type CheckoutView } from "~/domain/checkout/checkout-page.server";
import { readCart } from "~/http/cart-cookie.server";
import { readDiscountCode } from "~/http/discount-cookie.server";

export type { CheckoutView };

type Buyer = Parameters<typeof pageFor>[0];

async function shopperCart(request: Request) {
  const [lines, discountCode] = await Promise.all([readCart(request), readDiscountCode(request)]);
  return { lines, discountCode };
}

/** The page as it opens (see the domain's checkoutPage). */
export async function checkoutPage(buyer: Buyer, request: Request): Promise<CheckoutView> {
  return pageFor(buyer, await shopperCart(request));
}

/** The page's form (see the domain's checkoutPageAction). */
export async function checkoutPageAction(buyer: Buyer, request: Request, formData: FormData, origin: string) {
  return actionFor(buyer, await shopperCart(request), formData, origin);
}
