// What an order e-mail shows, read in the transaction that causes the e-mail
// (so it says what was committed with it, not what the order became later).
import type { Prisma } from "@prisma/client";
import { publicOriginFor } from "~/http/http.server";
import { lineTitle } from "~/domain/catalog/variants/variants";
import { countryName } from "~/domain/shipping/country-name";
import { formatRate } from "~/domain/tax/tax";
import { orderMoneySelect, orderTotals } from "~/domain/orders/money";
import type { LinesBlock } from "./layout.server";

export const orderEmailSelect = {
  id: true,
  number: true,
  origin: true,
  ...orderMoneySelect,
  discountCode: true,
  shipName: true,
  shipAddress: true,
  shipPhone: true,
  shipCountry: true,
  shippingMethod: true,
  buyer: { select: { id: true, name: true, email: true } },
  lines: {
    select: { name: true, variantTitle: true, sku: true, quantity: true, unitPriceCents: true, subtotalCents: true },
    orderBy: { id: "asc" },
  },
} satisfies Prisma.OrderSelect;

export type OrderForEmail = Prisma.OrderGetPayload<{ select: typeof orderEmailSelect }>;

export const orderLabel = (order: Pick<OrderForEmail, "number">) => `#${order.number}`;

export function orderLinesBlock(order: OrderForEmail): LinesBlock {
  // The stored figures (orders/money.ts), as the order's page shows them.
  const stored = orderTotals(order);
  const totals: LinesBlock["totals"] = [{ label: "Subtotal", cents: stored.subtotalCents }];
  if (order.discountCents > 0)
    totals.push({ label: `Discount${order.discountCode ? ` (${order.discountCode})` : ""}`, cents: -order.discountCents });
  if (order.shippingMethod) totals.push({ label: `Shipping: ${order.shippingMethod}`, cents: order.shippingCents });
  const taxLabel = `${order.taxName ?? "Tax"}${order.taxRateMilli ? ` (${formatRate(order.taxRateMilli)})` : ""}`;
  if (order.taxCents > 0 && !order.taxIncluded) totals.push({ label: taxLabel, cents: order.taxCents });
  totals.push({ label: "Total", cents: order.totalCents, strong: true });
  if (order.taxCents > 0 && order.taxIncluded) totals.push({ label: `Includes ${taxLabel}`, cents: order.taxCents });
  // A variant's line is named as it was sold, with its SKU: "Tee — M / Red (SKU TEE-M-RED)".
  const lines = order.lines.map((line) => ({
    name: `${lineTitle(line.name, line.variantTitle)}${line.sku ? ` (SKU ${line.sku})` : ""}`,
    quantity: line.quantity,
    unitPriceCents: line.unitPriceCents,
  }));
  return { lines, totals };
}

export const shipTo = (order: OrderForEmail) =>
  [order.shipName, order.shipAddress, order.shipCountry ? countryName(order.shipCountry) : null, order.shipPhone]
    .filter(Boolean)
    .join("\n");

/** An absolute link for an order's e-mail: APP_URL, else the address the order was placed at. */
export const orderLink = (order: Pick<OrderForEmail, "origin">, path: string) => `${publicOriginFor(order.origin)}${path}`;
