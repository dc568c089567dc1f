import type { LoaderFunctionArgs } from "@remix-run/node";
import { restoreAbandonedCart } from "~/domain/checkout/abandoned.server";
import { serializeCart } from "~/http/cart-cookie.server";
import { recoveredFromCookie } from "~/http/recovery-cookie.server";
import { redirectWithError, redirectWithSuccess } from "~/http/toast.server";

// /cart/restore?token=…: the "Return to your cart" link of an abandoned-checkout
// reminder. The cart becomes the abandoned order's lines (the cart page prices
// them and checks the stock again, as always) and the recovery cookie names the
// order, so the checkout that follows counts as its recovery. No sign-in needed.
export async function loader({ request }: LoaderFunctionArgs) {
  const restored = await restoreAbandonedCart(new URL(request.url).searchParams.get("token"));
  const noStore = { "Cache-Control": "private, no-store" };
  if (!restored.ok) return redirectWithError("/cart", restored.message, { headers: noStore });
  const headers = new Headers(noStore);
  headers.append("Set-Cookie", await serializeCart(restored.lines));
  headers.append("Set-Cookie", await recoveredFromCookie(restored.orderId));
  return redirectWithSuccess("/cart", "Your cart is back", { headers });
}
