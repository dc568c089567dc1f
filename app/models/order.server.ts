// Reading orders and changing their status. Creating and paying for orders
// lives with checkout (checkout.server.ts).
import { db } from "~/utils/db.server";
import { type OrderStatusValue } from "./order";

export const orderListSelect = {
  id: true,
  status: true,
  paymentStatus: true,
  totalCents: true,
  createdAt: true,
  buyer: { select: { id: true, name: true } },
  lines: { select: { id: true, productId: true, name: true, description: true, slug: true, unitPriceCents: true, quantity: true }, orderBy: { id: "asc" } },
} as const;

/**
 * What an order line freezes of each product besides the name and price the
 * cart was priced with: its full description (the cart reads only a preview)
 * and its slug. Checkout calls this right before creating the order.
 */
export async function productSnapshots(productIds: string[]): Promise<Map<string, { description: string; slug: string }>> {
  if (productIds.length === 0) return new Map();
  const rows = await db.product.findMany({ where: { id: { in: productIds } }, select: { id: true, description: true, slug: true } });
  return new Map(rows.map((row) => [row.id, { description: row.description, slug: row.slug }]));
}

export function listOrdersForUser(userId: string) {
  return db.order.findMany({ where: { buyerId: userId }, select: orderListSelect, orderBy: { createdAt: "desc" } });
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
