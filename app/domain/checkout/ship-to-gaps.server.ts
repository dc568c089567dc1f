// What an address lacks before it can be priced: the region, where the
// shop's zones or tax rates name regions of its country (its delivery or tax
// then depends on it). Asked for, never guessed: a missing state is never a
// silent zero tax. Every typed ship-to (the page, the API's shipTo, the one
// remembered) already names one where addresses do (US, CA, AU: shipToSchema);
// this also holds for the profile's one address line that old clients
// check out with, which is priced on its country only while nothing there
// depends on the region.
import { countryName } from "~/domain/shipping/country-name";
import { regionWord } from "~/domain/shipping/ship-to";
import { zonesNameRegionsOf } from "~/domain/shipping/zones.server";
import { ratesNameRegionsOf } from "~/domain/tax/rates.server";

/** Why the address must name its region (a message asking for it), or null when it need not or does. */
export async function missingRegion(address: { country: string; region?: string | null }): Promise<string | null> {
  if (address.region) return null;
  const [zones, rates] = await Promise.all([zonesNameRegionsOf(address.country), ratesNameRegionsOf(address.country)]);
  if (!zones && !rates) return null;
  return `Choose the ${regionWord(address.country)}: ${zones ? "delivery" : "tax"} in ${countryName(address.country)} depends on it`;
}
