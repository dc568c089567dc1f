// Closing a payment page: the shopper's Cancel, or a new attempt replacing an
// open one. Stripe is asked first, so a page paid meanwhile is settled, never cancelled.
import { heldBy, type Holder } from "./rules.server";
import { db } from "~/utils/db.server";
import { isValidId } from "~/utils/id";
import { stripe, type Stripe } from "~/domain/payments/stripe.server";
import { endAttempt, REPLACED_NOTE } from "./attempts.server";
import { errorText } from "~/utils/text";
import { settlePaid } from "./settle.server";

/**
 * Expires an order's open Checkout Session at Stripe, then ends the attempt.
 * When Stripe says the session was paid after all, the payment is applied
 * instead. When Stripe cannot be reached the order stays pending (and holds
 * its stock) for the reconciler: a session that might still be paid is never
 * treated as cancelled.
 */
export async function expireAndEnd(
  order: { id: string; stripeSessionId: string | null },
  note: string,
): Promise<"cancelled" | "paid" | "unchanged"> {
  if (!order.stripeSessionId) return (await endAttempt(order.id, "CANCELLED", note)) ? "cancelled" : "unchanged";
  let session: Stripe.Checkout.Session;
  try {
    session = await stripe().checkout.sessions.expire(order.stripeSessionId);
  } catch {
    try {
      session = await stripe().checkout.sessions.retrieve(order.stripeSessionId);
    } catch (error) {
      console.error(`Could not expire Stripe session ${order.stripeSessionId}: ${errorText(error)}`);
      return "unchanged";
    }
  }
  if (session.payment_status === "paid" || session.status === "complete") {
    if (session.payment_status === "paid") await settlePaid(session);
    return "paid";
  }
  if (session.status !== "expired") return "unchanged";
  if (await endAttempt(order.id, "CANCELLED", note)) return "cancelled";
  // The expiry's webhook may have ended it first.
  const now = await db.order.findUnique({ where: { id: order.id }, select: { paymentStatus: true } });
  return now?.paymentStatus === "CANCELLED" ? "cancelled" : "unchanged";
}

export async function cancelOpenAttempts(holder: Holder) {
  const open = await db.order.findMany({
    where: { ...heldBy(holder), paymentStatus: "PENDING" },
    select: { id: true, stripeSessionId: true },
  });
  for (const order of open) await expireAndEnd(order, REPLACED_NOTE);
}

export type CancelOutcome = "cancelled" | "paid" | "unchanged" | "not-found";

/** The Cancel button on Stripe's page: the buyer's (or this guest browser's) own pending order only. */
export async function cancelCheckout(orderId: string, holder: Holder): Promise<CancelOutcome> {
  if (!isValidId(orderId)) return "not-found";
  const order = await db.order.findFirst({
    where: { id: orderId, ...heldBy(holder) },
    select: { id: true, stripeSessionId: true, paymentStatus: true },
  });
  if (!order) return "not-found";
  if (order.paymentStatus === "SUCCEEDED") return "paid";
  if (order.paymentStatus !== "PENDING") return order.paymentStatus === "CANCELLED" ? "cancelled" : "unchanged";
  return expireAndEnd(order, "Cancelled by the shopper on the payment page");
}

// ---------- fulfilment ----------
