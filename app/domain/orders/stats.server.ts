// Sales at a glance for the admin dashboard and GET /api/v1/admin/stats, from
// a few aggregate statements (never orders loaded into JavaScript).
//
// An order counts on the day it was paid (Order.paidAt), in the shop's time
// zone (SHOP_TIME_ZONE): its revenue is what its goods were charged after the
// discount, without tax and shipping (Order.goodsChargedCents, its lines'
// stored totalCents − taxCents summed by a trigger; app/domain/orders/money.ts),
// less the same of what refunds gave back (RefundLine amountCents − taxCents,
// pending refunds included: a refund line never gives back more than its line
// was charged, refund.server.ts), and its units are those sold less those
// refunded. Periods end with today: today,
// the last 7 and the last 30 days, each beside the period of the same length
// just before it. Boundaries are computed in local days, then turned into
// UTC instants, so the paidAt index serves every range.
import { Prisma } from "@prisma/client";
import { db } from "~/utils/db.server";
import { env } from "~/utils/env.server";
import {
  CHART_DAYS,
  LOW_STOCK_LIST,
  STAT_RANGES,
  TOP_PRODUCTS,
  type Figures,
  type Period,
  type RecoveredFigures,
  type SalesStats,
} from "./stats";

const num = (value: bigint | number | null) => Number(value ?? 0);
const figures = (revenue: bigint | number | null, orders: bigint | number | null, units: bigint | number | null): Figures => {
  const count = num(orders);
  return { revenueCents: num(revenue), orders: count, averageCents: count ? Math.round(num(revenue) / count) : 0, units: num(units) };
};

/** A local day as a UTC instant of the "paidAt" column (timestamp without time zone, in UTC). */
const utc = (local: Prisma.Sql, tz: string) => Prisma.sql`((${local}) AT TIME ZONE ${tz}) AT TIME ZONE 'UTC'`;

/** Every figure of the dashboard at `now` (the shop's time zone unless given). */
export async function salesStats({
  now = new Date(),
  timeZone = env().SHOP_TIME_ZONE,
  lowStockThreshold = env().LOW_STOCK_THRESHOLD,
}: { now?: Date; timeZone?: string; lowStockThreshold?: number } = {}): Promise<SalesStats> {
  const tz = timeZone;
  const d0 = Prisma.sql`date_trunc('day', ${now}::timestamptz AT TIME ZONE ${tz})`;

  // Days back from today that the figures read: every period and the one before it, and the chart.
  const windowDays = Math.max(CHART_DAYS, ...STAT_RANGES.map((r) => 2 * r.days));
  const windowFrom = Prisma.sql`${d0} - make_interval(days => ${windowDays - 1}::int)`;
  const windowTo = utc(Prisma.sql`${d0} + interval '1 day'`, tz);
  // Each paid order once (its stored figures), and each refund line of one as a negative move on the order's
  // paid day: read from the paidAt index and the short refund tables, never every line of the window;
  // summed by local day in SQL (a row a day), the periods and the chart are sums of those days.
  const dayRows = await db.$queryRaw<{ day: string; rev: bigint; n: bigint; units: bigint }[]>`
    WITH m AS (
      SELECT o."paidAt", 1 AS orders, o."goodsChargedCents"::bigint AS net, o.units::bigint AS units
      FROM "Order" o WHERE o."paidAt" >= ${utc(windowFrom, tz)} AND o."paidAt" < ${windowTo}
      UNION ALL
      SELECT o."paidAt", 0, (rl."taxCents" - rl."amountCents")::bigint, (-rl.quantity)::bigint
      FROM "Refund" rf JOIN "RefundLine" rl ON rl."refundId" = rf.id JOIN "Order" o ON o.id = rf."orderId"
      WHERE rf.status <> 'FAILED' AND o."paidAt" >= ${utc(windowFrom, tz)} AND o."paidAt" < ${windowTo}
    ), byday AS (
      SELECT date_trunc('day', (m."paidAt" AT TIME ZONE 'UTC') AT TIME ZONE ${tz}) AS day, sum(m.net) AS rev, sum(m.orders) AS n, sum(m.units) AS units
      FROM m GROUP BY 1
    )
    SELECT to_char(d, 'YYYY-MM-DD') AS day, coalesce(byday.rev, 0)::bigint AS rev, coalesce(byday.n, 0)::bigint AS n,
      coalesce(byday.units, 0)::bigint AS units
    FROM generate_series(${windowFrom}, ${d0}, interval '1 day') AS d LEFT JOIN byday ON byday.day = d
    ORDER BY d`;
  const days = dayRows.map((row) => ({ day: row.day, rev: num(row.rev), n: num(row.n), units: num(row.units) }));
  const total = (list: typeof days) =>
    figures(
      list.reduce((sum, d) => sum + d.rev, 0),
      list.reduce((sum, d) => sum + d.n, 0),
      list.reduce((sum, d) => sum + d.units, 0),
    );
  const chartFrom = Prisma.sql`${d0} - make_interval(days => ${CHART_DAYS - 1}::int)`;

  // By line (what it was charged without tax, less what refunds gave back of it): deleted products are grouped by the name they were sold under.
  const topRows = await db.$queryRaw<{ productId: string | null; name: string; slug: string | null; rev: bigint; units: bigint }[]>`
    SELECT s."productId", coalesce(min(p.name), min(s.name)) AS name, min(p.slug) AS slug, sum(s.net)::bigint AS rev, sum(s.units)::bigint AS units
    FROM (
      SELECT l."productId", l.name, l."totalCents" - l."taxCents" AS net, l.quantity AS units
      FROM "Order" o JOIN "OrderLine" l ON l."orderId" = o.id
      WHERE o."paidAt" >= ${utc(chartFrom, tz)} AND o."paidAt" < ${windowTo}
      UNION ALL
      SELECT l."productId", l.name, rl."taxCents" - rl."amountCents", -rl.quantity
      FROM "Refund" rf JOIN "RefundLine" rl ON rl."refundId" = rf.id JOIN "OrderLine" l ON l.id = rl."orderLineId" JOIN "Order" o ON o.id = rf."orderId"
      WHERE rf.status <> 'FAILED' AND o."paidAt" >= ${utc(chartFrom, tz)} AND o."paidAt" < ${windowTo}
    ) s LEFT JOIN "Product" p ON p.id = s."productId"
    GROUP BY s."productId", CASE WHEN s."productId" IS NULL THEN s.name END
    HAVING sum(s.net) > 0
    ORDER BY rev DESC, name
    LIMIT ${TOP_PRODUCTS}`;

  // What is low is what a shopper cannot buy more of: a product without options, or one variant ("Tee — M / Red").
  const lowStockRows = Prisma.sql`
    SELECT p.id, p.name, p.slug, p.quantity FROM "Product" p WHERE p."maxPriceCents" IS NULL AND p.quantity <= ${lowStockThreshold}
    UNION ALL
    SELECT v.id, p.name || ' — ' || v.title, p.slug, v.quantity
    FROM "ProductVariant" v JOIN "Product" p ON p.id = v."productId"
    WHERE v."archivedAt" IS NULL AND v.quantity <= ${lowStockThreshold}`;
  const [lowStock, [lowStockTotal], attention] = await Promise.all([
    db.$queryRaw<{ id: string; name: string; slug: string; quantity: number }[]>`
      SELECT * FROM (${lowStockRows}) low ORDER BY quantity ASC, name ASC LIMIT ${LOW_STOCK_LIST}`,
    db.$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM (${lowStockRows}) low`,
    db.$queryRaw<{ review: bigint; pending: bigint; emails: bigint }[]>`
      SELECT (SELECT count(*) FROM "Order" WHERE "paymentStatus" = 'NEEDS_REVIEW') AS review,
        (SELECT count(*) FROM "Refund" WHERE status = 'PENDING')
          + (SELECT count(*) FROM "Order" WHERE "paymentStatus" = 'REFUND_PENDING') AS pending,
        (SELECT count(*) FROM "EmailMessage" WHERE status = 'FAILED') AS emails`,
  ]);

  // Refunds of returns (Return.refundId) by their own local day, and the returns waiting for a step.
  const [returnDays, [waiting]] = await Promise.all([
    db.$queryRaw<{ day: string; net: bigint; units: bigint }[]>`
      SELECT to_char(date_trunc('day', (rf."createdAt" AT TIME ZONE 'UTC') AT TIME ZONE ${tz}), 'YYYY-MM-DD') AS day,
        sum(rl."amountCents" - rl."taxCents")::bigint AS net, sum(rl.quantity)::bigint AS units
      FROM "Return" r JOIN "Refund" rf ON rf.id = r."refundId" JOIN "RefundLine" rl ON rl."refundId" = rf.id
      WHERE rf.status <> 'FAILED' AND rf."createdAt" >= ${utc(windowFrom, tz)} AND rf."createdAt" < ${windowTo}
      GROUP BY 1`,
    db.$queryRaw<{ review: bigint; refund: bigint }[]>`
      SELECT count(*) FILTER (WHERE status = 'REQUESTED') AS review, count(*) FILTER (WHERE status = 'RECEIVED') AS refund
      FROM "Return" WHERE status IN ('REQUESTED', 'RECEIVED')`,
  ]);
  const returnedOn = new Map(returnDays.map((row) => [row.day, row]));

  return {
    timeZone: tz,
    today: days.at(-1)?.day ?? "",
    periods: [...STAT_RANGES]
      .sort((a, b) => a.days - b.days)
      .map(({ range, days: length }) => {
        const current = days.slice(-length);
        return {
          range,
          days: length,
          from: current[0].day,
          to: current[current.length - 1].day,
          current: total(current),
          previous: total(days.slice(-2 * length, -length)),
        };
      }),
    daily: days.slice(-CHART_DAYS).map((d) => ({ day: d.day, revenueCents: d.rev, orders: d.n })),
    topProducts: topRows.map((row) => ({
      productId: row.productId,
      name: row.name,
      slug: row.slug,
      revenueCents: num(row.rev),
      units: num(row.units),
    })),
    lowStock: { threshold: lowStockThreshold, total: Number(lowStockTotal?.n ?? 0), products: lowStock },
    attention: {
      needsReview: num(attention[0].review),
      refundsPending: num(attention[0].pending),
      emailsFailed: num(attention[0].emails),
    },
    returns: {
      periods: [...STAT_RANGES]
        .sort((a, b) => a.days - b.days)
        .map(({ range, days: length }) => {
          const inPeriod = days.slice(-length).map((d) => returnedOn.get(d.day));
          return {
            range,
            returnedCents: inPeriod.reduce((sum, row) => sum + num(row?.net ?? 0), 0),
            units: inPeriod.reduce((sum, row) => sum + num(row?.units ?? 0), 0),
          };
        }),
      toReview: num(waiting?.review ?? 0),
      toRefund: num(waiting?.refund ?? 0),
    },
  };
}

/**
 * The dashboard's "Recovered sales" for the periods salesStats gave (local
 * days, inclusive), in one statement on the paidAt index: each paid order
 * with `recoveredFromId` counts once, with what it was charged.
 */
export async function recoveredSalesFigures(periods: Pick<Period, "range" | "from" | "to">[], timeZone = env().SHOP_TIME_ZONE) {
  if (!periods.length) return [];
  const wanted = periods.map((p) => Prisma.sql`(${p.range}::text, ${p.from}::date, ${p.to}::date)`);
  const rows = await db.$queryRaw<{ range: string; n: bigint; cents: bigint }[]>`
    SELECT r.range, count(o.id) AS n, coalesce(sum(o."totalCents"), 0)::bigint AS cents
    FROM (VALUES ${Prisma.join(wanted)}) AS r(range, f, t)
    LEFT JOIN "Order" o ON o."recoveredFromId" IS NOT NULL
      AND o."paidAt" >= ${utc(Prisma.sql`r.f::timestamp`, timeZone)}
      AND o."paidAt" < ${utc(Prisma.sql`r.t::timestamp + interval '1 day'`, timeZone)}
    GROUP BY r.range`;
  const byRange = new Map(rows.map((row) => [row.range, row]));
  return periods.map(
    (p): RecoveredFigures => ({
      range: p.range,
      orders: num(byRange.get(p.range)?.n ?? 0),
      totalCents: num(byRange.get(p.range)?.cents ?? 0),
    }),
  );
}
