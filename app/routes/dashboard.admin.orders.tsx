import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useFetcher, useLoaderData } from "@remix-run/react";
import { redirectWithError, redirectWithSuccess } from "~/utils/toast.server";
import { AdminErrorBoundary } from "~/components/AdminErrorBoundary";
import { guardMeta } from "~/components/GuardScreen";
import { OrderCard, type OrderCardData } from "~/components/OrderCard";
import { Pager } from "~/components/Pager";
import { ORDER_STATUSES, orderStatusLabel, parseOrderStatus } from "~/models/order";
import { listAllOrders, updateOrderStatus } from "~/models/order.server";
import { requireAdmin } from "~/utils/auth.server";
import { assertSameOrigin } from "~/utils/http.server";
import { pageCount, pageFromUrl } from "~/utils/paging";
import { readForm } from "~/utils/upload.server";
import { useHydrated } from "~/utils/use-hydrated";

export const meta: MetaFunction = ({ error }) =>
  guardMeta(error) ?? [{ title: "All Orders | Storefront" }, { name: "robots", content: "noindex" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const { orders, total, page, pageSize } = await listAllOrders({ page: pageFromUrl(request.url) });
  return json({ orders, total, page, pageCount: pageCount(total, pageSize), pageSize });
}

export async function action({ request }: ActionFunctionArgs) {
  await requireAdmin(request);
  assertSameOrigin(request);
  const form = await readForm(request, { fileFields: [] });
  const page = form.ok ? Number(form.formData.get("page")) || 1 : 1;
  const back = `/dashboard/admin/orders${page > 1 ? `?page=${Math.min(page, 10_000)}` : ""}`;
  if (!form.ok) return redirectWithError(back, form.message);
  const status = parseOrderStatus(form.formData.get("status"));
  if (!status) return redirectWithError(back, `Choose one of: ${ORDER_STATUSES.map((s) => s.label).join(", ")}`);
  const order = await updateOrderStatus(String(form.formData.get("orderId") ?? ""), status);
  if (!order) return redirectWithError(back, "Order not found");
  return redirectWithSuccess(back, `Order status set to ${orderStatusLabel(status)}`);
}

export default function AdminOrders() {
  const { orders, total, page, pageCount, pageSize } = useLoaderData<typeof loader>();
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
            index={index}
            showNote
            statusControl={<StatusControl order={order} index={index} page={page} />}
          />
        );
      })}
      <Pager page={page} pageCount={pageCount} label="Order pages" />
    </section>
  );
}

/** Saves on change with JavaScript (showing the new status at once); a Save button without. */
function StatusControl({ order, index, page }: { order: OrderCardData; index: number; page: number }) {
  const fetcher = useFetcher();
  const hydrated = useHydrated();
  const pending = fetcher.formData?.get("status");
  const status = typeof pending === "string" ? pending : order.status;
  const id = `status-${order.id}`;
  return (
    <fetcher.Form method="post" className="flex min-w-0 items-center gap-2">
      <input type="hidden" name="orderId" value={order.id} />
      <input type="hidden" name="page" value={page} />
      <label htmlFor={id} className="sr-only">
        Status of order {index}
      </label>
      <select
        id={id}
        name="status"
        className="input w-auto min-w-0 max-w-full py-1"
        value={status}
        onChange={(event) => fetcher.submit(event.currentTarget.form, { preventScrollReset: true })}
        aria-busy={fetcher.state !== "idle" || undefined}
      >
        {ORDER_STATUSES.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {hydrated ? null : (
        <button type="submit" className="btn-secondary py-1">
          Save
        </button>
      )}
    </fetcher.Form>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
