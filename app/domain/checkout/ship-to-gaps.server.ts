// What an address lacks for its country before it can be priced: the region,
// where addresses name one (US, CA, AU) or where the shop's zones or tax
// rates name regions of that country (its delivery or tax then depends on
// it). Asked for, never guessed: a missing state is never a silent zero tax.
import { countryName } from "~/domain/shipping/country-name";
import { regionRequired, regionWord } from "~/domain/shipping/ship-to";
import { zonesNameRegionsOf } from "~/domain/shipping/zones.server";
import { ratesNameRegionsOf } from "~/domain/tax/rates.server";

/** Why the address must name its region (a message asking for it), or null when it need not or does. */
export async function missingRegion(address: { country: string; region?: string | null }): Promise<string | null> {
  if (address.region) return null;
  const word = regionWord(address.country);
  const country = countryName(address.country);
  if (regionRequired(address.country)) return `Choose the ${word}: addresses in ${country} need one`;
  const [zones, rates] = await Promise.all([zonesNameRegionsOf(address.country), ratesNameRegionsOf(address.country)]);
  if (zones || rates) return `Choose the ${word}: ${zones ? "delivery" : "tax"} in ${country} depends on it`;
  return null;
}
