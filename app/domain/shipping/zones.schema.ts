// The one input of a shipping zone with its methods: the admin's form and
// the API's POST/PUT /api/v1/shipping/zones. Browser-safe: the shapes here;
// that the codes are ISO 3166 ones, and that no other zone claims the same
// place, zones.server.ts checks when saving.
import { z } from "~/utils/zod";
import { priceField } from "~/utils/price-field";

export const MAX_METHODS = 10;

const countryCode = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{2}$/, "A country is its two-letter code, e.g. US")
  .transform((value) => value.toUpperCase());
const regionCode = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{2}-[A-Za-z0-9]{1,3}$/, 'A region is its country and code, e.g. "US-NY"')
  .transform((value) => value.toUpperCase());

const methodSchema = z.object({
  _id: z
    .string()
    .trim()
    .max(40)
    .optional()
    .transform((value) => value || undefined)
    .describe("The method's id when changing a zone: that method is updated in place and keeps its id (absent: matched by name, else new)"),
  name: z.string({ error: "Name the method" }).trim().min(1, "Name the method").max(60),
  price: priceField,
  freeFrom: z
    .unknown()
    .optional()
    .transform((value, ctx): number | undefined => {
      if (value === "" || value === null || value === undefined) return undefined;
      const parsed = priceField.safeParse(value);
      if (parsed.success) return parsed.data;
      ctx.addIssue({ code: "custom", message: parsed.error.issues[0]?.message ?? "Enter an amount in dollars" });
      return z.NEVER;
    })
    .meta({ type: "string", description: "US dollars: free when the goods after discount come to at least this; absent: never free" }),
  estimate: z
    .string()
    .trim()
    .max(60)
    .optional()
    .transform((value) => value || undefined)
    .describe('e.g. "2–4 business days"'),
});

export const zoneInputSchema = z
  .object({
    name: z.string({ error: "Name the zone" }).trim().min(1, "Name the zone").max(60),
    countries: z.array(countryCode, { error: "countries must be a list of codes" }).min(1, "Give at least one country").max(250),
    regions: z.array(regionCode).max(200).optional().default([]),
    methods: z.array(methodSchema, { error: "methods must be a list" }).min(1, "Give at least one method").max(MAX_METHODS),
  })
  .superRefine((zone, ctx) => {
    for (const [i, region] of zone.regions.entries()) {
      if (!zone.countries.includes(region.slice(0, 2))) {
        ctx.addIssue({ code: "custom", path: ["regions"], message: `regions[${i}]: ${region} is not in one of the zone's countries` });
      }
    }
  });
export type ZoneInput = z.output<typeof zoneInputSchema>;
