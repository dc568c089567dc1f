// To the buyer when a parcel of their order leaves (app/domain/shipments/), and
// again when the owner corrects its tracking and asks to tell them.
import type { Prisma } from "@prisma/client";
import { lineTitle } from "~/domain/catalog/variants/variants";
import { carrierName } from "~/domain/shipments/shipment";
import { renderEmail } from "./layout.server";
import { type OrderForEmail, orderLabel, buyerOrderLink, shipTo } from "./order-data.server";

export const shipmentEmailSelect = {
  carrier: true,
  trackingNumber: true,
  trackingUrl: true,
  lines: {
    select: { quantity: true, orderLine: { select: { name: true, variantTitle: true, sku: true } } },
    orderBy: { id: "asc" },
  },
} satisfies Prisma.ShipmentSelect;

export type ShipmentForEmail = Prisma.ShipmentGetPayload<{ select: typeof shipmentEmailSelect }>;

export function shipmentEmail(order: OrderForEmail, shipment: ShipmentForEmail, corrected: boolean) {
  const carrier = carrierName(shipment.carrier);
  const label = orderLabel(order);
  const orderUrl = buyerOrderLink(order);
  const items = shipment.lines.map(
    (line) =>
      `${line.quantity} × ${lineTitle(line.orderLine.name, line.orderLine.variantTitle)}${line.orderLine.sku ? ` (SKU ${line.orderLine.sku})` : ""}`,
  );
  const subject = corrected ? `Corrected tracking for your order ${label}` : `Your order ${label} has shipped`;
  return renderEmail({
    subject,
    preheader: `${carrier} ${shipment.trackingNumber}: ${items.join(", ")}`,
    heading: corrected ? "The tracking of your parcel changed" : "Your parcel is on its way",
    paragraphs: [
      corrected
        ? `Hello ${order.buyer.name}, we corrected the tracking of a parcel of your order ${label}. Please use the details below.`
        : `Hello ${order.buyer.name}, a parcel of your order ${label} left us with ${carrier}. It holds:`,
    ],
    items,
    details: [
      ["Order", label],
      ["Carrier", carrier],
      ["Tracking number", shipment.trackingNumber],
      ...(shipment.trackingUrl ? ([["Track it", shipment.trackingUrl]] as [string, string][]) : []),
      ["Ship to", shipTo(order)],
    ],
    action: shipment.trackingUrl ? { label: "Track your parcel", url: shipment.trackingUrl } : { label: "View your order", url: orderUrl },
    footnote: `Your order, with every parcel: ${orderUrl}`,
  });
}
