import { Link } from "@remix-run/react";
import { STAT_RANGES, type Figures, type SalesStats } from "~/domain/orders/stats";
import { formatPrice } from "~/utils/money";

/** What the loader sends: the stats as JSON (already plain numbers and strings). */
type Stats = SalesStats;

/** "+12 %", "−3 %", "new" (nothing before), "same". */
function change(current: number, previous: number): string {
  if (current === previous) return "same";
  if (previous === 0) return "new";
  const percent = Math.round(((current - previous) / previous) * 100);
  return `${percent > 0 ? "+" : percent < 0 ? "−" : "±"}${Math.abs(percent)} %`;
}

const FIGURES: { key: keyof Figures; label: string; format: (value: number) => string }[] = [
  { key: "revenueCents", label: "Sales", format: formatPrice },
  { key: "orders", label: "Paid orders", format: String },
  { key: "averageCents", label: "Average order", format: formatPrice },
  { key: "units", label: "Units sold", format: String },
];

function PeriodCard({ period }: { period: Stats["periods"][number] }) {
  const text = STAT_RANGES.find((range) => range.range === period.range)!;
  return (
    <section aria-labelledby={`period-${period.range}`} className="rounded border border-gray-200 bg-white p-4">
      <h3 id={`period-${period.range}`} className="font-semibold">
        {text.label}
      </h3>
      <dl className="mt-2 grid grid-cols-2 gap-3">
        {FIGURES.map((figure) => (
          <div key={figure.key} className="min-w-0">
            <dt className="text-xs text-gray-600">{figure.label}</dt>
            <dd className="text-lg font-semibold" data-testid={`${period.range}-${figure.key}`}>
              {figure.format(period.current[figure.key])}
            </dd>
            <dd className="text-xs text-gray-600">
              {text.previousLabel.replace(/^./, (first) => first.toUpperCase())}: {figure.format(period.previous[figure.key])} (
              {change(period.current[figure.key], period.previous[figure.key])})
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** A round upper bound for an axis: 1, 2 or 5 × a power of ten, at least `max`. */
function niceMax(max: number): number {
  if (max <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  return [1, 2, 5, 10].map((step) => step * power).find((value) => value >= max)!;
}

const dayLabel = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString("en-US", { month: "short", day: "numeric", timeZone: "UTC" });

function ChartSvg({
  daily,
  width,
  height,
  tickCount,
  id,
  className,
}: {
  daily: Stats["daily"];
  width: number;
  height: number;
  tickCount: number;
  id: string;
  className: string;
}) {
  const margin = { left: 54, right: 30, top: 10, bottom: 38 };
  const plotWidth = width - margin.left - margin.right;
  const plotHeight = height - margin.top - margin.bottom;
  const revenueMax = niceMax(Math.max(...daily.map((d) => d.revenueCents)));
  const ordersMax = niceMax(Math.max(...daily.map((d) => d.orders)));
  const slot = plotWidth / daily.length;
  const x = (i: number) => margin.left + i * slot;
  const yRevenue = (cents: number) => margin.top + plotHeight - (cents / revenueMax) * plotHeight;
  const yOrders = (orders: number) => margin.top + plotHeight - (orders / ordersMax) * plotHeight;
  const totalRevenue = daily.reduce((sum, d) => sum + d.revenueCents, 0);
  const totalOrders = daily.reduce((sum, d) => sum + d.orders, 0);
  const ticks = [...new Set(Array.from({ length: tickCount }, (_, k) => Math.round((k * (daily.length - 1)) / (tickCount - 1))))];
  const points = daily.map((d, i) => `${(x(i) + slot / 2).toFixed(1)},${yOrders(d.orders).toFixed(1)}`).join(" ");
  return (
    <svg viewBox={`0 0 ${width} ${height}`} className={className} role="img" aria-labelledby={`${id}-title ${id}-desc`}>
      <title id={`${id}-title`}>Revenue and paid orders per day, last {daily.length} days</title>
      <desc id={`${id}-desc`}>
        {`From ${dayLabel(daily[0].day)} to ${dayLabel(daily[daily.length - 1].day)}: ${formatPrice(totalRevenue)} from ${totalOrders} paid orders. The table below lists each day.`}
      </desc>
      <g fontSize="11" fill="#4b5563">
        {[0, 0.5, 1].map((share) => (
          <g key={share}>
            <line
              x1={margin.left}
              x2={width - margin.right}
              y1={margin.top + plotHeight * (1 - share)}
              y2={margin.top + plotHeight * (1 - share)}
              stroke="#e5e7eb"
            />
            <text x={margin.left - 4} y={margin.top + plotHeight * (1 - share) + 3} textAnchor="end">
              {formatPrice(revenueMax * share).replace(/\.00$/, "")}
            </text>
            {Number.isInteger(ordersMax * share) ? (
              <text x={width - margin.right + 4} y={margin.top + plotHeight * (1 - share) + 3}>
                {ordersMax * share}
              </text>
            ) : null}
          </g>
        ))}
        {daily.map((d, i) => (
          <rect
            key={d.day}
            x={x(i) + slot * 0.15}
            width={slot * 0.7}
            y={yRevenue(d.revenueCents)}
            height={margin.top + plotHeight - yRevenue(d.revenueCents)}
            fill="#0284c7"
          />
        ))}
        <polyline points={points} fill="none" stroke="#d97706" strokeWidth="1.5" />
        {ticks.map((i) => (
          <text key={i} x={x(i) + slot / 2} y={height - margin.bottom + 13} textAnchor="middle">
            {dayLabel(daily[i].day)}
          </text>
        ))}
        <text x={margin.left + plotWidth / 2} y={height - 4} textAnchor="middle">
          Day
        </text>
        <text transform={`translate(10 ${margin.top + plotHeight / 2}) rotate(-90)`} textAnchor="middle">
          Revenue
        </text>
        <text transform={`translate(${width - 12} ${margin.top + plotHeight / 2}) rotate(90)`} textAnchor="middle">
          Orders
        </text>
      </g>
    </svg>
  );
}

/**
 * Revenue (bars, left axis) and paid orders (line, right axis) per day, drawn
 * on the server as SVG; the same figures follow as a table. Drawn twice, a
 * compact chart for phones and tablets and a wide one from xl (1280 px), each shown at its width
 * only: one SVG scaled to both would have either tiny text on a phone or a
 * narrow chart on a desktop.
 */
function SalesChart({ daily }: { daily: Stats["daily"] }) {
  return (
    <figure className="rounded border border-gray-200 bg-white p-4">
      <figcaption className="mb-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
        <span className="font-semibold">Revenue and orders per day, last {daily.length} days</span>
        <span className="flex items-center gap-1">
          <span aria-hidden className="inline-block h-3 w-3 bg-sky-600" /> Revenue
        </span>
        <span className="flex items-center gap-1">
          <span aria-hidden className="inline-block h-0.5 w-4 bg-amber-600" /> Paid orders
        </span>
      </figcaption>
      <ChartSvg
        daily={daily}
        width={320}
        height={190}
        tickCount={3}
        id="sales-chart-compact"
        className="h-auto w-full max-w-lg xl:hidden"
      />
      <ChartSvg daily={daily} width={760} height={220} tickCount={5} id="sales-chart-wide" className="hidden h-auto w-full xl:block" />
      <details className="mt-3 text-sm">
        <summary className="cursor-pointer underline">The figures by day (table)</summary>
        <div className="mt-2 max-h-80 overflow-y-auto">
          <table className="w-full text-left">
            <caption className="sr-only">Revenue and paid orders per day</caption>
            <thead>
              <tr>
                <th scope="col">Day</th>
                <th scope="col" className="text-right">
                  Revenue
                </th>
                <th scope="col" className="text-right">
                  Paid orders
                </th>
              </tr>
            </thead>
            <tbody>
              {daily.map((d) => (
                <tr key={d.day} className="border-t border-gray-100">
                  <th scope="row" className="font-normal">
                    {d.day}
                  </th>
                  <td className="text-right">{formatPrice(d.revenueCents)}</td>
                  <td className="text-right">{d.orders}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}

/** Sales at a glance: the periods, the chart, top products, low stock and what needs attention. */
export function SalesDashboard({ stats }: { stats: Stats }) {
  const { attention } = stats;
  return (
    <section aria-labelledby="sales-heading" className="space-y-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="sales-heading" className="text-2xl font-bold">
          Sales
        </h2>
        <p className="text-sm text-gray-600">
          Today is {stats.today} ({stats.timeZone})
        </p>
      </div>
      <div className="grid gap-4 lg:grid-cols-3">
        {stats.periods.map((period) => (
          <PeriodCard key={period.range} period={period} />
        ))}
      </div>
      <SalesChart daily={stats.daily} />
      <div className="grid gap-4 md:grid-cols-3">
        <section aria-labelledby="top-heading" className="rounded border border-gray-200 bg-white p-4">
          <h3 id="top-heading" className="mb-2 font-semibold">
            Top products, last 30 days
          </h3>
          {stats.topProducts.length ? (
            <ol className="space-y-1 text-sm">
              {stats.topProducts.map((product) => (
                <li key={product.productId ?? product.name} className="flex justify-between gap-2">
                  <span className="min-w-0 break-words">
                    {product.name} <span className="text-gray-600">({product.units})</span>
                  </span>
                  <span>{formatPrice(product.revenueCents)}</span>
                </li>
              ))}
            </ol>
          ) : (
            <p className="text-sm text-gray-600">No sales in the last 30 days.</p>
          )}
        </section>
        <section aria-labelledby="low-heading" className="rounded border border-gray-200 bg-white p-4">
          <h3 id="low-heading" className="mb-2 font-semibold">
            Low stock (at most {stats.lowStock.threshold})
          </h3>
          {stats.lowStock.products.length ? (
            <ul className="space-y-1 text-sm">
              {stats.lowStock.products.map((product) => (
                <li key={product.id} className="flex justify-between gap-2">
                  <Link to={`/dashboard/admin/product/${product.slug}`} className="min-w-0 break-words underline">
                    {product.name}
                  </Link>
                  <span>{product.quantity} left</span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-gray-600">Every product has more than {stats.lowStock.threshold} units.</p>
          )}
          {stats.lowStock.total > stats.lowStock.products.length ? (
            <p className="mt-2 text-xs text-gray-600">{stats.lowStock.total - stats.lowStock.products.length} more; see Products.</p>
          ) : null}
        </section>
        <section aria-labelledby="attention-heading" className="rounded border border-gray-200 bg-white p-4">
          <h3 id="attention-heading" className="mb-2 font-semibold">
            Needs attention
          </h3>
          <ul className="space-y-1 text-sm">
            <li>
              <Link to="/dashboard/admin/orders?payment=NEEDS_REVIEW" className="underline">
                Orders to review: {attention.needsReview}
              </Link>
            </li>
            <li data-testid="refunds-pending">Refunds pending at Stripe: {attention.refundsPending}</li>
            <li>
              <Link to="/dashboard/admin/emails?status=FAILED" className="underline">
                E-mails failed: {attention.emailsFailed}
              </Link>
            </li>
            <li>
              <Link to="/dashboard/admin/returns?status=REQUESTED" className="underline">
                Returns to review: {stats.returns.toReview}
              </Link>
            </li>
            <li>
              <Link to="/dashboard/admin/returns?status=RECEIVED" className="underline">
                Returns to refund: {stats.returns.toRefund}
              </Link>
            </li>
          </ul>
        </section>
      </div>
      <section aria-labelledby="returned-heading" className="rounded border border-gray-200 bg-white p-4">
        <h3 id="returned-heading" className="mb-2 font-semibold">
          Returned sales
        </h3>
        <p className="mb-2 text-xs text-gray-600">Refunds of returns, by the day they were made (revenue above already excludes them).</p>
        <ul className="grid gap-2 text-sm sm:grid-cols-3">
          {stats.returns.periods.map((period) => (
            <li key={period.range} data-testid={`returned-${period.range}`}>
              {STAT_RANGES.find((r) => r.range === period.range)?.label}: {formatPrice(period.returnedCents)} ({period.units} unit
              {period.units === 1 ? "" : "s"})
            </li>
          ))}
        </ul>
      </section>
    </section>
  );
}
