import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { clearCartCookie, readCart } from "~/models/cart.server";
import { confirmCheckoutSession } from "~/models/checkout.server";
import { paymentLabel } from "~/models/order";
import { getOptionalUser } from "~/utils/auth.server";
import { pageMeta } from "~/utils/meta";
import { formatPrice } from "~/utils/money";

export const meta: MetaFunction = () => [
  ...pageMeta({ title: "Payment successful", description: "Thank you for your order", path: "/success" }),
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  // Empty the cart, then load the page again without it so the header badge
  // (read from the request's cookies) shows 0 as well. `cleared` stops a loop
  // in a browser that refuses cookies.
  if ((await readCart(request)).length > 0 && !url.searchParams.has("cleared")) {
    url.searchParams.set("cleared", "1");
    throw redirect(url.pathname + url.search, { headers: { "Set-Cookie": await clearCartCookie() } });
  }
  const user = await getOptionalUser(request);
  const sessionId = url.searchParams.get("session_id");
  const order = user && sessionId ? await confirmCheckoutSession(sessionId, user.id) : null;
  return json(
    { order: order ? { payment: paymentLabel(order.paymentStatus), totalCents: order.totalCents } : null },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export default function PaymentSuccess() {
  const { order } = useLoaderData<typeof loader>();
  return (
    <section className="flex min-h-[50vh] flex-col items-center justify-center text-center">
      <h1 className="text-3xl font-bold text-green-700">Payment successful</h1>
      {order ? (
        <p className="mt-3 text-gray-700" data-testid="order-payment">
          Order total {formatPrice(order.totalCents)} · payment {order.payment === "Pending" ? "being confirmed" : order.payment}
        </p>
      ) : (
        <p className="mt-3 text-gray-700">Thank you for your order.</p>
      )}
      <div className="mt-6 flex gap-3">
        <Link to="/" className="btn-primary">
          Go to Home
        </Link>
        {order ? (
          <Link to="/dashboard/user/orders" className="btn-secondary">
            See your orders
          </Link>
        ) : null}
      </div>
    </section>
  );
}
