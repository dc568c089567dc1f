// The cart page's data: the shopper's lines priced from the database, the
// applied code (and why a code from a /discount/CODE link was refused), the
// tax the prices include, and whether a visitor may check out as a guest.
import { cartItemCount, priceCart } from "~/domain/cart/cart.server";
import { guestCheckoutOpen } from "~/domain/checkout/settings.server";
import { cartDiscount, checkDiscount } from "~/domain/discounts/discount.server";
import { taxAddress } from "~/domain/shipping/ship-to.server";
import { includedTaxOf } from "~/domain/tax/rates.server";
import { getOptionalUser } from "~/http/auth.server";
import { readCart } from "~/http/cart-cookie.server";
import { readDiscountCode } from "~/http/discount-cookie.server";
import type { DiscountActionData } from "./discount-action.server";

export async function cartPage(request: Request) {
  const [user, lines, code, guestCheckout] = await Promise.all([
    getOptionalUser(request),
    readCart(request),
    readDiscountCode(request),
    guestCheckoutOpen(),
  ]);
  const cart = await priceCart(lines, user?.id);
  const discount = await cartDiscount(code, cart.totalCents, { buyerId: user?.id });
  // A code from a /discount/CODE link that was refused: why, beside the field.
  const tried = new URL(request.url).searchParams.get("discount");
  const refused = tried && tried !== code ? await checkDiscount(tried, cart.totalCents, { buyerId: user?.id }) : null;
  const triedRefusal: DiscountActionData | null =
    refused && !refused.ok ? { discountError: refused.message, code: tried!.slice(0, 100) } : null;
  const includedTax = await includedTaxOf(discount?.totalCents ?? cart.totalCents, await taxAddress(user?.id));
  return {
    user: user ? { name: user.name, address: user.address } : null,
    cart,
    discount,
    triedRefusal,
    count: cartItemCount(lines),
    includedTax,
    guestCheckout,
  };
}
