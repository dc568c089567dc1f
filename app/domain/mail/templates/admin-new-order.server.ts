// To every admin when an order is paid, so the owner hears of it without watching the list.
import { renderEmail } from "./layout.server";
import { type OrderForEmail, orderLabel, orderLinesBlock, orderLink, shipTo } from "./order-data.server";
import { formatPrice } from "~/utils/money";

export function newPaidOrderEmail(order: OrderForEmail) {
  return renderEmail({
    subject: `New order ${orderLabel(order)}: ${formatPrice(order.totalCents)} paid`,
    preheader: `${order.buyer.name} paid ${formatPrice(order.totalCents)} for order ${orderLabel(order)}.`,
    heading: `New paid order ${orderLabel(order)}`,
    paragraphs: [`${order.buyer.name} (${order.buyer.email}) paid ${formatPrice(order.totalCents)}. It is ready to process.`],
    details: [
      ["Order", orderLabel(order)],
      ["Ship to", shipTo(order)],
    ],
    lines: orderLinesBlock(order),
    action: { label: "Open the order", url: orderLink(order, `/dashboard/admin/orders/${order.number}`) },
    footnote: "You receive this because your account is an admin of the shop.",
  });
}
