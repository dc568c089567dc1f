// What each line of an order can still be returned, and whether a request
// fits: shipped units, less units refunded outside returns, less units held
// by other returns (declined ones hold none; received ones hold what came
// back), within RETURN_WINDOW_DAYS of the line's last parcel being delivered
// (or shipped, until marked delivered). Read under the order's row lock by
// requestReturn (return.server.ts), and by the order pages.
import type { Prisma, ReturnStatus } from "@prisma/client";
import { lineTitle } from "~/domain/catalog/variants/variants";
import { failure } from "~/domain/outcome";
import { db } from "~/utils/db.server";
import { env } from "~/utils/env.server";
import type { ReturnRequestInput } from "./return";

type Tx = Prisma.TransactionClient;
const DAY_MS = 86_400_000;
/** Refunds made for a return carry a request key starting with this and the return's id. */
export const REFUND_KEY_PREFIX = "return-";

/** The window, in days, after delivery (or shipping, until delivered) in which units can be asked back. */
export const returnWindowDays = () => env().RETURN_WINDOW_DAYS;

/** Units a return holds of its line: those asked while on its way, those that came back once received. */
const heldUnits = (status: ReturnStatus, line: { quantity: number; received: number }) =>
  status === "DECLINED" ? 0 : status === "RECEIVED" || status === "REFUNDED" ? line.received : line.quantity;

/**
 * What each line of an order can still be returned at `now`: its shipped
 * units, less units refunded outside returns, less units in other returns;
 * and until when (the last of its parcels delivered, or shipped, plus the
 * window). Null for no such order.
 */
export async function returnableOf(orderId: string, tx: Tx | typeof db = db, now = new Date()) {
  const order = await tx.order.findUnique({
    where: { id: orderId },
    select: {
      id: true,
      number: true,
      buyerId: true,
      status: true,
      paymentStatus: true,
      lines: {
        select: {
          id: true,
          name: true,
          variantTitle: true,
          quantity: true,
          shipmentLines: { select: { quantity: true, shipment: { select: { shippedAt: true, deliveredAt: true } } } },
          refundLines: {
            where: { refund: { status: { not: "FAILED" } } },
            select: { quantity: true, refund: { select: { requestKey: true } } },
          },
          returnLines: { select: { quantity: true, received: true, return: { select: { status: true } } } },
        },
        orderBy: { id: "asc" },
      },
    },
  });
  if (!order) return null;
  const windowMs = returnWindowDays() * DAY_MS;
  const lines = order.lines.map((line) => {
    const shipped = line.shipmentLines.reduce((sum, row) => sum + row.quantity, 0);
    const refundedElsewhere = line.refundLines
      .filter((row) => !row.refund.requestKey?.startsWith(REFUND_KEY_PREFIX))
      .reduce((sum, row) => sum + row.quantity, 0);
    const inReturns = line.returnLines.reduce((sum, row) => sum + heldUnits(row.return.status, row), 0);
    const lastArrival = Math.max(0, ...line.shipmentLines.map((row) => (row.shipment.deliveredAt ?? row.shipment.shippedAt).getTime()));
    const closesAt = shipped ? new Date(lastArrival + windowMs) : null;
    const open = closesAt !== null && now.getTime() <= closesAt.getTime();
    const units = Math.max(0, Math.min(shipped, line.quantity - refundedElsewhere) - inReturns);
    return {
      id: line.id,
      name: lineTitle(line.name, line.variantTitle),
      quantity: line.quantity,
      shipped,
      inReturns,
      closesAt,
      open,
      /** Units that may be asked back now (0 once the window closed). */
      returnable: open ? units : 0,
      /** Units that could be asked back, window aside. */
      units,
    };
  });
  return { ...order, lines, canReturn: order.paymentStatus === "SUCCEEDED" && lines.some((line) => line.returnable > 0) };
}
export type Returnable = NonNullable<Awaited<ReturnType<typeof returnableOf>>>;

/** The lines and units a request asks for, checked against what is returnable; a Failure when they cannot be. */
export function planReturn(returnable: Returnable, input: Pick<ReturnRequestInput, "lines">) {
  if (returnable.paymentStatus !== "SUCCEEDED") return failure(409, "Only a paid order's items can be returned");
  const wanted = new Map<string, number>();
  for (const line of input.lines) wanted.set(line.lineId, (wanted.get(line.lineId) ?? 0) + line.quantity);
  const lines: { orderLineId: string; quantity: number }[] = [];
  for (const [lineId, quantity] of wanted) {
    const line = returnable.lines.find((candidate) => candidate.id === lineId);
    if (!line) return failure(400, "An item to return is not a line of this order", { lines: "Unknown line" });
    if (line.shipped === 0) return failure(409, `${line.name} has not shipped yet: it cannot be returned`, { lines: "Not shipped" });
    if (!line.open) {
      const closed = line.closesAt!.toISOString().slice(0, 10);
      return failure(409, `The return window for ${line.name} closed on ${closed}`, { lines: "Return window closed" });
    }
    if (quantity > line.returnable) {
      const message = line.returnable
        ? `Only ${line.returnable} of ${line.name} can be returned, not ${quantity}`
        : `${line.name} is already returned or refunded`;
      return failure(409, message, { lines: message });
    }
    lines.push({ orderLineId: lineId, quantity });
  }
  return { ok: true as const, lines };
}
