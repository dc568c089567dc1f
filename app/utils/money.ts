/** The largest amount one Stripe charge may be in US dollars ($999,999.99): no price, cart or order is above it. */
export const MAX_CHARGE_CENTS = 99_999_999;

const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

/** Every price shown anywhere goes through here: integer cents in, `$1,234.50` out. */
export function formatPrice(cents: number): string {
  return usd.format(cents / 100);
}

/** Dollars (as typed in a form, at most two decimals) to integer cents. */
export function dollarsToCents(dollars: number): number {
  return Math.round(dollars * 100);
}

export function centsToDollars(cents: number): number {
  return cents / 100;
}
