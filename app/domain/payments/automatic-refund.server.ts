// The automatic refund of a payment the shop cannot fulfil (the stock went, a
// product was deleted): in full, once per order, retried by the reconciler.
import { db, TX_OPTIONS } from "~/utils/db.server";
import { errorText } from "~/utils/text";
import { notifyRefund } from "~/domain/mail/notifications.server";
import { stripe } from "./stripe.server";

/**
 * Refunds a REFUND_PENDING order's payment in full through Stripe (one
 * refund per order, whatever the retries) and marks it REFUNDED. On failure
 * it stays REFUND_PENDING for the reconciler to try again.
 */
export async function refundOrder(orderId: string): Promise<boolean> {
  const order = await db.order.findUnique({
    where: { id: orderId },
    select: { paymentStatus: true, stripePaymentIntentId: true, paymentNote: true, totalCents: true },
  });
  if (!order || order.paymentStatus !== "REFUND_PENDING") return order?.paymentStatus === "REFUNDED";
  const reason = (order.paymentNote ?? "").replace(/^Refunding: /, "");
  if (!order.stripePaymentIntentId) {
    await db.order.updateMany({
      where: { id: orderId, paymentStatus: "REFUND_PENDING" },
      data: {
        paymentStatus: "NEEDS_REVIEW",
        paymentNote: `Paid but not fulfilled (${reason}), and Stripe named no payment to refund: refund it in the Stripe Dashboard.`,
      },
    });
    return false;
  }
  let refundId: string;
  try {
    const refund = await stripe().refunds.create(
      { payment_intent: order.stripePaymentIntentId, metadata: { orderId } },
      { idempotencyKey: `refund-order-${orderId}` },
    );
    refundId = refund.id;
  } catch (error) {
    if ((error as { code?: string }).code !== "charge_already_refunded") {
      console.error(`Refund for order ${orderId} failed (will retry): ${errorText(error)}`);
      return false;
    }
    refundId = "an earlier refund";
  }
  await db.$transaction(async (tx) => {
    const done = await tx.order.updateMany({
      where: { id: orderId, paymentStatus: "REFUND_PENDING" },
      data: { paymentStatus: "REFUNDED", refundedCents: order.totalCents, paymentNote: `Refunded automatically (${refundId}): ${reason}` },
    });
    if (done.count === 0) return;
    const { totalCents } = await tx.order.findUniqueOrThrow({ where: { id: orderId }, select: { totalCents: true } });
    await notifyRefund(tx, orderId, {
      amountCents: totalCents,
      reason: `We could not fulfil it: ${reason}.`,
      refundKey: `order-${orderId}`,
    });
  }, TX_OPTIONS);
  return true;
}
