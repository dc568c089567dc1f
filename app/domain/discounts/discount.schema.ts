// The discount form's schema (create and edit: an edit sends every field),
// used by the server (discount.server.ts, the /api/v1 contract) and by the
// form in the page, so it stays browser-safe: z from ~/utils/zod only.
import { dollarsToCents, formatPrice } from "~/utils/money";
import { z } from "~/utils/zod";

export const DISCOUNT_CODE_MAX = 32;
export const DISCOUNT_AMOUNT_MAX_DOLLARS = 1_000_000;
export const DISCOUNT_USES_MAX = 1_000_000;

/** Letters, digits and dashes; stored upper-case so codes are unique ignoring case. */
export const discountCodeSchema = z
  .string({ error: "Enter a code" })
  .trim()
  .min(1, "Enter a code")
  .max(DISCOUNT_CODE_MAX, `A code has at most ${DISCOUNT_CODE_MAX} characters`)
  .regex(/^[A-Za-z0-9-]+$/, "Use letters, digits and dashes only")
  .transform((code) => code.toUpperCase());

/** A form field's text, or undefined when left empty (numbers from JSON count as text). */
const optionalText = (value: unknown) => {
  if (typeof value === "number") return String(value);
  if (typeof value !== "string") return undefined;
  return value.trim() || undefined;
};

/** A whole number in a range, typed in a form or sent as a JSON number; empty means none. */
const wholeNumber = (min: number, max: number, message: string) =>
  z
    .unknown()
    .optional()
    .transform((value, ctx) => {
      const text = optionalText(value);
      if (text === undefined) return null;
      if (!/^\d+$/.test(text) || Number(text) < min || Number(text) > max) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return Number(text);
    })
    .meta({ type: ["integer", "string", "null"], description: message });

/** Dollars as typed ("10", "9.99"); empty means none; out comes integer cents. */
const dollars = (message: string) =>
  z
    .unknown()
    .optional()
    .transform((value, ctx) => {
      const text = optionalText(value);
      if (text === undefined) return null;
      if (!/^(\d+(\.\d{0,2})?|\.\d{1,2})$/.test(text) || Number(text) > DISCOUNT_AMOUNT_MAX_DOLLARS || Number(text) <= 0) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return dollarsToCents(Number(text));
    })
    .meta({ type: ["number", "string", "null"], description: `${message} (US dollars)` });

/**
 * A moment in UTC: the form's `datetime-local` value ("2026-12-01T09:00",
 * read as UTC) or an ISO date-time with its offset (the API). Empty means none.
 */
const moment = z
  .unknown()
  .optional()
  .transform((value, ctx) => {
    const text = optionalText(value);
    if (text === undefined) return null;
    const iso = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?$/.test(text) ? `${text}Z` : text;
    const date = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(iso) && new Date(iso);
    if (!date || Number.isNaN(date.getTime())) {
      ctx.addIssue({ code: "custom", message: "Enter a date and time, e.g. 2026-12-01T09:00" });
      return z.NEVER;
    }
    return date;
  })
  .meta({ type: ["string", "null"], description: "UTC date-time, e.g. 2026-12-01T09:00 or 2026-12-01T09:00:00Z" });

/** A checkbox: "on" from a form, true/false from JSON. */
const checkbox = z
  .union([z.boolean(), z.literal("on"), z.literal("true"), z.literal("false")])
  .optional()
  .transform((value) => value === true || value === "on" || value === "true");

/**
 * The form's fields and their rules: what the page validates with (conform
 * reads its constraints; it cannot read through the reshaping below).
 */
export const discountFormSchema = z
  .object({
    code: discountCodeSchema,
    kind: z.enum(["percent", "amount"], { error: "Choose percent off or amount off" }),
    percentOff: wholeNumber(1, 100, "Enter a whole percent from 1 to 100"),
    amountOff: dollars("Enter an amount above 0 with at most two decimals, e.g. 5.00"),
    minSubtotal: dollars("Enter a minimum above 0 with at most two decimals, or leave it empty"),
    startsAt: moment,
    endsAt: moment,
    maxUses: wholeNumber(1, DISCOUNT_USES_MAX, `Enter a whole number of uses from 1 to ${DISCOUNT_USES_MAX}, or leave it empty`),
    oncePerCustomer: checkbox,
  })
  .superRefine((input, ctx) => {
    if (input.kind === "percent" && input.percentOff === null)
      ctx.addIssue({ code: "custom", path: ["percentOff"], message: "Enter a whole percent from 1 to 100" });
    if (input.kind === "amount" && input.amountOff === null)
      ctx.addIssue({ code: "custom", path: ["amountOff"], message: "Enter the amount off, e.g. 5.00" });
    if (input.startsAt && input.endsAt && input.endsAt <= input.startsAt)
      ctx.addIssue({ code: "custom", path: ["endsAt"], message: "The end must come after the start" });
  });

/** The one input schema of create and edit, for the action and the API: the form's, with only the chosen kind's amount kept. */
export const discountInputSchema = discountFormSchema.transform(({ kind, percentOff, amountOff, minSubtotal, ...rest }) => ({
  ...rest,
  percentOff: kind === "percent" ? percentOff : null,
  amountOffCents: kind === "amount" ? amountOff : null,
  minSubtotalCents: minSubtotal,
}));

export type DiscountInput = z.output<typeof discountInputSchema>;

/** "10% off" or "$5.00 off" (the admin's list and the cart's line). */
export function describeDiscount(rule: { percentOff: number | null; amountOffCents: number | null }): string {
  return rule.percentOff !== null ? `${rule.percentOff}% off` : `${formatPrice(rule.amountOffCents ?? 0)} off`;
}

/** The cart's discount form: apply a code, or remove the applied one. */
export const cartDiscountSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("apply-discount"), code: discountCodeSchema }),
  z.object({ intent: z.literal("remove-discount") }),
]);
export const CART_DISCOUNT_INTENTS = ["apply-discount", "remove-discount"] as const;
