// The cart page's discount form: apply a code (checked against this cart's
// subtotal; see applyDiscountCode for what is kept) or remove it. A refusal
// is shown beside the field, with or without JavaScript.
import { json } from "@remix-run/node";
import { getOptionalUser } from "~/http/auth.server";
import { priceCart } from "~/domain/cart/cart.server";
import { readCart } from "~/http/cart-cookie.server";
import { redirectWithSuccess } from "~/http/toast.server";
import { parseForm } from "~/utils/validation";
import { applyDiscountCode, cartDiscountSchema } from "~/domain/discounts/discount.server";
import { discountCodeCookie } from "~/http/discount-cookie.server";

/** What the discount form answers when a code is refused: shown beside the field, with or without JavaScript. */
export type DiscountActionData = { discountError: string; code: string };

/** Apply (checked against this cart's subtotal; see applyDiscountCode for what is kept) or remove the discount code. */
export async function discountAction(request: Request, formData: FormData) {
  const parsed = parseForm(cartDiscountSchema, formData);
  const typed = String(formData.get("code") ?? "").slice(0, 100);
  if (!parsed.success)
    return json<DiscountActionData>({ discountError: parsed.errors.code ?? parsed.message, code: typed }, { status: 400 });
  if (parsed.data.intent === "remove-discount") {
    return redirectWithSuccess("/cart", "Discount code removed", { headers: { "Set-Cookie": await discountCodeCookie(null) } });
  }
  const [user, lines] = await Promise.all([getOptionalUser(request), readCart(request)]);
  const cart = await priceCart(lines, user?.id);
  const applied = await applyDiscountCode(parsed.data.code, cart.totalCents, { buyerId: user?.id });
  const headers = applied.keep ? { "Set-Cookie": await discountCodeCookie(applied.code) } : undefined;
  if (!applied.check.ok) {
    const status = applied.check.reason === "unknown" ? 404 : 409;
    return json<DiscountActionData>({ discountError: applied.check.message, code: applied.code }, { status, headers });
  }
  return redirectWithSuccess("/cart", `Discount code ${applied.code} applied`, { headers });
}
