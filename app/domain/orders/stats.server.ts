// Sales at a glance for the admin dashboard and GET /api/v1/admin/stats, from
// a few aggregate statements (never orders loaded into JavaScript).
//
// An order counts on the day it was paid (Order.paidAt), in the shop's time
// zone (SHOP_TIME_ZONE): its revenue is what its goods were charged after the
// discount, without tax and shipping (its lines' stored totalCents − taxCents,
// app/domain/orders/money.ts), less the same of what refunds gave back
// (RefundLine amountCents − taxCents, pending refunds included), and its units
// are those sold less those refunded. Periods end with today: today,
// the last 7 and the last 30 days, each beside the period of the same length
// just before it. Boundaries are computed in local days, then turned into
// UTC instants, so the paidAt index serves every range.
import { Prisma } from "@prisma/client";
import { db } from "~/utils/db.server";
import { env } from "~/utils/env.server";
import { CHART_DAYS, LOW_STOCK_LIST, STAT_RANGES, TOP_PRODUCTS, type Figures, type SalesStats, type StatRange } from "./stats";

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
  const ranges = Prisma.join(STAT_RANGES.map((r) => Prisma.sql`(${r.range}, ${r.days}::int)`));

  const periodRows = await db.$queryRaw<
    {
      range: StatRange;
      days: number;
      from: string;
      to: string;
      rev: bigint;
      n: bigint;
      units: bigint;
      prev_rev: bigint;
      prev_n: bigint;
      prev_units: bigint;
    }[]
  >`
    WITH r AS (
      SELECT v.range, v.days,
        to_char(${d0} - make_interval(days => v.days - 1), 'YYYY-MM-DD') AS "from",
        to_char(${d0}, 'YYYY-MM-DD') AS "to",
        ${utc(Prisma.sql`${d0} - make_interval(days => v.days - 1)`, tz)} AS cur_from,
        ${utc(Prisma.sql`${d0} + interval '1 day'`, tz)} AS cur_to,
        ${utc(Prisma.sql`${d0} - make_interval(days => 2 * v.days - 1)`, tz)} AS prev_from
      FROM (VALUES ${ranges}) AS v(range, days)
    ), paid AS (
      SELECT o.id, o."paidAt", GREATEST(0, sold.net - given.net) AS net, sold.units - given.units AS units
      FROM "Order" o
        CROSS JOIN LATERAL (SELECT coalesce(sum(l."totalCents" - l."taxCents"), 0) AS net, coalesce(sum(l.quantity), 0) AS units
                            FROM "OrderLine" l WHERE l."orderId" = o.id) sold
        CROSS JOIN LATERAL (SELECT coalesce(sum(rl."amountCents" - rl."taxCents"), 0) AS net, coalesce(sum(rl.quantity), 0) AS units
                            FROM "Refund" rf JOIN "RefundLine" rl ON rl."refundId" = rf.id
                            WHERE rf."orderId" = o.id AND rf.status <> 'FAILED') given
      WHERE o."paidAt" >= (SELECT min(prev_from) FROM r) AND o."paidAt" < (SELECT max(cur_to) FROM r)
    )
    SELECT r.range, r.days, r."from", r."to",
      coalesce(sum(p.net) FILTER (WHERE p."paidAt" >= r.cur_from), 0)::bigint AS rev,
      count(p.id) FILTER (WHERE p."paidAt" >= r.cur_from) AS n,
      coalesce(sum(p.units) FILTER (WHERE p."paidAt" >= r.cur_from), 0)::bigint AS units,
      coalesce(sum(p.net) FILTER (WHERE p."paidAt" < r.cur_from), 0)::bigint AS prev_rev,
      count(p.id) FILTER (WHERE p."paidAt" < r.cur_from) AS prev_n,
      coalesce(sum(p.units) FILTER (WHERE p."paidAt" < r.cur_from), 0)::bigint AS prev_units
    FROM r LEFT JOIN paid p ON p."paidAt" >= r.prev_from AND p."paidAt" < r.cur_to
    GROUP BY r.range, r.days, r."from", r."to"
    ORDER BY r.days`;

  const dailyRows = await db.$queryRaw<{ day: string; rev: bigint; n: bigint }[]>`
    WITH days AS (
      SELECT d AS day FROM generate_series(${d0} - make_interval(days => ${CHART_DAYS - 1}::int), ${d0}, interval '1 day') AS d
    )
    SELECT to_char(days.day, 'YYYY-MM-DD') AS day, coalesce(sum(kept.net), 0)::bigint AS rev, count(o.id) AS n
    FROM days LEFT JOIN "Order" o
      ON o."paidAt" >= ${utc(Prisma.sql`days.day`, tz)} AND o."paidAt" < ${utc(Prisma.sql`days.day + interval '1 day'`, tz)}
      LEFT JOIN LATERAL (
        SELECT GREATEST(0,
          (SELECT coalesce(sum(l."totalCents" - l."taxCents"), 0) FROM "OrderLine" l WHERE l."orderId" = o.id)
          - (SELECT coalesce(sum(rl."amountCents" - rl."taxCents"), 0) FROM "Refund" rf JOIN "RefundLine" rl ON rl."refundId" = rf.id
             WHERE rf."orderId" = o.id AND rf.status <> 'FAILED')) AS net
      ) kept ON true
    GROUP BY days.day ORDER BY days.day`;

  // By line (what it was charged without tax, less what refunds gave back of it): deleted products are grouped by the name they were sold under.
  const topRows = await db.$queryRaw<{ productId: string | null; name: string; slug: string | null; rev: bigint; units: bigint }[]>`
    SELECT l."productId", coalesce(min(p.name), min(l.name)) AS name, min(p.slug) AS slug,
      sum(l."totalCents" - l."taxCents" - coalesce(rq.net, 0))::bigint AS rev,
      sum(l.quantity - coalesce(rq.q, 0))::bigint AS units
    FROM "Order" o
      JOIN "OrderLine" l ON l."orderId" = o.id
      LEFT JOIN "Product" p ON p.id = l."productId"
      LEFT JOIN LATERAL (
        SELECT sum(rl.quantity) AS q, sum(rl."amountCents" - rl."taxCents") AS net FROM "RefundLine" rl JOIN "Refund" rf ON rf.id = rl."refundId" AND rf.status <> 'FAILED'
        WHERE rl."orderLineId" = l.id
      ) rq ON true
    WHERE o."paidAt" >= ${utc(Prisma.sql`${d0} - make_interval(days => ${CHART_DAYS - 1}::int)`, tz)}
      AND o."paidAt" < ${utc(Prisma.sql`${d0} + interval '1 day'`, tz)}
    GROUP BY l."productId", CASE WHEN l."productId" IS NULL THEN l.name END
    HAVING sum(l."totalCents" - l."taxCents" - coalesce(rq.net, 0)) > 0
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

  return {
    timeZone: tz,
    today: periodRows[0]?.to ?? "",
    periods: periodRows.map((row) => ({
      range: row.range,
      days: num(row.days),
      from: row.from,
      to: row.to,
      current: figures(row.rev, row.n, row.units),
      previous: figures(row.prev_rev, row.prev_n, row.prev_units),
    })),
    daily: dailyRows.map((row) => ({ day: row.day, revenueCents: num(row.rev), orders: num(row.n) })),
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
  };
}
