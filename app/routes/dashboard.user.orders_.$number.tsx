import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { OrderDetail } from "~/components/orders/OrderDetail";
import { getOrderForBuyer, parseOrderNumber } from "~/domain/orders/order.server";
import { requireUser } from "~/http/auth.server";
import { foundOr404 } from "~/http/http.server";

// /dashboard/user/orders/10042: one of the shopper's own orders in full.
// Another shopper's number is "not found", exactly like a number never used.
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const number = parseOrderNumber(params.number);
  const order = foundOr404(number === null ? null : await getOrderForBuyer(user.id, number), "Order not found");
  return json({ order }, { headers: { "Cache-Control": "private, no-store" } });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Order #${data.order.number} | Storefront` : "Order not found | Storefront" },
  { name: "robots", content: "noindex" },
];

export default function UserOrder() {
  const { order } = useLoaderData<typeof loader>();
  return (
    <section className="space-y-4">
      <Link to="/dashboard/user/orders" className="text-sm underline">
        ← All orders
      </Link>
      <OrderDetail order={order} />
    </section>
  );
}
