// Tax, the one computation, on the server (the browser shows what it says):
// on the goods after discount, and on shipping when the shop taxes it,
// rounded half up once per order. Added tax is base × rate; tax included in
// the prices is round(gross × rate / (1 + rate)). Rates are thousandths of a
// percent (8.875 % is 8875), so every step is integer arithmetic.

/** A rate as stored: 8.875 % is 8875. */
export const RATE_SCALE = 100_000;

/** n / d rounded half up, for n ≥ 0 and d > 0, in integers (no float drift at any size a shop sees). */
export function divideRoundHalfUp(n: number, d: number): number {
  return Math.floor((2 * n + d) / (2 * d));
}

export type TaxTerms = { rateMilli: number; pricesIncludeTax: boolean; taxShipping: boolean };

/** The tax of an order; `included`: already inside the prices (shown, not added). */
export function taxFor(
  { goodsCents, discountCents, shippingCents }: { goodsCents: number; discountCents: number; shippingCents: number },
  { rateMilli, pricesIncludeTax, taxShipping }: TaxTerms,
): { taxCents: number; included: boolean } {
  const base = Math.max(0, goodsCents - discountCents) + (taxShipping ? shippingCents : 0);
  if (rateMilli <= 0 || base <= 0) return { taxCents: 0, included: pricesIncludeTax };
  const taxCents = pricesIncludeTax
    ? divideRoundHalfUp(base * rateMilli, RATE_SCALE + rateMilli)
    : divideRoundHalfUp(base * rateMilli, RATE_SCALE);
  return { taxCents, included: pricesIncludeTax };
}

/** "8.875 %" from 8875. */
export function formatRate(rateMilli: number): string {
  return `${(rateMilli / 1000).toLocaleString("en-US", { maximumFractionDigits: 3 })} %`;
}
