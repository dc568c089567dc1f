import { Link } from "@remix-run/react";
import { STAT_RANGES, type RecoveredFigures } from "~/domain/orders/stats";
import { formatPrice } from "~/utils/money";

/** Orders paid through an abandoned-checkout reminder's link, per period of the dashboard. */
export function RecoveredSales({ figures }: { figures: RecoveredFigures[] }) {
  return (
    <section aria-labelledby="recovered-sales" className="rounded border border-gray-200 bg-white p-4">
      <h2 id="recovered-sales" className="font-semibold">
        Recovered sales
      </h2>
      <p className="mt-1 text-xs text-gray-600">
        Orders paid through an abandoned-checkout reminder&apos;s link, each counted once, with what they were charged.{" "}
        <Link to="/dashboard/admin/abandoned-checkouts" className="underline">
          Abandoned checkouts
        </Link>
      </p>
      <dl className="mt-2 grid grid-cols-3 gap-3">
        {figures.map((figure) => (
          <div key={figure.range} className="min-w-0">
            <dt className="text-xs text-gray-600">{STAT_RANGES.find((range) => range.range === figure.range)?.label}</dt>
            <dd className="text-lg font-semibold" data-testid={`${figure.range}-recovered`}>
              {formatPrice(figure.totalCents)}
            </dd>
            <dd className="text-xs text-gray-600">
              {figure.orders} order{figure.orders === 1 ? "" : "s"}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
