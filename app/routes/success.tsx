import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { clearCartCookie, readCart } from "~/http/cart-cookie.server";
import { confirmCheckoutSession } from "~/domain/checkout/reconcile.server";
import { discountCodeCookie, readDiscountCode } from "~/http/discount-cookie.server";
import { getOptionalUser } from "~/http/auth.server";
import { readGuestKey } from "~/http/guest-cookie.server";
import { recoveredFromCookie } from "~/http/recovery-cookie.server";
import { buyerOrderPath } from "~/domain/orders/guest-access.server";
import { pageMeta } from "~/http/meta";
import { formatPrice } from "~/utils/money";

export const meta: MetaFunction = ({ data }) => [
  ...pageMeta({
    title: (data as { confirmed?: boolean } | undefined)?.confirmed ? "Payment successful" : "Payment not confirmed",
    description: "Thank you for your order",
    path: "/success",
  }),
  { name: "robots", content: "noindex" },
];

// Stripe sends the shopper here with `?session_id=cs_…`. The page believes
// only Stripe: the session must be one of the signed-in shopper's orders and
// paid (by the verified webhook already, or by asking Stripe now). Only then
// is the cart emptied. Anything else (no session, someone else's, unpaid,
// refunded) says so and leaves the cart alone.
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const [user, guestKey] = await Promise.all([getOptionalUser(request), readGuestKey(request)]);
  const sessionId = url.searchParams.get("session_id");
  // The signed-in shopper's order, or (guest checkout) the one this browser started.
  const holder = user ? user.id : guestKey ? { guestKey } : null;
  const order = holder && sessionId ? await confirmCheckoutSession(sessionId, holder) : null;
  const confirmed = order?.paymentStatus === "SUCCEEDED";
  // Empty the cart (and forget its discount code: it was used), then load the page again without it so the header badge
  // (read from the request's cookies) shows 0 as well. `cleared` stops a loop
  // in a browser that refuses cookies.
  const [cartLines, code] = await Promise.all([readCart(request), readDiscountCode(request)]);
  if (confirmed && (cartLines.length > 0 || code) && !url.searchParams.has("cleared")) {
    url.searchParams.set("cleared", "1");
    const headers = new Headers();
    headers.append("Set-Cookie", await clearCartCookie());
    headers.append("Set-Cookie", await discountCodeCookie(null));
    // A checkout a reminder brought back is recovered once: the next purchase is not the reminder's.
    headers.append("Set-Cookie", await recoveredFromCookie(null));
    throw redirect(url.pathname + url.search, { headers });
  }
  const refunded = order?.paymentStatus === "REFUNDED" || order?.paymentStatus === "REFUND_PENDING";
  return json(
    {
      confirmed,
      signedIn: Boolean(user),
      // Where its buyer sees it: the account's page, or a guest's signed link (also in the confirmation e-mail).
      orderPath: order && (confirmed || order.paymentStatus === "REFUNDED") ? buyerOrderPath(order) : null,
      order:
        order && (confirmed || refunded)
          ? {
              number: order.number,
              totalCents: order.totalCents,
              discountCents: order.discountCents,
              discountCode: order.discountCode,
              refunded,
            }
          : null,
      pending: order?.paymentStatus === "PENDING",
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export default function PaymentSuccess() {
  const { confirmed, order, pending, signedIn, orderPath } = useLoaderData<typeof loader>();
  if (!confirmed) {
    return (
      <section className="flex min-h-[50vh] flex-col items-center justify-center text-center">
        <h1 className="text-3xl font-bold text-gray-900">We could not confirm this payment</h1>
        <p className="mt-3 max-w-xl text-gray-700" data-testid="payment-unconfirmed">
          {order?.refunded
            ? `Sorry: the items sold out before your payment arrived, so your payment of ${formatPrice(order.totalCents)} was refunded in full. Your cart is unchanged.`
            : pending
              ? "Stripe has not reported this payment as paid yet. Your cart is unchanged; your orders page shows the payment once it arrives."
              : signedIn
                ? "No paid order of yours matches this page. Your cart is unchanged."
                : "Please log in to see your order. Your cart is unchanged."}
        </p>
        <div className="mt-6 flex gap-3">
          <Link to="/cart" className="btn-primary">
            View cart
          </Link>
          {signedIn ? (
            <Link to="/dashboard/user/orders" className="btn-secondary">
              See your orders
            </Link>
          ) : null}
        </div>
      </section>
    );
  }
  return (
    <section className="flex min-h-[50vh] flex-col items-center justify-center text-center">
      <h1 className="text-3xl font-bold text-green-700">Payment successful</h1>
      {order ? (
        <p className="mt-3 text-gray-700" data-testid="order-payment">
          Order <strong data-testid="order-number">#{order.number}</strong> · total {formatPrice(order.totalCents)}
          {order.discountCode ? ` (discount ${order.discountCode}: −${formatPrice(order.discountCents)})` : ""} · payment Success
        </p>
      ) : null}
      <div className="mt-6 flex gap-3">
        <Link to="/" className="btn-primary">
          Go to Home
        </Link>
        <Link to={orderPath ?? "/dashboard/user/orders"} className="btn-secondary">
          {order ? "See your order" : "See your orders"}
        </Link>
      </div>
    </section>
  );
}
