import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { AdminErrorBoundary } from "~/components/AdminErrorBoundary";
import { guardMeta } from "~/components/GuardScreen";
import { OrderDetail } from "~/components/OrderDetail";
import { OrderStatusControl } from "~/components/OrderStatusControl";
import { getOrderForAdmin, parseOrderNumber } from "~/models/order.server";
import { requireAdmin } from "~/utils/auth.server";
import { foundOr404 } from "~/utils/http.server";
import { orderStatusAction } from "~/utils/order-status-action.server";

// /dashboard/admin/orders/10042: one order in full, and its status control.
export const meta: MetaFunction<typeof loader> = ({ data, error }) =>
  guardMeta(error) ?? [{ title: `Order #${data?.order.number ?? ""} | Storefront` }, { name: "robots", content: "noindex" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const number = parseOrderNumber(params.number);
  const order = foundOr404(number === null ? null : await getOrderForAdmin(number), "Order not found");
  return json({ order });
}

export function action({ request, params, context }: ActionFunctionArgs) {
  return orderStatusAction(request, () => `/dashboard/admin/orders/${parseOrderNumber(params.number) ?? ""}`, context);
}

export default function AdminOrder() {
  const { order } = useLoaderData<typeof loader>();
  return (
    <section className="space-y-4">
      <Link to="/dashboard/admin/orders" className="text-sm underline">
        ← All orders
      </Link>
      <OrderDetail order={order} statusControl={<OrderStatusControl order={order} label={`Status of order #${order.number}`} />} />
    </section>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
