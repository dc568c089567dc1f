import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { OrderDetail } from "~/components/orders/OrderDetail";
import { ReturnList, ReturnRequestForm } from "~/components/orders/ReturnPanel";
import { getOrderForBuyer, parseOrderNumber } from "~/domain/orders/order.server";
import { submitReturnRequestForm } from "~/domain/returns/return-form.server";
import { orderReturnsPage } from "~/domain/returns/return.server";
import { requireUser } from "~/http/auth.server";
import { assertSameOrigin, foundOr404 } from "~/http/http.server";
import { readForm } from "~/http/request-input.server";
import { redirectWithError, redirectWithSuccess } from "~/http/toast.server";

// /dashboard/user/orders/10042: one of the shopper's own orders in full, its
// returns, and the form asking to return shipped items (within the window).
// Another shopper's number is "not found", exactly like a number never used.
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const number = parseOrderNumber(params.number);
  const order = foundOr404(number === null ? null : await getOrderForBuyer(user.id, number), "Order not found");
  const returns = await orderReturnsPage(order.id);
  return json({ order, returns }, { headers: { "Cache-Control": "private, no-store" } });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  assertSameOrigin(request, context);
  const user = await requireUser(request);
  const number = parseOrderNumber(params.number);
  const order = number === null ? null : await getOrderForBuyer(user.id, number);
  if (!order) return redirectWithError("/dashboard/user/orders", "Order not found");
  const back = `/dashboard/user/orders/${order.number}`;
  const form = await readForm(request, { fileFields: [] });
  if (!form.ok || form.formData.get("intent") !== "return") return redirectWithError(back, "Unknown action");
  const outcome = await submitReturnRequestForm(user.id, order.id, form.formData);
  return outcome.ok ? redirectWithSuccess(back, outcome.message) : redirectWithError(back, outcome.message);
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Order #${data.order.number} | Storefront` : "Order not found | Storefront" },
  { name: "robots", content: "noindex" },
];

export default function UserOrder() {
  const { order, returns } = useLoaderData<typeof loader>();
  return (
    <section className="space-y-4">
      <Link to="/dashboard/user/orders" className="text-sm underline">
        ← All orders
      </Link>
      <OrderDetail order={order} />
      <ReturnList returns={returns.returns} />
      <ReturnRequestForm number={order.number} lines={returns.lines} windowDays={returns.windowDays} />
    </section>
  );
}
