// To the buyer, once their payment is confirmed (webhook, success page or reconciler: whichever comes first).
import { renderEmail } from "./layout.server";
import { type OrderForEmail, orderLabel, orderLinesBlock, buyerOrderLink, shipTo } from "./order-data.server";

export function orderConfirmationEmail(order: OrderForEmail) {
  return renderEmail({
    subject: `Order ${orderLabel(order)} confirmed: thank you for your purchase`,
    preheader: `We have your payment for order ${orderLabel(order)} and are getting it ready.`,
    heading: `Thank you, ${order.buyer.name}`,
    paragraphs: [`We have your payment for order ${orderLabel(order)}. We will write again when it ships.`],
    details: [
      ["Order", orderLabel(order)],
      ["Ship to", shipTo(order)],
    ],
    lines: orderLinesBlock(order),
    action: { label: "View your order", url: buyerOrderLink(order) },
  });
}
