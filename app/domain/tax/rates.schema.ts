// The inputs of tax rates and the shop's tax settings: the admin's forms and
// the API's /api/v1/tax calls. Browser-safe: the shapes here; that the codes
// are ISO 3166 ones, rates.server.ts checks when saving.
import { z } from "~/utils/zod";

export const taxRateInputSchema = z
  .object({
    country: z
      .string({ error: "Enter the country's two-letter code, e.g. US" })
      .trim()
      .regex(/^[A-Za-z]{2}$/, "Enter the country's two-letter code, e.g. US")
      .transform((value) => value.toUpperCase()),
    region: z
      .string()
      .trim()
      .optional()
      .transform((value) => value?.toUpperCase() || undefined)
      .pipe(
        z
          .string()
          .regex(/^[A-Z]{2}-[A-Z0-9]{1,3}$/, 'A region is its country and code, e.g. "US-NY"')
          .optional(),
      ),
    rate: z
      .preprocess(
        // Blank, null or a boolean is no rate (coerced, they would pass as 0 % or 1 %).
        (value) => (value === null || typeof value === "boolean" || (typeof value === "string" && !value.trim()) ? undefined : value),
        z.coerce
          .number({ error: "Enter the rate in percent, e.g. 8.875" })
          .min(0, "The rate cannot be negative")
          .max(100, "The rate must be at most 100 %")
          .refine((rate) => Number.isInteger(Math.round(rate * 1000 * 1e6) / 1e6), "At most three decimals, e.g. 8.875"),
      )
      .transform((rate) => Math.round(rate * 1000))
      .meta({ type: "number", description: "Percent, at most three decimals: 8.875" }),
    name: z
      .string()
      .trim()
      .max(60)
      .optional()
      .transform((value) => value || undefined),
  })
  .superRefine((rate, ctx) => {
    if (rate.region && rate.region.slice(0, 2) !== rate.country) {
      ctx.addIssue({ code: "custom", path: ["region"], message: `${rate.region} is not a region of ${rate.country}` });
    }
  });
export type TaxRateInput = z.output<typeof taxRateInputSchema>;

const flag = z.union([z.boolean(), z.string()]).transform((value, ctx) => {
  if (typeof value === "boolean") return value;
  if (["1", "true", "yes", "on"].includes(value.toLowerCase())) return true;
  if (["0", "false", "no", "off", ""].includes(value.toLowerCase())) return false;
  ctx.addIssue({ code: "custom", message: "Choose yes or no" });
  return z.NEVER;
});

export const taxSettingsSchema = z.object({
  pricesIncludeTax: flag.describe("true: catalogue prices include tax (Europe); false: tax is added at checkout (United States)"),
  taxShipping: flag.describe("Whether shipping is taxed"),
});
export type TaxSettingsInput = z.output<typeof taxSettingsSchema>;
