// To every admin when a payment does not match its order (amount or currency) and was not fulfilled.
import { renderEmail } from "./layout.server";
import { type OrderForEmail, orderLabel, orderLink } from "./order-data.server";

export function needsReviewEmail(order: OrderForEmail, reason: string) {
  return renderEmail({
    subject: `Order ${orderLabel(order)} needs review: the payment does not match`,
    preheader: `A payment for order ${orderLabel(order)} was not fulfilled. Check it in Stripe.`,
    heading: `Order ${orderLabel(order)} needs review`,
    paragraphs: ["A payment arrived that does not match the order, so the order was not fulfilled and its stock was given back.", reason],
    details: [
      ["Order", orderLabel(order)],
      ["Buyer", `${order.buyer.name} (${order.buyer.email})`],
    ],
    action: { label: "Open the order", url: orderLink(order, `/dashboard/admin/orders/${order.number}`) },
    footnote: "You receive this because your account is an admin of the shop.",
  });
}
