// Where an order goes: one schema for the checkout form, its action and the
// API's `shipTo`, browser-safe. The postal code is checked against the
// country's shape where one is well known (postcode-validator's table: US
// ZIP, DE five digits, GB, CA, ...); a country without one takes any code.
// The region is the state, province or county's code ("NY"): with the
// country it names a tax region ("US-NY").
import { postcodeValidator, postcodeValidatorExistsForCountry } from "postcode-validator";
import { z } from "~/utils/zod";
import { countryName } from "./country-name";

export { countryName };

const text = (label: string, max: number) =>
  z
    .string({ error: `Enter the ${label}` })
    .trim()
    .min(1, `Enter the ${label}`)
    .max(max, `The ${label} must be at most ${max} characters`);
const optionalText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `The ${label} must be at most ${max} characters`)
    .optional()
    .transform((value) => value || undefined);

/** Countries where a region (state) must be given: their tax and delivery differ by it. */
const REGION_REQUIRED = new Set(["US", "CA", "AU"]);

export const shipToSchema = z
  .object({
    name: text("name", 100),
    line1: text("address", 200),
    line2: optionalText("second address line", 200),
    city: text("city", 100),
    region: z
      .string()
      .trim()
      .max(3, "Enter the state or region's code, e.g. NY")
      .regex(/^[A-Za-z0-9]*$/, "Enter the state or region's code, e.g. NY")
      .optional()
      .transform((value) => value?.toUpperCase() || undefined),
    postalCode: text("postal code", 12),
    country: z
      .string({ error: "Choose a country" })
      .trim()
      .regex(/^[A-Za-z]{2}$/, "Choose a country")
      .transform((value) => value.toUpperCase()),
    phone: text("phone", 30),
  })
  .superRefine((shipTo, ctx) => {
    if (REGION_REQUIRED.has(shipTo.country) && !shipTo.region) {
      ctx.addIssue({ code: "custom", path: ["region"], message: "Enter the state's code, e.g. NY" });
    }
    if (postcodeValidatorExistsForCountry(shipTo.country) && !postcodeValidator(shipTo.postalCode, shipTo.country)) {
      ctx.addIssue({ code: "custom", path: ["postalCode"], message: `Enter a postal code of ${countryName(shipTo.country)}` });
    }
  });
export type ShipTo = z.output<typeof shipToSchema>;

/** The tax and delivery region of a ship-to: "US-NY", or null without a region. */
export const regionKey = (shipTo: { country: string; region?: string | null }) =>
  shipTo.region ? `${shipTo.country}-${shipTo.region}` : null;

/** The lines an address is written in, for pages and e-mails. */
export function addressLines(shipTo: Partial<ShipTo> & { country?: string | null }): string[] {
  const cityLine = [shipTo.city, [shipTo.region, shipTo.postalCode].filter(Boolean).join(" ")].filter(Boolean).join(", ");
  return [shipTo.name, shipTo.line1, shipTo.line2, cityLine, shipTo.country ? countryName(shipTo.country) : null, shipTo.phone].filter(
    (line): line is string => Boolean(line),
  );
}
