// Who hears of what. Each function is called inside the transaction that
// makes the change (a payment settled, a status set, a refund recorded, a
// password changed), reads what the e-mail shows in that same transaction and
// queues it with a key naming the event, so it is sent once, after the commit.
import type { OrderStatus, Prisma } from "@prisma/client";
import { newPaidOrderEmail } from "~/domain/mail/templates/admin-new-order.server";
import { needsReviewEmail } from "~/domain/mail/templates/admin-needs-review.server";
import { orderConfirmationEmail } from "~/domain/mail/templates/order-confirmation.server";
import { loadOrderForEmail } from "~/domain/mail/templates/order-data.server";
import { NOTIFIED_STATUSES, orderStatusEmail } from "~/domain/mail/templates/order-status.server";
import { passwordChangedEmail, type PasswordChange } from "~/domain/mail/templates/password-changed.server";
import { refundEmail } from "~/domain/mail/templates/refund.server";
import { adminReturnEmail, returnEmail, type ReturnEmailEvent, type ReturnForEmail } from "~/domain/mail/templates/return.server";
import { shipmentEmail, shipmentEmailSelect } from "~/domain/mail/templates/shipment.server";
import { queueEmail } from "./email.server";

type Tx = Prisma.TransactionClient;

const loadOrder = loadOrderForEmail;

const admins = (tx: Tx) => tx.user.findMany({ where: { role: 1 }, select: { id: true, email: true }, orderBy: { id: "asc" } });

/** A payment was confirmed: the buyer's confirmation and every admin's alert. */
export async function notifyOrderPaid(tx: Tx, orderId: string) {
  const order = await loadOrder(tx, orderId);
  await queueEmail(tx, {
    ...orderConfirmationEmail(order),
    key: `order-confirmation:${order.id}`,
    kind: "order-confirmation",
    to: order.buyer.email,
    orderId: order.id,
    userId: order.buyer.id ?? undefined,
  });
  const alert = newPaidOrderEmail(order);
  for (const admin of await admins(tx)) {
    await queueEmail(tx, {
      ...alert,
      key: `admin-new-order:${order.id}:${admin.id}`,
      kind: "admin-new-order",
      to: admin.email,
      orderId: order.id,
    });
  }
}

/** A payment did not match its order: every admin is told to look. */
export async function notifyNeedsReview(tx: Tx, orderId: string, reason: string) {
  const order = await loadOrder(tx, orderId);
  const alert = needsReviewEmail(order, reason);
  for (const admin of await admins(tx)) {
    await queueEmail(tx, {
      ...alert,
      key: `admin-needs-review:${order.id}:${admin.id}`,
      kind: "admin-needs-review",
      to: admin.email,
      orderId: order.id,
    });
  }
}

/**
 * An order's status really changed in this transaction (the caller checked).
 * The change is named by the order event the trigger on "Order" wrote with
 * it, so Shipped, then Processing, then Shipped again tells the buyer twice,
 * and a retried request once.
 */
export async function notifyOrderStatus(tx: Tx, orderId: string, status: OrderStatus) {
  if (!NOTIFIED_STATUSES[status]) return;
  const [event] = await tx.$queryRaw<{ id: string }[]>`
    SELECT id FROM "OrderEvent" WHERE "orderId" = ${orderId} ORDER BY at DESC LIMIT 1`;
  const order = await loadOrder(tx, orderId);
  await queueEmail(tx, {
    ...orderStatusEmail(order, status),
    key: `order-status:${order.id}:${event?.id ?? status}`,
    kind: "order-status",
    to: order.buyer.email,
    orderId: order.id,
    userId: order.buyer.id ?? undefined,
  });
}

/**
 * A parcel left (or its tracking was corrected, `corrected`): the buyer is
 * told what is in it and how to follow it. `key` names the event (the
 * shipment, or the shipment and its corrected tracking): one e-mail each.
 */
export async function notifyShipment(tx: Tx, orderId: string, shipmentId: string, event: { key: string; corrected: boolean }) {
  const order = await loadOrder(tx, orderId);
  const shipment = await tx.shipment.findUniqueOrThrow({ where: { id: shipmentId }, select: shipmentEmailSelect });
  await queueEmail(tx, {
    ...shipmentEmail(order, shipment, event.corrected),
    key: event.key,
    kind: "shipment",
    to: order.buyer.email,
    orderId: order.id,
    userId: order.buyer.id ?? undefined,
  });
}

/** Money went back to the buyer; `refundKey` names the refund (one e-mail per refund). */
export async function notifyRefund(tx: Tx, orderId: string, refund: { amountCents: number; reason: string; refundKey: string }) {
  const order = await loadOrder(tx, orderId);
  await queueEmail(tx, {
    ...refundEmail(order, refund),
    key: `refund:${refund.refundKey}`,
    kind: "refund",
    to: order.buyer.email,
    orderId: order.id,
    userId: order.buyer.id ?? undefined,
  });
}

/**
 * A return was asked for (the customer, and every admin), approved or
 * declined (the customer). `returnId` and the event name it: one e-mail each.
 */
export async function notifyReturn(tx: Tx, orderId: string, returnId: string, ret: ReturnForEmail, event: ReturnEmailEvent) {
  const order = await loadOrder(tx, orderId);
  await queueEmail(tx, {
    ...returnEmail(order, ret, event),
    key: `return:${returnId}:${event}`,
    kind: "return",
    to: order.buyer.email,
    orderId: order.id,
    userId: order.buyer.id ?? undefined,
  });
  if (event !== "requested") return;
  const alert = adminReturnEmail(order, ret);
  for (const admin of await admins(tx)) {
    await queueEmail(tx, {
      ...alert,
      key: `admin-return:${returnId}:${admin.id}`,
      kind: "admin-return",
      to: admin.email,
      orderId: order.id,
    });
  }
}

/** The account's password changed (profile or reset): its owner is told when and from where. */
export async function notifyPasswordChanged(tx: Tx, userId: string, change: PasswordChange) {
  const user = await tx.user.findUniqueOrThrow({ where: { id: userId }, select: { id: true, name: true, email: true } });
  await queueEmail(tx, {
    ...passwordChangedEmail(user, change),
    key: `password-changed:${user.id}:${change.at.getTime()}`,
    kind: "password-changed",
    to: user.email,
    userId: user.id,
  });
}
