// To the buyer when money goes back to them: the automatic refund of a payment
// that could not be fulfilled, or a refund an admin makes.
import { formatPrice } from "~/utils/money";
import { renderEmail } from "./layout.server";
import { buyerOrderLink, type OrderForEmail, orderLabel } from "./order-data.server";

export function refundEmail(order: OrderForEmail, refund: { amountCents: number; reason: string }) {
  const amount = formatPrice(refund.amountCents);
  return renderEmail({
    subject: `Refund of ${amount} for order ${orderLabel(order)}`,
    preheader: `We refunded ${amount} for order ${orderLabel(order)}.`,
    heading: `We refunded ${amount}`,
    paragraphs: [
      `Hello ${order.buyer.name}, we refunded ${amount} for your order ${orderLabel(order)} to the card you paid with.`,
      "Depending on your bank, it shows on your statement within 5 to 10 business days.",
    ],
    details: [
      ["Order", orderLabel(order)],
      ["Amount", amount],
      ["Reason", refund.reason],
    ],
    action: { label: "View your order", url: buyerOrderLink(order) },
  });
}
