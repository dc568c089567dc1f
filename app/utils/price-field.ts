// A price as typed (a form's text, an API's number or string) read into
// integer cents: the one dollar parsing every schema with a price uses
// (products, variants, delivery methods). Browser-safe.
import { dollarsToCents, formatPrice, MAX_CHARGE_CENTS } from "~/utils/money";
import { z } from "~/utils/zod";

/** One Stripe charge's ceiling: a dearer product could never be paid for. */
export const PRICE_MAX_DOLLARS = MAX_CHARGE_CENTS / 100;

const asText = (value: unknown) => (typeof value === "number" ? String(value) : typeof value === "string" ? value.trim() : undefined);

/** A number field's text when present and not negative; otherwise the issue is added and the result is undefined. */
export function nonNegativeText(value: unknown, ctx: z.RefinementCtx, noun: string): string | undefined {
  const text = asText(value);
  if (!text) {
    ctx.addIssue({ code: "custom", message: `Enter a ${noun}` });
    return undefined;
  }
  if (text.startsWith("-")) {
    ctx.addIssue({ code: "custom", message: `The ${noun} cannot be negative` });
    return undefined;
  }
  return text;
}

/** Dollars as typed ("19.99", 19.99): non-negative, at most two decimals; out comes integer cents. */
export const priceField = z
  .unknown()
  .optional()
  .transform((value, ctx) => {
    const text = nonNegativeText(value, ctx, "price");
    if (text === undefined) return z.NEVER;
    if (!/^(\d+(\.\d{0,2})?|\.\d{1,2})$/.test(text)) {
      ctx.addIssue({ code: "custom", message: "Enter the price in dollars with at most two decimals, e.g. 19.99" });
      return z.NEVER;
    }
    const dollars = Number(text);
    if (dollarsToCents(dollars) > MAX_CHARGE_CENTS) {
      ctx.addIssue({ code: "custom", message: `The price must be at most ${formatPrice(MAX_CHARGE_CENTS)}` });
      return z.NEVER;
    }
    return dollarsToCents(dollars);
  })
  .meta({ type: "string", description: `US dollars, at most two decimals, at most ${PRICE_MAX_DOLLARS}`, examples: ["19.99"] });
