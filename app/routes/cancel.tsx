import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { cancelCheckout, type CancelOutcome } from "~/domain/checkout/cancel.server";
import { getOptionalUser } from "~/http/auth.server";
import { readGuestKey } from "~/http/guest-cookie.server";
import { pageMeta } from "~/http/meta";

export const meta: MetaFunction = () => [
  ...pageMeta({ title: "Payment canceled", description: "Your payment was canceled; your cart is kept", path: "/cancel" }),
  { name: "robots", content: "noindex" },
];

// Stripe sends the shopper here after Cancel, with `?order=<id>` (set in the
// session's cancel_url). For the signed-in shopper's own pending order, the
// Checkout Session is expired at Stripe, the reserved stock goes back and
// the attempt is marked cancelled. The cart is untouched.
export async function loader({ request }: LoaderFunctionArgs) {
  const orderId = new URL(request.url).searchParams.get("order");
  const [user, guestKey] = await Promise.all([getOptionalUser(request), readGuestKey(request)]);
  // The signed-in shopper's attempt, or (guest checkout) the one this browser started.
  const holder = user ? user.id : guestKey ? { guestKey } : null;
  const outcome: CancelOutcome = holder && orderId ? await cancelCheckout(orderId, holder) : "not-found";
  return json({ outcome }, { headers: { "Cache-Control": "private, no-store" } });
}

export default function PaymentCanceled() {
  const { outcome } = useLoaderData<typeof loader>();
  if (outcome === "paid") {
    return (
      <section className="flex min-h-[50vh] flex-col items-center justify-center text-center">
        <h1 className="text-3xl font-bold text-gray-900">This order was already paid</h1>
        <p className="mt-3 text-gray-700">The payment went through before it could be cancelled.</p>
        <Link to="/dashboard/user/orders" className="btn-primary mt-6">
          See your orders
        </Link>
      </section>
    );
  }
  return (
    <section className="flex min-h-[50vh] flex-col items-center justify-center text-center">
      <h1 className="text-3xl font-bold text-gray-900">Payment canceled</h1>
      <p className="mt-3 text-gray-700">Nothing was charged. Your cart is still here.</p>
      <div className="mt-6 flex gap-3">
        <Link to="/checkout" className="btn-primary">
          Try Again
        </Link>
        <Link to="/cart" className="btn-secondary">
          View cart
        </Link>
      </div>
    </section>
  );
}
