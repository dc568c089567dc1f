// An order's money, one room. When an order is made, chargeOrder() splits its
// discount and its tax over the lines (and the shipping), and each line stores
// what it was charged; the order stores its shipping and shipping's tax. Every
// page, e-mail, the CSV, the dashboard, the API and refunds read those stored
// numbers (orderTotals, refundParts); nothing recomputes a total by subtraction.
//
// The rules (as Saleor's order/calculations.py and Shopify's per-line
// discount allocations and tax lines):
// - The discount is shared by the lines in proportion to their goods; the tax
//   (rounded once per order, app/domain/tax/tax.ts) by what it was levied on:
//   each line's goods after its discount, and the shipping when the shop taxes
//   it. Shares are whole cents by the largest remainder, so they sum exactly.
// - A line's units share its amounts evenly, the remainder going to the last
//   unit: refunding every unit, one refund at a time or all at once, gives
//   back exactly the line's amounts.
// Browser-safe: plain integers in and out.
import { formatPrice, MAX_CHARGE_CENTS } from "~/utils/money";

/** Totals stay at or below one Stripe charge, and so far inside a 32-bit column. */
export { MAX_CHARGE_CENTS };

/** Why a cart or order above MAX_CHARGE_CENTS cannot be paid, in the shopper's words. */
export const tooLargeMessage = (totalCents: number) =>
  `One payment can be at most ${formatPrice(MAX_CHARGE_CENTS)} and this order comes to ${formatPrice(totalCents)}: lower the quantities, or split it into several orders.`;

/**
 * `amount` split in proportion to `weights` in whole cents that sum exactly
 * to it (largest remainder: every share is rounded down, and the cents left
 * go one each to the largest remainders, the earlier line first on a tie).
 * Zero weights get nothing; with no weight at all, nothing is shared.
 */
export function allocate(amount: number, weights: number[]): number[] {
  const total = weights.reduce((sum, weight) => sum + Math.max(0, weight), 0);
  if (amount <= 0 || total <= 0) return weights.map(() => 0);
  // BigInt: amount × weight can pass 2^53 for the largest orders a shop takes.
  const big = BigInt(amount);
  const bigTotal = BigInt(total);
  const shares = weights.map((weight) => {
    const scaled = big * BigInt(Math.max(0, weight));
    return { floor: Number(scaled / bigTotal), remainder: scaled % bigTotal };
  });
  let left = amount - shares.reduce((sum, share) => sum + share.floor, 0);
  const order = shares
    .map((share, index) => ({ index, remainder: share.remainder, weight: weights[index] }))
    .filter((share) => share.weight > 0)
    .sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1));
  const result = shares.map((share) => share.floor);
  for (const { index } of order) {
    if (left <= 0) break;
    result[index] += 1;
    left -= 1;
  }
  return result;
}

/** What one line was charged: its goods, its share of the discount and of the tax, and what the buyer paid for it. */
export type LineCharge = { subtotalCents: number; discountCents: number; taxCents: number; totalCents: number };

export type OrderCharges = {
  lines: LineCharge[];
  subtotalCents: number;
  discountCents: number;
  shippingCents: number;
  /** The part of the order's tax levied on the shipping (0 when the shop does not tax shipping). */
  shippingTaxCents: number;
  taxCents: number;
  taxIncluded: boolean;
  totalCents: number;
};

/** A line's charge: goods less its discount, plus its tax when tax is added (included tax is inside the goods). */
const lineTotal = (subtotal: number, discount: number, tax: number, taxIncluded: boolean) => subtotal - discount + (taxIncluded ? 0 : tax);

/**
 * An order's money, line by line, from what checkout priced: the lines' unit
 * prices and quantities, the order's discount, shipping and tax (already
 * rounded once for the order) and whether shipping was taxed.
 */
export function chargeOrder({
  lines,
  discountCents,
  shippingCents,
  taxCents,
  taxIncluded,
  taxShipping,
}: {
  lines: { unitPriceCents: number; quantity: number }[];
  discountCents: number;
  shippingCents: number;
  taxCents: number;
  taxIncluded: boolean;
  taxShipping: boolean;
}): OrderCharges {
  const subtotals = lines.map((line) => line.unitPriceCents * line.quantity);
  const subtotalCents = subtotals.reduce((sum, cents) => sum + cents, 0);
  const discount = Math.min(Math.max(0, discountCents), subtotalCents);
  const discounts = allocate(discount, subtotals);
  const taxBases = [...subtotals.map((subtotal, index) => subtotal - discounts[index]), taxShipping ? shippingCents : 0];
  const taxes = allocate(taxCents, taxBases);
  const shippingTaxCents = taxes[lines.length];
  const charged = subtotals.map((subtotal, index) => ({
    subtotalCents: subtotal,
    discountCents: discounts[index],
    taxCents: taxes[index],
    totalCents: lineTotal(subtotal, discounts[index], taxes[index], taxIncluded),
  }));
  return {
    lines: charged,
    subtotalCents,
    discountCents: discount,
    shippingCents,
    shippingTaxCents,
    taxCents,
    taxIncluded,
    totalCents: subtotalCents - discount + shippingCents + (taxIncluded ? 0 : taxCents),
  };
}

/** The columns of an order line that hold what it was charged (a Prisma select: spread it into a line's). */
export const lineChargeSelect = { subtotalCents: true, discountCents: true, taxCents: true, totalCents: true } as const;

/** The columns of an order that hold its money (a Prisma select: spread it into an order's). */
export const orderMoneySelect = {
  totalCents: true,
  discountCents: true,
  shippingCents: true,
  shippingTaxCents: true,
  taxCents: true,
  taxRateMilli: true,
  taxIncluded: true,
  taxName: true,
} as const;

/** The stored numbers of an order that its totals are read from. */
export type StoredOrderMoney = {
  totalCents: number;
  discountCents: number;
  shippingCents: number;
  shippingTaxCents: number;
  taxCents: number;
  taxIncluded: boolean;
  lines: { subtotalCents: number }[];
};

/** The totals every screen, e-mail and export shows, read from the stored order: no subtraction. */
export function orderTotals(order: StoredOrderMoney) {
  return {
    subtotalCents: order.lines.reduce((sum, line) => sum + line.subtotalCents, 0),
    discountCents: order.discountCents,
    shippingCents: order.shippingCents,
    /** Tax added on top of the prices (0 when the prices included it). */
    addedTaxCents: order.taxIncluded ? 0 : order.taxCents,
    /** Tax inside the prices (0 when it was added). */
    includedTaxCents: order.taxIncluded ? order.taxCents : 0,
    totalCents: order.totalCents,
  };
}

/** What the buyer paid for the shipping: its price, and its tax when tax is added. */
export const shippingCharge = (order: Pick<StoredOrderMoney, "shippingCents" | "shippingTaxCents" | "taxIncluded">) =>
  order.shippingCents + (order.taxIncluded ? 0 : order.shippingTaxCents);

/** `amount` of a line of `quantity` units, for `count` units after the first `from`: even shares, the remainder on the last unit. */
export function unitsShare(amount: number, quantity: number, from: number, count: number): number {
  if (quantity <= 0 || count <= 0) return 0;
  const each = Math.floor(amount / quantity);
  const last = from + count >= quantity ? amount - each * quantity : 0;
  return each * count + last;
}

export type RefundPart = { subtotalCents: number; discountCents: number; taxCents: number; amountCents: number };

/**
 * What refunding `count` units of a line gives back, when `from` of its units
 * were refunded before: those units' goods, less their share of the discount,
 * plus their tax when it was added.
 */
export function refundParts(
  line: { quantity: number; subtotalCents: number; discountCents: number; taxCents: number },
  from: number,
  count: number,
  taxIncluded: boolean,
): RefundPart {
  const subtotalCents = unitsShare(line.subtotalCents, line.quantity, from, count);
  const discountCents = unitsShare(line.discountCents, line.quantity, from, count);
  const taxCents = unitsShare(line.taxCents, line.quantity, from, count);
  return { subtotalCents, discountCents, taxCents, amountCents: lineTotal(subtotalCents, discountCents, taxCents, taxIncluded) };
}
