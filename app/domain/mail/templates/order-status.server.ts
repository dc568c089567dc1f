// To the buyer when an admin moves their order to Shipped, Delivered or Cancel.
import type { OrderStatus } from "@prisma/client";
import { renderEmail } from "./layout.server";
import { type OrderForEmail, orderLabel, buyerOrderLink, shipTo } from "./order-data.server";

/** The statuses a buyer is told about, with what the e-mail says. */
export const NOTIFIED_STATUSES: Partial<Record<OrderStatus, { subject: string; heading: string; text: string }>> = {
  SHIPPED: { subject: "has shipped", heading: "Your order is on its way", text: "has left our warehouse and is on its way to you." },
  DELIVERED: { subject: "was delivered", heading: "Your order was delivered", text: "was delivered. We hope you enjoy it." },
  CANCEL: {
    subject: "was cancelled",
    heading: "Your order was cancelled",
    text: "was cancelled. If you were charged, any refund is sent in a separate e-mail.",
  },
};

export function orderStatusEmail(order: OrderForEmail, status: OrderStatus) {
  const words = NOTIFIED_STATUSES[status];
  if (!words) throw new Error(`No e-mail for status ${status}`);
  return renderEmail({
    subject: `Order ${orderLabel(order)} ${words.subject}`,
    preheader: `Order ${orderLabel(order)} ${words.text}`,
    heading: words.heading,
    paragraphs: [`Hello ${order.buyer.name}, your order ${orderLabel(order)} ${words.text}`],
    details: [
      ["Order", orderLabel(order)],
      ["Ship to", shipTo(order)],
    ],
    action: { label: "View your order", url: buyerOrderLink(order) },
  });
}
