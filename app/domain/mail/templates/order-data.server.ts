// What an order e-mail shows, read in the transaction that causes the e-mail
// (so it says what was committed with it, not what the order became later).
import type { Prisma } from "@prisma/client";
import { publicOriginFor } from "~/http/http.server";
import { lineTitle } from "~/domain/catalog/variants/variants";
import { countryName } from "~/domain/shipping/country-name";
import { formatRate } from "~/domain/tax/tax";
import { orderMoneySelect, orderTotals } from "~/domain/orders/money";
import { buyerOrderPath } from "~/domain/orders/guest-access.server";
import type { LinesBlock } from "./layout.server";

export const orderEmailSelect = {
  id: true,
  number: true,
  email: true,
  buyerId: true,
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

type OrderRow = Prisma.OrderGetPayload<{ select: typeof orderEmailSelect }>;

/** Who the e-mail is to: the account (its address today), or the guest (the name and e-mail given at checkout). */
export type EmailBuyer = { id: string | null; name: string; email: string };

export type OrderForEmail = Omit<OrderRow, "buyer"> & { buyer: EmailBuyer };

/** Reads an order for its e-mails in the caller's transaction. */
export async function loadOrderForEmail(tx: Prisma.TransactionClient, orderId: string): Promise<OrderForEmail> {
  const row = await tx.order.findUniqueOrThrow({ where: { id: orderId }, select: orderEmailSelect });
  return { ...row, buyer: row.buyer ?? { id: null, name: row.shipName || row.email, email: row.email } };
}

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

/** The buyer's link to their order: the account's page, or a guest's signed link (no sign-in needed). */
export const buyerOrderLink = (order: OrderForEmail) => orderLink(order, buyerOrderPath(order));
