// Reading returns: the shape pages, e-mails and the API show, the back
// office's list, a customer's returns, and what an order page shows.
import type { Prisma } from "@prisma/client";
import { lineTitle } from "~/domain/catalog/variants/variants";
import { db } from "~/utils/db.server";
import type { ReturnStatusCode } from "./return";
import { returnableOf, returnWindowDays } from "./returnable.server";

/** A return as pages, e-mails and the API show it. */
export const returnSelect = {
  id: true,
  number: true,
  orderId: true,
  status: true,
  reason: true,
  note: true,
  instructions: true,
  declineReason: true,
  requestedAt: true,
  decidedAt: true,
  receivedAt: true,
  refundedAt: true,
  order: { select: { number: true, email: true, shipName: true, buyer: { select: { name: true, email: true } } } },
  refund: { select: { id: true, amountCents: true, status: true } },
  lines: {
    select: {
      id: true,
      orderLineId: true,
      quantity: true,
      received: true,
      restocked: true,
      orderLine: { select: { name: true, variantTitle: true, totalCents: true, quantity: true } },
    },
    orderBy: { id: "asc" },
  },
} as const satisfies Prisma.ReturnSelect;

export type ReturnRow = Prisma.ReturnGetPayload<{ select: typeof returnSelect }>;

/** One return in that shape (in the caller's transaction, when given). */
export const loadReturn = (tx: Prisma.TransactionClient | typeof db, returnId: string) =>
  tx.return.findUniqueOrThrow({ where: { id: returnId }, select: returnSelect });

export const RETURNS_PAGE_SIZE = 25;

/** The back office's list: newest first, optionally one state. */
export async function listReturns({ status, page = 1 }: { status?: ReturnStatusCode; page?: number } = {}) {
  const where = status ? { status } : {};
  const [items, total] = await Promise.all([
    db.return.findMany({
      where,
      select: returnSelect,
      orderBy: [{ requestedAt: "desc" }, { id: "desc" }],
      skip: (page - 1) * RETURNS_PAGE_SIZE,
      take: RETURNS_PAGE_SIZE,
    }),
    db.return.count({ where }),
  ]);
  return { items, total, page, pageSize: RETURNS_PAGE_SIZE };
}

/** A customer's returns, newest first (GET /api/v1/user/returns). */
export const listReturnsForUser = (userId: string) =>
  db.return.findMany({ where: { order: { buyerId: userId } }, select: returnSelect, orderBy: [{ requestedAt: "desc" }, { id: "desc" }] });

/** An order's returns, oldest first (both order pages). */
export const returnsOfOrder = (orderId: string) =>
  db.return.findMany({ where: { orderId }, select: returnSelect, orderBy: [{ requestedAt: "asc" }, { id: "asc" }] });

/** A return as the order pages show it: its lines named as sold. */
export const returnView = (ret: ReturnRow) => ({
  ...ret,
  lines: ret.lines.map((line) => ({ ...line, name: lineTitle(line.orderLine.name, line.orderLine.variantTitle) })),
});

/** What an order page shows of returns: the lines that can be asked back now, and the order's returns. */
export async function orderReturnsPage(orderId: string) {
  const [returnable, returns] = await Promise.all([returnableOf(orderId), returnsOfOrder(orderId)]);
  return {
    windowDays: returnWindowDays(),
    lines:
      returnable?.paymentStatus === "SUCCEEDED"
        ? returnable.lines.map(({ id, name, returnable: left, closesAt }) => ({ id, name, returnable: left, closesAt }))
        : [],
    returns: returns.map(returnView),
  };
}
