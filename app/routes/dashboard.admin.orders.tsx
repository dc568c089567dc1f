import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { AdminErrorBoundary } from "~/components/admin/AdminErrorBoundary";
import { guardMeta } from "~/components/layout/GuardScreen";
import { OrderCard } from "~/components/orders/OrderCard";
import { OrderStatusControl } from "~/components/orders/OrderStatusControl";
import { Pager } from "~/components/ui/Pager";
import { ORDER_SEARCH_MAX, ORDER_STATUSES, PAYMENT_FILTERS, orderFilterFromUrl, orderFilterParams } from "~/domain/orders/order";
import { ORDERS_SCREEN_PAGE_SIZE, listAllOrders } from "~/domain/orders/order.server";
import { requireAdmin } from "~/http/auth.server";
import { pageFromUrl } from "~/utils/paging";
import { orderStatusAction } from "~/http/order-status-action.server";

export const meta: MetaFunction = ({ error }) =>
  guardMeta(error) ?? [{ title: "All Orders | Storefront" }, { name: "robots", content: "noindex" }];

// Filters and search are a GET form: every state is a URL (?status=&payment=&q=&page=).
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const filter = orderFilterFromUrl(request.url);
  const orders = await listAllOrders({ page: pageFromUrl(request.url), pageSize: ORDERS_SCREEN_PAGE_SIZE, filter });
  return json({ ...orders, filter });
}

export function action({ request, context }: ActionFunctionArgs) {
  // The status form posts to this URL with its query, so the admin comes back to the same filter and page.
  return orderStatusAction(request, () => `/dashboard/admin/orders${new URL(request.url).search}`, context);
}

export default function AdminOrders() {
  const { items: orders, total, page, pageCount, pageSize, filter } = useLoaderData<typeof loader>();
  const params = orderFilterParams(filter);
  const query = new URLSearchParams(Object.entries(params).filter(([, value]) => value)).toString();
  const filtered = Boolean(query);
  return (
    <section>
      <h1 className="mb-4 text-2xl font-semibold">All Orders</h1>
      <Form
        method="get"
        role="search"
        aria-label="Filter orders"
        className="mb-4 grid gap-3 rounded border border-gray-200 bg-white p-4 sm:grid-cols-2 xl:grid-cols-4"
      >
        <div className="sm:col-span-2">
          <label htmlFor="orders-q" className="text-sm font-medium">
            Search orders
          </label>
          <input
            id="orders-q"
            name="q"
            type="search"
            defaultValue={filter.q ?? ""}
            maxLength={ORDER_SEARCH_MAX}
            placeholder="Order number, buyer name or e-mail"
            className="input mt-1"
          />
        </div>
        <FilterSelect name="status" label="Status" anyLabel="Any status" options={ORDER_STATUSES} value={filter.status} />
        <FilterSelect name="payment" label="Payment" anyLabel="Any payment" options={PAYMENT_FILTERS} value={filter.payment} />
        <div className="flex flex-wrap items-center gap-3 sm:col-span-2 xl:col-span-4">
          <button type="submit" className="btn-primary">
            Filter
          </button>
          {filtered ? (
            <a href="/dashboard/admin/orders" className="text-sm underline">
              Clear filters
            </a>
          ) : null}
          <a href={`/dashboard/admin/orders.csv${query ? `?${query}` : ""}`} className="ml-auto text-sm underline" download>
            Download CSV
          </a>
        </div>
      </Form>
      <p className="mb-2 text-sm text-gray-600" aria-live="polite">
        {filtered ? `${total} ${total === 1 ? "order matches" : "orders match"}` : `${total} ${total === 1 ? "order" : "orders"}`}
      </p>
      {total === 0 ? <p className="text-gray-600">{filtered ? "No orders match this filter." : "No orders yet."}</p> : null}
      {orders.map((order, i) => {
        const index = (page - 1) * pageSize + i + 1;
        return (
          <OrderCard
            key={order.id}
            order={order}
            detailHref={`/dashboard/admin/orders/${order.number}`}
            index={index}
            showNote
            statusControl={<OrderStatusControl order={order} label={`Status of order ${index}`} />}
          />
        );
      })}
      <Pager page={page} pageCount={pageCount} params={params} label="Order pages" />
    </section>
  );
}

export const ErrorBoundary = AdminErrorBoundary;

/** One of the list's filters: a labelled select whose first choice is "any". */
function FilterSelect({
  name,
  label,
  anyLabel,
  options,
  value,
}: {
  name: string;
  label: string;
  anyLabel: string;
  options: readonly { value: string; label: string }[];
  value: string | undefined;
}) {
  const id = `orders-${name}`;
  return (
    <div>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <select id={id} name={name} defaultValue={value ?? ""} className="input mt-1">
        <option value="">{anyLabel}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
