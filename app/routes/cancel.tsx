import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { pageMeta } from "~/utils/meta";

export const meta: MetaFunction = () => [
  ...pageMeta({ title: "Payment canceled", description: "Your payment was canceled; your cart is kept", path: "/cancel" }),
  { name: "robots", content: "noindex" },
];

// Stripe sends the shopper here after Cancel. Nothing was charged and the cart
// is untouched; the pending order turns Failed when Stripe expires the session.
export default function PaymentCanceled() {
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
