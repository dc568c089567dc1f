import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AdminErrorBoundary } from "~/components/AdminErrorBoundary";
import { guardMeta } from "~/components/GuardScreen";
import { OrderCard } from "~/components/OrderCard";
import { OrderStatusControl } from "~/components/OrderStatusControl";
import { Pager } from "~/components/Pager";
import { ORDERS_SCREEN_PAGE_SIZE, listAllOrders } from "~/models/order.server";
import { requireAdmin } from "~/utils/auth.server";
import { pageFromUrl } from "~/utils/paging";
import { orderStatusAction } from "~/utils/order-status-action.server";

export const meta: MetaFunction = ({ error }) =>
  guardMeta(error) ?? [{ title: "All Orders | Storefront" }, { name: "robots", content: "noindex" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return json(await listAllOrders({ page: pageFromUrl(request.url), pageSize: ORDERS_SCREEN_PAGE_SIZE }));
}

export function action({ request, context }: ActionFunctionArgs) {
  return orderStatusAction(
    request,
    (formData) => {
      const page = Math.min(Number(formData?.get("page")) || 1, 10_000);
      return `/dashboard/admin/orders${page > 1 ? `?page=${page}` : ""}`;
    },
    context,
  );
}

export default function AdminOrders() {
  const { items: orders, total, page, pageCount, pageSize } = useLoaderData<typeof loader>();
  return (
    <section>
      <h1 className="mb-4 text-2xl font-semibold">All Orders</h1>
      {total === 0 ? <p className="text-gray-600">No orders yet.</p> : null}
      {orders.map((order, i) => {
        const index = (page - 1) * pageSize + i + 1;
        return (
          <OrderCard
            key={order.id}
            order={order}
            detailHref={`/dashboard/admin/orders/${order.number}`}
            index={index}
            showNote
            statusControl={<OrderStatusControl order={order} label={`Status of order ${index}`} page={page} />}
          />
        );
      })}
      <Pager page={page} pageCount={pageCount} label="Order pages" />
    </section>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
