import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { AdminErrorBoundary } from "~/components/admin/AdminErrorBoundary";
import { guardMeta } from "~/components/layout/GuardScreen";
import { Pager } from "~/components/ui/Pager";
import { StackedCell } from "~/components/ui/StackedCell";
import { ABANDONED_PAGE_SIZE, listAbandonedCheckouts } from "~/domain/checkout/abandoned.server";
import { requireAdmin } from "~/http/auth.server";
import { formatPrice } from "~/utils/money";
import { pageCount, pageFromUrl } from "~/utils/paging";

// /dashboard/admin/abandoned-checkouts: checkouts that reached the payment page
// and were not paid (app/domain/checkout/abandoned.server.ts), newest first:
// when, who, what it was worth, whether its one reminder went, and the order
// that came back through the reminder's link.
export const meta: MetaFunction = ({ error }) =>
  guardMeta(error) ?? [{ title: "Abandoned checkouts | Storefront" }, { name: "robots", content: "noindex" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const page = pageFromUrl(request.url);
  const { checkouts, total } = await listAbandonedCheckouts({ page });
  return json({ checkouts, total, page, pageCount: pageCount(total, ABANDONED_PAGE_SIZE) });
}

const when = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

export default function AdminAbandonedCheckouts() {
  const { checkouts, total, page, pageCount } = useLoaderData<typeof loader>();
  return (
    <section>
      <h1 className="mb-4 text-2xl font-semibold">Abandoned checkouts</h1>
      <p className="mb-4 text-sm text-gray-600">
        {total} checkout{total === 1 ? "" : "s"} reached the payment page and were not paid. Each gets at most one reminder; an order paid
        through its link counts as recovered.
      </p>
      {checkouts.length ? (
        <table role="table" className="block w-full rounded border border-gray-200 bg-white text-left text-sm md:table">
          <thead role="rowgroup" className="sr-only bg-gray-100 md:not-sr-only md:table-header-group">
            <tr role="row">
              {["Started", "Who", "Value", "Reminded", "Recovered"].map((column) => (
                <th key={column} role="columnheader" scope="col" className="px-3 py-2">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody role="rowgroup" className="block md:table-row-group">
            {checkouts.map((checkout) => (
              <tr
                key={checkout.id}
                role="row"
                aria-label={`${checkout.email}, ${when.format(new Date(checkout.startedAt))}`}
                className="grid grid-cols-2 gap-x-4 gap-y-2 border-t border-gray-200 p-3 first:border-t-0 md:table-row md:p-0 md:first:border-t"
              >
                <StackedCell label="Started">
                  <time dateTime={checkout.startedAt}>{when.format(new Date(checkout.startedAt))}</time>
                </StackedCell>
                <StackedCell label="Who" className="break-all">
                  {checkout.email}
                </StackedCell>
                <StackedCell label="Value">{formatPrice(checkout.valueCents)}</StackedCell>
                <StackedCell label="Reminded">
                  {checkout.remindedAt ? (
                    <time dateTime={checkout.remindedAt}>{when.format(new Date(checkout.remindedAt))}</time>
                  ) : (
                    <span className="text-gray-500">Not reminded</span>
                  )}
                </StackedCell>
                <StackedCell label="Recovered">
                  {checkout.recoveredOrderNumber ? (
                    <Link to={`/dashboard/admin/orders/${checkout.recoveredOrderNumber}`} className="underline">
                      Order #{checkout.recoveredOrderNumber}
                    </Link>
                  ) : (
                    <span className="text-gray-400">—</span>
                  )}
                </StackedCell>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="text-gray-600">No abandoned checkouts{page > 1 ? " on this page" : " yet"}.</p>
      )}
      <Pager page={page} pageCount={pageCount} label="Abandoned checkout pages" />
    </section>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
