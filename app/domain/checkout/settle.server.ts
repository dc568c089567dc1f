// Settling Stripe's word on a checkout, exactly once per session: paid
// (the held stock sold, or taken again, or the payment refunded), expired or
// failed (the hold given back). Events may come twice or in any order.
import type { PaymentStatus } from "@prisma/client";
import { db, TX_OPTIONS } from "~/utils/db.server";
import { isValidId } from "~/utils/id";
import type { Stripe } from "~/domain/payments/stripe.server";
import { refundOrder } from "~/domain/payments/automatic-refund.server";
import { markDiscountUsePaid } from "~/domain/discounts/discount.server";
import { notifyNeedsReview, notifyOrderPaid } from "~/domain/mail/notifications.server";
import { endAttempt } from "./attempts.server";
import { orderUnits, releaseHold, retakeStock } from "./holds.server";
import { CURRENCY } from "./rules.server";

export type FulfilmentOutcome =
  | { outcome: "paid"; orderId: string }
  | { outcome: "already-paid"; orderId: string }
  | { outcome: "refunded"; orderId: string; refunded: boolean; reason: string }
  | { outcome: "mismatch"; orderId: string; reason: string }
  | { outcome: "failed"; orderId: string }
  | { outcome: "cancelled"; orderId: string }
  | { outcome: "unchanged"; orderId: string; reason: string }
  | { outcome: "ignored"; reason: string };

export type SessionLike = Pick<Stripe.Checkout.Session, "id" | "payment_status" | "metadata" | "client_reference_id"> &
  Partial<Pick<Stripe.Checkout.Session, "amount_total" | "currency" | "payment_intent" | "status">>;

export const SETTLED: PaymentStatus[] = ["SUCCEEDED", "REFUND_PENDING", "REFUNDED", "NEEDS_REVIEW"];

/**
 * The order a session pays for: found by the metadata we set (or the stored
 * session id), and only when the order's recorded session IS this session.
 */
async function orderFor(session: SessionLike) {
  const orderId = session.metadata?.orderId ?? session.client_reference_id ?? null;
  const select = { id: true, stripeSessionId: true } as const;
  const order =
    (isValidId(orderId) ? await db.order.findUnique({ where: { id: orderId }, select }) : null) ??
    (await db.order.findUnique({ where: { stripeSessionId: session.id }, select }));
  if (!order || order.stripeSessionId !== session.id) return null;
  return order;
}

const intentId = (session: SessionLike) =>
  typeof session.payment_intent === "string" ? session.payment_intent : (session.payment_intent?.id ?? null);

/**
 * Applies a paid session to its order, once: the order row is locked, so a
 * second delivery (or a concurrent one) finds it settled and changes nothing.
 * The amount and currency must be the order's; the held stock is sold, or
 * taken again if the hold had ended; otherwise the payment is refunded.
 */
export async function settlePaid(session: SessionLike): Promise<FulfilmentOutcome> {
  const found = await orderFor(session);
  if (!found) return { outcome: "ignored", reason: `no order for session ${session.id}` };
  const orderId = found.id;
  const paymentIntent = intentId(session);
  const result = await db.$transaction(async (tx): Promise<FulfilmentOutcome> => {
    const [order] = await tx.$queryRaw<{ paymentStatus: PaymentStatus; totalCents: number; reservedUntil: Date | null }[]>`
      SELECT "paymentStatus", "totalCents", "reservedUntil" FROM "Order" WHERE id = ${orderId} FOR UPDATE`;
    if (SETTLED.includes(order.paymentStatus)) return { outcome: "already-paid", orderId };

    const currency = (session.currency ?? "").toLowerCase();
    if (session.amount_total !== order.totalCents || currency !== CURRENCY) {
      const reason = `Stripe reported ${session.amount_total ?? "no amount"} ${currency || "(no currency)"} for session ${session.id}; the order is ${order.totalCents} ${CURRENCY}. Not fulfilled: check the payment in Stripe.`;
      await releaseHold(tx, orderId);
      await tx.order.update({
        where: { id: orderId },
        data: { paymentStatus: "NEEDS_REVIEW", status: "NOT_PROCESS", paymentNote: reason, stripePaymentIntentId: paymentIntent },
      });
      await notifyNeedsReview(tx, orderId, reason);
      return { outcome: "mismatch", orderId, reason };
    }

    const { deleted } = await orderUnits(tx, orderId);
    const held = order.reservedUntil !== null;
    if (deleted === 0 && (held || (await retakeStock(tx, orderId)))) {
      await markDiscountUsePaid(tx, orderId, held);
      await tx.order.update({
        where: { id: orderId },
        data: {
          paymentStatus: "SUCCEEDED",
          status: "NOT_PROCESS",
          paidAt: new Date(),
          reservedUntil: null,
          stripePaymentIntentId: paymentIntent,
          paymentNote: held ? null : "Paid after its reservation had ended; the stock was still there",
        },
      });
      await notifyOrderPaid(tx, orderId);
      return { outcome: "paid", orderId };
    }
    const reason = deleted
      ? "a product in it was deleted before the payment arrived"
      : "the payment arrived after its reservation ended and the stock was sold";
    await releaseHold(tx, orderId);
    await tx.order.update({
      where: { id: orderId },
      data: {
        paymentStatus: "REFUND_PENDING",
        status: "CANCEL",
        paymentNote: `Refunding: ${reason}`,
        stripePaymentIntentId: paymentIntent,
      },
    });
    return { outcome: "refunded", orderId, refunded: false, reason };
  }, TX_OPTIONS);
  if (result.outcome === "refunded") {
    console.warn(`Order ${orderId} was paid but cannot be fulfilled (${result.reason}); refunding`);
    return { ...result, refunded: await refundOrder(orderId) };
  }
  if (result.outcome === "mismatch") console.error(`Order ${orderId}: ${result.reason}`);
  return result;
}

export async function settleUnpaid(session: SessionLike, outcome: "CANCELLED" | "FAILED", note: string): Promise<FulfilmentOutcome> {
  const order = await orderFor(session);
  if (!order) return { outcome: "ignored", reason: `no order for session ${session.id}` };
  if (!(await endAttempt(order.id, outcome, note))) return { outcome: "unchanged", orderId: order.id, reason: "payment already settled" };
  return outcome === "FAILED" ? { outcome: "failed", orderId: order.id } : { outcome: "cancelled", orderId: order.id };
}

/**
 * Applies a verified Stripe event. Events may arrive twice or in any order:
 * each one only ever moves an order forward (pending → cancelled/failed,
 * anything unsettled → paid or refunded), so a repeat changes nothing.
 */
export async function fulfilFromEvent(event: Pick<Stripe.Event, "type" | "data">): Promise<FulfilmentOutcome> {
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded": {
      const session = event.data.object as Stripe.Checkout.Session;
      // Delayed payment methods complete the session before the money arrives.
      if (session.payment_status !== "paid") return { outcome: "ignored", reason: `payment_status ${session.payment_status}` };
      return settlePaid(session);
    }
    case "checkout.session.expired":
      return settleUnpaid(event.data.object as Stripe.Checkout.Session, "CANCELLED", "The payment page expired unpaid");
    case "checkout.session.async_payment_failed":
      return settleUnpaid(event.data.object as Stripe.Checkout.Session, "FAILED", "The payment failed");
    default:
      return { outcome: "ignored", reason: `event ${event.type}` };
  }
}
