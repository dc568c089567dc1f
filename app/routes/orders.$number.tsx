import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { OrderDetail } from "~/components/orders/OrderDetail";
import { isOrderLinkKey } from "~/domain/orders/guest-access.server";
import { getOrderByNumber, parseOrderNumber } from "~/domain/orders/order.server";
import { foundOr404 } from "~/http/http.server";

// /orders/10042?key=…: an order's page opened with its signed link (the
// confirmation e-mail's, or one asked for again at /orders/lookup), without
// an account. A wrong or missing key is "not found", as for a number never used.
export async function loader({ request, params }: LoaderFunctionArgs) {
  const number = parseOrderNumber(params.number);
  const key = new URL(request.url).searchParams.get("key");
  const order = number === null || !key ? null : await getOrderByNumber(number);
  const shown = order && isOrderLinkKey(order.id, key) ? order : null;
  return json(
    { order: foundOr404(shown, "Order not found: the link may be incomplete. Ask for a new one by its number and e-mail.") },
    // The key is in the address: no referrer carries it to another site, no cache keeps the page.
    { headers: { "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer" } },
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Order #${data.order.number} | Storefront` : "Order not found | Storefront" },
  { name: "robots", content: "noindex" },
];

export default function GuestOrder() {
  const { order } = useLoaderData<typeof loader>();
  return (
    <section className="mx-auto max-w-4xl space-y-4">
      <OrderDetail order={order} />
      <p className="text-sm text-gray-700">
        Keep the e-mail with this page&apos;s link: it is the way back to your order. Lost it?{" "}
        <Link to="/orders/lookup" className="underline">
          Ask for the link again
        </Link>
        . With an account in this e-mail&apos;s name you can add the order to it from your orders page.
      </p>
    </section>
  );
}
