// Reading orders and changing their status. Creating and paying for orders
// lives with checkout (checkout.server.ts).
import { db } from "~/utils/db.server";
import { z } from "zod";
import { LEGACY_STATUS_SPELLINGS, ORDER_STATUSES, parseOrderStatus, type OrderStatusValue } from "./order";

export const orderListSelect = {
  id: true,
  status: true,
  paymentStatus: true,
  totalCents: true,
  createdAt: true,
  paymentNote: true,
  buyer: { select: { id: true, name: true } },
  lines: {
    select: { id: true, productId: true, name: true, description: true, slug: true, unitPriceCents: true, quantity: true },
    orderBy: { id: "asc" },
  },
} as const;

/**
 * The shopper's orders. Attempts that ended unpaid (cancelled, expired,
 * replaced by a new checkout, never reached Stripe) are not orders to them
 * and are left out; the admin's list shows them as "Cancelled".
 */
export function listOrdersForUser(userId: string) {
  return db.order.findMany({
    where: { buyerId: userId, paymentStatus: { not: "CANCELLED" } },
    select: orderListSelect,
    orderBy: { createdAt: "desc" },
  });
}

export const ADMIN_ORDERS_PAGE_SIZE = 25;
/** The API's unpaged all-orders list stops here; clients page on from the Link header. */
export const ALL_ORDERS_MAX = 1000;

export async function listAllOrders({ page = 1, pageSize = ADMIN_ORDERS_PAGE_SIZE }: { page?: number; pageSize?: number } = {}) {
  const [orders, total] = await Promise.all([
    db.order.findMany({
      select: orderListSelect,
      orderBy: { createdAt: "desc" },
      skip: (page - 1) * pageSize,
      take: pageSize,
    }),
    db.order.count(),
  ]);
  return { orders, total, page, pageSize };
}

/** Any of the seven statuses, at any time (the spec sets no order). Null when the order does not exist. */
export async function updateOrderStatus(orderId: string, status: OrderStatusValue) {
  const result = await db.order.updateMany({ where: { id: orderId }, data: { status } });
  if (result.count === 0) return null;
  return db.order.findUnique({ where: { id: orderId }, select: orderListSelect });
}

export type OrderListItem = Awaited<ReturnType<typeof listOrdersForUser>>[number];

/** Every spelling of a status the API accepts: the spec's label, our enum value, or the old client's (see parseOrderStatus). */
const STATUS_SPELLINGS = [
  ...ORDER_STATUSES.map((s) => s.label),
  ...ORDER_STATUSES.map((s) => s.value),
  ...Object.keys(LEGACY_STATUS_SPELLINGS),
] as [string, ...string[]];

/** PUT /api/v1/user/order-status/{orderId}: `{ status }`, answered as the stored status value. */
export const orderStatusInputSchema = z.object({
  status: z
    .enum(STATUS_SPELLINGS, { error: `Unknown status; use one of: ${ORDER_STATUSES.map((s) => s.label).join(", ")}` })
    .transform((status) => parseOrderStatus(status)!)
    .describe(
      `One of the seven statuses; the old client's spellings ${Object.entries(LEGACY_STATUS_SPELLINGS)
        .map(([spelling, value]) => `\`${spelling}\` (${ORDER_STATUSES.find((s) => s.value === value)!.label})`)
        .join(" and ")} are accepted and stored as the spec's label`,
    ),
});
