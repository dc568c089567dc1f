// Orders: the buyer's own, every order and its status (admin), refunds, and the admin's sales figures.
import { MAX_PAGE } from "~/domain/catalog/catalog";
import { ADMIN_ORDERS_PAGE_SIZE, ALL_ORDERS_MAX, orderStatusInputSchema } from "~/domain/orders/order.server";
import { CHART_DAYS, STAT_RANGES, TOP_PRODUCTS } from "~/domain/orders/stats";
import { refundInputSchema } from "~/domain/payments/refund";
import { pageFromText } from "~/utils/paging";
import { z } from "~/utils/zod";
import { Access, errorResponse as error, operation, reply } from "../operation";
import { done, idParam, USER } from "../common";
import { apiOrderSchema, succeeded } from "../shapes";

const refundReply = done().extend({
  refund: z.strictObject({
    id: z.string(),
    orderNumber: z.number().int(),
    amountCents: z.number().int().positive().describe("What this refund gives back, in cents"),
    status: z.enum(["PENDING", "SUCCEEDED"]),
    stripeRefundId: z.string().nullable(),
  }),
});

export const orders = operation({
  id: "orders",
  method: "GET",
  path: "/api/v1/user/orders",
  role: Access.User,
  tag: USER,
  summary: "The signed-in user's orders, newest first; the body is the list itself",
  responses: { 200: reply("Orders", z.array(apiOrderSchema)) },
});

export const allOrders = operation({
  id: "allOrders",
  method: "GET",
  path: "/api/v1/user/all-orders",
  role: Access.Admin,
  tag: USER,
  summary: `Every order, newest first (at most ${ALL_ORDERS_MAX}; with ?page=N, ${ADMIN_ORDERS_PAGE_SIZE} per page); the body is the list itself (admin)`,
  query: z.object({
    page: z
      .string()
      .optional()
      .transform((page) => (page === undefined ? undefined : pageFromText(page)))
      .describe(
        `Pages of the list, from 1 to ${MAX_PAGE}; without it, every order up to the cap. Anything that is not a page number means page 1`,
      ),
  }),
  responses: {
    200: reply("The orders, or one page of them (empty past the end)", z.array(apiOrderSchema).max(ALL_ORDERS_MAX), {
      "X-Total-Count": { description: "How many orders there are in all", schema: { type: "integer" } },
      Link: { description: '`</api/v1/user/all-orders?page=N>; rel="next"` while a next page exists' },
    }),
  },
});

export const orderStatus = operation({
  id: "orderStatus",
  method: "PUT",
  path: "/api/v1/user/order-status/{orderId}",
  role: Access.Admin,
  tag: USER,
  summary: "Set an order's status (admin)",
  params: z.object({ orderId: idParam("order id") }),
  body: { type: "json", schema: orderStatusInputSchema },
  responses: {
    200: reply("The updated order", apiOrderSchema),
    404: error("No such order"),
    409: error("Cancel on a paid order that is not refunded: refund it first (POST /api/v1/order/{orderId}/refund, `cancel: true`)"),
  },
});

export const refundOrder = operation({
  id: "refundOrder",
  method: "POST",
  path: "/api/v1/order/{orderId}/refund",
  role: Access.Admin,
  tag: USER,
  summary: "Refund a paid order, in full or chosen lines, through Stripe (admin)",
  description:
    "Never more than is still refundable (what was charged less earlier refunds), also for two callers at once. The same `requestKey` again answers the first refund (200) instead of refunding twice. `cancel: true` also sets the status to Cancel, which `PUT /api/v1/user/order-status/{orderId}` refuses (409) for a paid order not refunded.",
  params: z.object({ orderId: idParam("order id") }),
  body: { type: "json", schema: refundInputSchema },
  responses: {
    201: reply("Refunded, or recorded while Stripe has not confirmed (`status` PENDING, retried every minute)", refundReply),
    200: reply("The refund this requestKey already made", refundReply),
    404: error("No such order"),
    409: error("Nothing (or not that much) left to refund, or the order is not paid"),
    502: error("Stripe refused the refund; nothing was refunded"),
  },
});

const cents = (what: string) => z.number().int().describe(`${what}, in cents`);
const count = (what: string) => z.number().int().min(0).describe(what);
const statFigures = z.strictObject({
  revenueCents: cents("Paid orders' totals less their refunds"),
  orders: count("Orders paid"),
  averageCents: cents("Revenue ÷ orders (0 without orders)"),
  units: count("Units sold less units refunded"),
});
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .describe("A day in the shop's time zone (SHOP_TIME_ZONE)");
const statRanges = STAT_RANGES.map((r) => r.range) as [string, ...string[]];

export const adminStats = operation({
  id: "adminStats",
  method: "GET",
  path: "/api/v1/admin/stats",
  role: Access.Admin,
  tag: USER,
  summary: "Sales at a glance: revenue, orders, average order value and units per period, per day, top products, low stock (admin)",
  description:
    "An order counts on the day it was paid, in SHOP_TIME_ZONE; its revenue is what was charged less what was refunded of it. Each period ends today and comes with the period of the same length just before it.",
  query: z.object({
    range: z
      .enum(statRanges, { error: `Unknown range; use one of: ${statRanges.join(", ")}` })
      .optional()
      .describe("Only this period (today, 7d or 30d); without it, all three"),
  }),
  responses: {
    200: reply(
      "The figures",
      succeeded({
        timeZone: z.string(),
        today: day,
        periods: z.array(
          z.strictObject({
            range: z.enum(statRanges),
            days: z.number().int(),
            from: day,
            to: day,
            current: statFigures,
            previous: statFigures,
          }),
        ),
        daily: z
          .array(z.strictObject({ day, revenueCents: cents("Revenue"), orders: count("Orders paid") }))
          .length(CHART_DAYS)
          .describe(`The last ${CHART_DAYS} days, oldest first`),
        topProducts: z
          .array(
            z.strictObject({
              productId: z.string().nullable().describe("Null for a product deleted since"),
              name: z.string(),
              slug: z.string().nullable(),
              revenueCents: cents(`Revenue of its lines in the last ${CHART_DAYS} days`),
              units: count("Units sold less units refunded"),
            }),
          )
          .max(TOP_PRODUCTS),
        lowStock: z.strictObject({
          threshold: z.number().int().describe("LOW_STOCK_THRESHOLD"),
          total: count("Products with at most that many units"),
          products: z.array(z.strictObject({ id: z.string(), name: z.string(), slug: z.string(), quantity: z.number().int() })),
        }),
        attention: z.strictObject({
          needsReview: count("Orders whose payment needs review"),
          refundsPending: count("Refunds Stripe has not confirmed yet"),
          emailsFailed: count("E-mails that failed after their last try (retry them on the E-mails page)"),
        }),
        returns: z
          .strictObject({
            periods: z.array(
              z.strictObject({
                range: z.enum(statRanges),
                returnedCents: cents("What refunds of returns made in the period gave back of goods, without tax"),
                units: count("Units those refunds took back"),
              }),
            ),
            toReview: count("Returns requested, waiting to be approved or declined"),
            toRefund: count("Returns received, waiting to be refunded"),
          })
          .describe("Returned sales apart (revenue already has them taken out, on the order's paid day)"),
      }),
    ),
  },
});

/** The orders area's operations, in the order the document lists them. */
export const ordersOperations = { orders, allOrders, orderStatus, refundOrder, adminStats } as const;
