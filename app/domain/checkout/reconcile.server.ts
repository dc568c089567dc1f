// Keeping orders and Stripe in step when events go missing: the reconciler
// asks Stripe about every pending checkout (a paid order never stays pending
// after a webhook or database outage; an expired one gives its stock back),
// retries refunds that failed, and the sweep gives back holds whose session
// has surely ended even when Stripe cannot be asked. Both are idempotent and
// safe to run on every app instance at once: every change is a conditional
// update that only one of them wins.
import { heldBy, type Holder } from "./rules.server";
import { db } from "~/utils/db.server";
import { refundOrder } from "~/domain/payments/automatic-refund.server";
import { stripe } from "~/domain/payments/stripe.server";
import { endAttempt } from "./attempts.server";
import { expireAndEnd } from "./cancel.server";
import { errorText } from "~/utils/text";
import { SETTLED, settlePaid, settleUnpaid } from "./settle.server";

/** A checkout whose session never got stored (a crash between the two writes) is given up after this. */
export const ORPHAN_AFTER_MS = 10 * 60 * 1000;
/** Holds are released this long after their session's expiry even if Stripe was never reached. */
export const SWEEP_GRACE_MS = 5 * 60 * 1000;
/** Orders looked at per run (oldest first); the next run takes the rest. */
export const RECONCILE_BATCH = 100;

export type ReconcileReport = {
  checked: number;
  outcomes: Record<string, number>;
  errors: number;
  refundsRetried: number;
  orphans: number;
};

/** Asks Stripe about pending orders with a session, retries pending refunds, and cancels checkouts that never reached Stripe. */
export async function reconcilePayments({ now = new Date(), batch = RECONCILE_BATCH } = {}): Promise<ReconcileReport> {
  const report: ReconcileReport = { checked: 0, outcomes: {}, errors: 0, refundsRetried: 0, orphans: 0 };
  const pending = await db.order.findMany({
    where: { paymentStatus: "PENDING", stripeSessionId: { not: null } },
    select: { id: true, stripeSessionId: true, reservedUntil: true },
    orderBy: { createdAt: "asc" },
    take: batch,
  });
  for (const order of pending) {
    report.checked += 1;
    try {
      const outcome = await reconcileOrder(order, now);
      report.outcomes[outcome] = (report.outcomes[outcome] ?? 0) + 1;
    } catch (error) {
      report.errors += 1;
      console.error(`Reconcile: order ${order.id}: ${error instanceof Error ? error.message : error}`);
    }
  }

  const refunds = await db.order.findMany({
    where: { paymentStatus: "REFUND_PENDING" },
    select: { id: true },
    orderBy: { updatedAt: "asc" },
    take: batch,
  });
  for (const order of refunds) {
    report.refundsRetried += 1;
    await refundOrder(order.id).catch((error) => console.error(`Reconcile: refund of ${order.id}: ${error}`));
  }

  const orphans = await db.order.findMany({
    where: { paymentStatus: "PENDING", stripeSessionId: null, createdAt: { lt: new Date(now.getTime() - ORPHAN_AFTER_MS) } },
    select: { id: true },
    take: batch,
  });
  for (const order of orphans) {
    if (await endAttempt(order.id, "CANCELLED", "The payment page was never opened")) report.orphans += 1;
  }
  return report;
}

/**
 * Gives back the stock of pending orders whose hold ended more than
 * SWEEP_GRACE_MS ago, without asking Stripe (its session expired with the
 * hold, so it cannot be paid any more). Should a payment still arrive, the
 * fulfilment takes the units again or refunds it. Returns how many were released.
 */
export async function releaseExpiredReservations(now = new Date()): Promise<number> {
  const due = await db.order.findMany({
    where: { paymentStatus: "PENDING", reservedUntil: { lt: new Date(now.getTime() - SWEEP_GRACE_MS) } },
    select: { id: true },
    take: 500,
  });
  let released = 0;
  for (const order of due) if (await endAttempt(order.id, "CANCELLED", "The reservation expired unpaid")) released += 1;
  return released;
}

/**
 * Asks Stripe about one pending order's session and applies the answer:
 * paid → fulfil; expired → cancel; open past its expiry → expire, then cancel.
 */
export async function reconcileOrder(
  order: { id: string; stripeSessionId: string | null; reservedUntil: Date | null },
  now = new Date(),
): Promise<string> {
  if (!order.stripeSessionId) return "no session";
  const session = await stripe().checkout.sessions.retrieve(order.stripeSessionId);
  if (session.payment_status === "paid") return (await settlePaid(session)).outcome;
  if (session.status === "expired") return (await settleUnpaid(session, "CANCELLED", "The payment page expired unpaid")).outcome;
  const due = (session.expires_at ?? 0) * 1000 <= now.getTime() || (order.reservedUntil !== null && order.reservedUntil <= now);
  if (session.status === "open" && due) return expireAndEnd(order, "The payment page expired unpaid");
  return "open";
}

/**
 * The success page's check: only the signed-in buyer's own order, and only
 * what Stripe itself reports (asked when the webhook has not arrived yet,
 * e.g. webhooks not forwarded on a laptop) — the same idempotent path.
 */
export async function confirmCheckoutSession(sessionId: string, holder: Holder) {
  if (!/^cs_[A-Za-z0-9_]{1,200}$/.test(sessionId)) return null;
  const find = () =>
    db.order.findFirst({
      where: { stripeSessionId: sessionId, ...heldBy(holder) },
      select: {
        id: true,
        buyerId: true,
        number: true,
        paymentStatus: true,
        totalCents: true,
        paymentNote: true,
        discountCents: true,
        discountCode: true,
      },
    });
  const order = await find();
  if (!order || SETTLED.includes(order.paymentStatus)) return order;
  try {
    const session = await stripe().checkout.sessions.retrieve(sessionId);
    if (session.payment_status === "paid") {
      await settlePaid(session);
      return find();
    }
  } catch (error) {
    console.error(`Could not check Stripe session ${sessionId}: ${errorText(error)}`);
  }
  return order;
}
