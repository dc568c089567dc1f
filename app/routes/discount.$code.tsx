import type { LoaderFunctionArgs } from "@remix-run/node";
import { getOptionalUser } from "~/http/auth.server";
import { priceCart } from "~/domain/cart/cart.server";
import { readCart } from "~/http/cart-cookie.server";
import { applyDiscountCode } from "~/domain/discounts/discount.server";
import { discountCodeCookie } from "~/http/discount-cookie.server";
import { redirectWithError, redirectWithSuccess } from "~/http/toast.server";

// /discount/CODE: a link an owner can share. The code is checked against the
// visitor's cart as it is now and kept with it (see applyDiscountCode); either
// way the visitor lands on the cart, which says why a code does not apply.
export async function loader({ request, params }: LoaderFunctionArgs) {
  const [user, lines] = await Promise.all([getOptionalUser(request), readCart(request)]);
  const cart = await priceCart(lines, user?.id);
  const applied = await applyDiscountCode(params.code ?? "", cart.totalCents, { buyerId: user?.id });
  const headers = new Headers({ "Cache-Control": "private, no-store" });
  if (applied.keep) headers.append("Set-Cookie", await discountCodeCookie(applied.code));
  if (applied.check.ok) return redirectWithSuccess("/cart", `Discount code ${applied.code} applied`, { headers });
  // Not kept: the cart shows the refusal beside the field (?discount=), kept ones show on their line.
  const to = applied.keep ? "/cart" : `/cart?discount=${encodeURIComponent(applied.code.slice(0, 100))}`;
  return redirectWithError(to, { message: "Discount code not applied", description: applied.check.message }, { headers });
}
