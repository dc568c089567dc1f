// Reading orders and changing their status. Creating and paying for orders
// lives with checkout (app/domain/checkout/).
import { db } from "~/utils/db.server";
import { notifyOrderStatus } from "~/domain/mail/notifications.server";
import { pageOf } from "~/utils/paging";
import { z } from "zod";
import { formatPrice } from "~/utils/money";
import { cancelKeepsPayment } from "~/domain/payments/refund.server";
import type { Prisma } from "@prisma/client";
import { escapeLike } from "~/domain/catalog/search.server";
import {
  LEGACY_STATUS_SPELLINGS,
  ORDER_STATUSES,
  orderBuyer,
  parseOrderStatus,
  type OrderBuyer,
  type OrderFilter,
  type OrderStatusValue,
} from "./order";
import { recordAudit } from "~/domain/audit/audit.server";
import { lineChargeSelect, orderMoneySelect } from "./money";
import { shipmentSelect } from "~/domain/shipments/shipment.server";

export const orderListSelect = {
  id: true,
  number: true,
  email: true,
  shipName: true,
  status: true,
  paymentStatus: true,
  ...orderMoneySelect,
  refundedCents: true,
  createdAt: true,
  paymentNote: true,
  subtotalCents: true,
  discountCode: true,
  shipCountry: true,
  shippingMethod: true,
  shippingEstimate: true,
  buyer: { select: { id: true, name: true } },
  lines: {
    select: {
      id: true,
      productId: true,
      variantId: true,
      name: true,
      variantTitle: true,
      sku: true,
      description: true,
      slug: true,
      unitPriceCents: true,
      quantity: true,
      ...lineChargeSelect,
    },
    orderBy: { id: "asc" },
  },
  // Its parcels (app/domain/shipments/), oldest first: the API's `shipments`, the order pages.
  shipments: { select: shipmentSelect, orderBy: { shippedAt: "asc" } },
} as const;

/**
 * The shopper's orders. Attempts that ended unpaid (cancelled, expired,
 * replaced by a new checkout, never reached Stripe) are not orders to them
 * and are left out; the admin's list shows them as "Cancelled".
 */
/**
 * An order as the screens and the API read it: `buyer` is the account that
 * placed it, or the guest (the name and e-mail given at checkout).
 */
export function withBuyer<T extends { buyer: { id: string; name: string } | null; email: string; shipName: string }>(
  order: T,
): Omit<T, "buyer"> & { buyer: OrderBuyer } {
  return { ...order, buyer: orderBuyer(order) };
}

export async function listOrdersForUser(userId: string) {
  const orders = await db.order.findMany({
    where: { buyerId: userId, paymentStatus: { not: "CANCELLED" } },
    select: orderListSelect,
    orderBy: { createdAt: "desc" },
  });
  return orders.map(withBuyer);
}

/** One page of a user's orders, newest first (the orders screen; the API keeps its whole list). */
export async function listOrdersForUserPage(
  userId: string,
  { page = 1, pageSize = ORDERS_SCREEN_PAGE_SIZE }: { page?: number; pageSize?: number } = {},
) {
  // As in listOrdersForUser: attempts that ended unpaid are not orders to the shopper.
  const where = { buyerId: userId, paymentStatus: { not: "CANCELLED" as const } };
  const [orders, total] = await Promise.all([
    db.order.findMany({
      where,
      select: orderListSelect,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      skip: (page - 1) * pageSize,
      take: pageSize,
    }),
    db.order.count({ where }),
  ]);
  return pageOf(orders.map(withBuyer), total, page, pageSize);
}

/** Orders per page on the order screens: a phone shows each as a tall card. */
export const ORDERS_SCREEN_PAGE_SIZE = 10;
export const ADMIN_ORDERS_PAGE_SIZE = 25;
/** The API's unpaged all-orders list stops here; clients page on from the Link header. */
export const ALL_ORDERS_MAX = 1000;

/** The admin's filter as a query: status, payment state, and an order number, buyer name or e-mail. */
export function orderFilterWhere(filter: OrderFilter = {}): Prisma.OrderWhereInput {
  const where: Prisma.OrderWhereInput[] = [];
  if (filter.status) where.push({ status: filter.status });
  if (filter.payment === "PARTLY_REFUNDED") where.push({ paymentStatus: "SUCCEEDED", refundedCents: { gt: 0 } });
  else if (filter.payment) where.push({ paymentStatus: filter.payment });
  if (filter.q) {
    const pattern = escapeLike(filter.q);
    const number = parseOrderNumber(filter.q);
    where.push({
      OR: [
        ...(number !== null ? [{ number }] : []),
        { buyer: { name: { contains: pattern, mode: "insensitive" as const } } },
        { buyer: { email: { contains: pattern, mode: "insensitive" as const } } },
        // A guest's order, by the e-mail or name given at checkout.
        { buyerId: null, email: { contains: pattern, mode: "insensitive" as const } },
        { buyerId: null, shipName: { contains: pattern, mode: "insensitive" as const } },
      ],
    });
  }
  return where.length ? { AND: where } : {};
}

export async function listAllOrders({
  page = 1,
  pageSize = ADMIN_ORDERS_PAGE_SIZE,
  filter = {},
}: { page?: number; pageSize?: number; filter?: OrderFilter } = {}) {
  const where = orderFilterWhere(filter);
  const [orders, total] = await Promise.all([
    db.order.findMany({
      where,
      select: orderListSelect,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      skip: (page - 1) * pageSize,
      take: pageSize,
    }),
    db.order.count({ where }),
  ]);
  return pageOf(orders.map(withBuyer), total, page, pageSize);
}

export type StatusChange =
  | { ok: true; order: NonNullable<Awaited<ReturnType<typeof findListedOrder>>> }
  | { ok: false; status: 404 | 409; message: string };

const findListedOrder = async (orderId: string, client: Prisma.TransactionClient = db) => {
  const order = await client.order.findUnique({ where: { id: orderId }, select: orderListSelect });
  return order && withBuyer(order);
};

/**
 * Any of the seven statuses, at any time (the spec sets no order), except
 * that Cancel on a paid order not refunded in full is refused (409) unless
 * `keepPayment` says the admin chose to keep it: cancelling never silently
 * keeps a shopper's money (refund it with refund.server.ts, which can cancel too).
 * A real change is audited and tells the buyer (Shipped, Delivered, Cancel) in its transaction.
 */
export async function updateOrderStatus(
  orderId: string,
  status: OrderStatusValue,
  { keepPayment = false }: { keepPayment?: boolean } = {},
): Promise<StatusChange> {
  if (status === "CANCEL" && !keepPayment) {
    const kept = await cancelKeepsPayment(orderId);
    if (kept)
      return {
        ok: false,
        status: 409,
        message: `Order #${kept.number} is paid and ${formatPrice(kept.remainingCents)} of it is not refunded: refund it (which can cancel it too), or cancel it explicitly without a refund`,
      };
  }
  return db.$transaction(async (tx): Promise<StatusChange> => {
    // Locked, so two admins setting statuses at once each see the other's change.
    await tx.$executeRaw`SELECT 1 FROM "Order" WHERE id = ${orderId} FOR UPDATE`;
    const before = await tx.order.findUnique({ where: { id: orderId }, select: { status: true, number: true } });
    if (!before) return { ok: false, status: 404, message: "Order not found" };
    if (before.status !== status) {
      await tx.order.update({ where: { id: orderId }, data: { status } });
      await recordAudit(tx, {
        kind: "order.status",
        target: { type: "order", id: orderId, label: `#${before.number}`, path: `/dashboard/admin/orders/${before.number}` },
        changes: { status: { before: before.status, after: status } },
      });
      await notifyOrderStatus(tx, orderId, status);
    }
    return { ok: true, order: (await findListedOrder(orderId, tx))! };
  });
}

export type OrderListItem = Awaited<ReturnType<typeof listOrdersForUser>>[number];

const orderDetailSelect = {
  ...orderListSelect,
  shipName: true,
  shipAddress: true,
  shipPhone: true,
  paidAt: true,
  events: { select: { id: true, at: true, status: true, paymentStatus: true }, orderBy: { at: "asc" } },
  refunds: {
    select: {
      id: true,
      createdAt: true,
      amountCents: true,
      reason: true,
      restocked: true,
      status: true,
      failure: true,
      by: { select: { name: true } },
      lines: { select: { quantity: true, orderLineId: true, orderLine: { select: { name: true, variantTitle: true } } } },
    },
    orderBy: { createdAt: "asc" },
  },
} as const;

/** An order number as it appears in a URL (`/orders/10042`, or `#10042`); null when it cannot be one. */
export function parseOrderNumber(text: string | undefined): number | null {
  const digits = text?.replace(/^#/, "");
  if (!digits || !/^\d{1,9}$/.test(digits)) return null;
  return Number(digits);
}

/**
 * One of the buyer's own orders by its number, with its lines, ship-to and
 * history; null for another buyer's order (indistinguishable from a missing
 * one, so numbers reveal nothing) and for attempts that ended unpaid.
 */
export async function getOrderForBuyer(buyerId: string, number: number) {
  const order = await db.order.findFirst({ where: { number, buyerId, paymentStatus: { not: "CANCELLED" } }, select: orderDetailSelect });
  return order && withBuyer(order);
}

/** An order by its number, for a page opened with its signed link (the route checks the link's key against its id). */
export async function getOrderByNumber(number: number) {
  const order = await db.order.findFirst({ where: { number, paymentStatus: { not: "CANCELLED" } }, select: orderDetailSelect });
  return order && withBuyer(order);
}

/** An order's number from its id (0 when there is none: the page then answers 404). */
export async function orderNumberOf(orderId: string): Promise<number> {
  const order = await db.order.findUnique({ where: { id: orderId }, select: { number: true } });
  return order?.number ?? 0;
}

/** Any order by its number, for the admin. */
export async function getOrderForAdmin(number: number) {
  const order = await db.order.findUnique({ where: { number }, select: orderDetailSelect });
  return order && withBuyer(order);
}

export type OrderDetail = NonNullable<Awaited<ReturnType<typeof getOrderForAdmin>>>;

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
