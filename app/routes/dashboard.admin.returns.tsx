import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { AdminErrorBoundary } from "~/components/admin/AdminErrorBoundary";
import { guardMeta } from "~/components/layout/GuardScreen";
import { Pager } from "~/components/ui/Pager";
import { StackedCell } from "~/components/ui/StackedCell";
import { RETURN_STATUSES, RETURN_STATUS_LABELS, returnLabel, returnReasonLabel, type ReturnStatusCode } from "~/domain/returns/return";
import { listReturns, returnView, RETURNS_PAGE_SIZE } from "~/domain/returns/return.server";
import { requireAdmin } from "~/http/auth.server";
import { formatPrice } from "~/utils/money";
import { pageCount, pageFromUrl } from "~/utils/paging";

// /dashboard/admin/returns: every return, newest first, filtered by state
// (?status=REQUESTED: a plain link, bookmarkable); each links to its order's
// page, where the owner approves, declines, receives and refunds it.
export const meta: MetaFunction = ({ error }) =>
  guardMeta(error) ?? [{ title: "Returns | Storefront" }, { name: "robots", content: "noindex" }];

const parseStatus = (value: string | null): ReturnStatusCode | undefined =>
  RETURN_STATUSES.find((status) => status === value?.toUpperCase());

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const status = parseStatus(url.searchParams.get("status"));
  const page = pageFromUrl(url);
  const { items, total } = await listReturns({ status, page });
  return json({ returns: items.map(returnView), total, status: status ?? "", page, pageCount: pageCount(total, RETURNS_PAGE_SIZE) });
}

const day = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });

export default function AdminReturns() {
  const { returns, total, status, page, pageCount } = useLoaderData<typeof loader>();
  const filters = [{ value: "", label: "All" }, ...RETURN_STATUSES.map((value) => ({ value, label: RETURN_STATUS_LABELS[value] }))];
  return (
    <section>
      <h1 className="mb-4 text-2xl font-semibold">Returns</h1>
      <nav aria-label="Filter returns by status" className="mb-4 flex flex-wrap gap-2 text-sm">
        {filters.map((option) => (
          <Link
            key={option.value}
            to={option.value ? `?status=${option.value}` : "."}
            aria-current={status === option.value ? "page" : undefined}
            className={`rounded border px-3 py-1 ${status === option.value ? "border-gray-900 bg-gray-900 text-white" : "border-gray-300 bg-white"}`}
          >
            {option.label}
          </Link>
        ))}
      </nav>
      <p className="mb-4 text-sm text-gray-600">
        {total} return{total === 1 ? "" : "s"}
        {status ? ` ${RETURN_STATUS_LABELS[status as ReturnStatusCode].toLowerCase()}` : ""}.
      </p>
      {returns.length ? (
        <table role="table" className="block w-full rounded border border-gray-200 bg-white text-left text-sm md:table">
          <thead role="rowgroup" className="sr-only bg-gray-100 md:not-sr-only md:table-header-group">
            <tr role="row">
              {["Return", "Order", "Customer", "Items", "Reason", "Status", "Refunded"].map((column) => (
                <th key={column} role="columnheader" scope="col" className="px-3 py-2">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody role="rowgroup" className="block md:table-row-group">
            {returns.map((ret) => (
              <tr
                key={ret.id}
                role="row"
                aria-label={`Return ${returnLabel(ret.number)}`}
                className="grid grid-cols-2 gap-x-4 gap-y-2 border-t border-gray-200 p-3 first:border-t-0 md:table-row md:p-0 md:first:border-t"
              >
                <StackedCell label="Return">
                  {returnLabel(ret.number)}
                  <span className="block text-xs text-gray-600">{day.format(new Date(ret.requestedAt))}</span>
                </StackedCell>
                <StackedCell label="Order">
                  <Link to={`/dashboard/admin/orders/${ret.order.number}#returns`} className="underline">
                    #{ret.order.number}
                  </Link>
                </StackedCell>
                <StackedCell label="Customer" className="break-all">
                  {ret.order.buyer?.name ?? `${ret.order.shipName || ret.order.email} (guest)`}
                </StackedCell>
                <StackedCell label="Items">{ret.lines.map((line) => `${line.quantity} × ${line.name}`).join(", ")}</StackedCell>
                <StackedCell label="Reason">{returnReasonLabel(ret.reason)}</StackedCell>
                <StackedCell label="Status">{RETURN_STATUS_LABELS[ret.status]}</StackedCell>
                <StackedCell label="Refunded">{ret.refund ? formatPrice(ret.refund.amountCents) : "—"}</StackedCell>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="text-gray-600">No returns{status ? " in this state" : " yet"}.</p>
      )}
      <Pager page={page} pageCount={pageCount} params={{ status }} label="Return pages" />
    </section>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
