// The countries a buyer may choose at checkout: those of the shop's zones
// (its only destinations), or every ISO 3166-1 country when it has none (it
// charges nothing for delivery then, wherever it goes). Names from Intl
// (Node's ICU), codes from the iso-3166 package.
import { iso31661 } from "iso-3166";
import { countryName } from "./country-name";
import { isCountryCode, subdivisionsOf, type Subdivision } from "~/utils/iso-codes";
import { listZones } from "./zones.server";

let everyCountry: { code: string; name: string }[] | undefined;
const allCountries = () => (everyCountry ??= iso31661.map((entry) => ({ code: entry.alpha2, name: countryName(entry.alpha2) })));

/** The countries checkout offers, by name (a code a zone kept from before the ISO check is left out). */
export async function shippingCountries(): Promise<{ code: string; name: string }[]> {
  const zones = await listZones();
  const list = zones.length
    ? [...new Set(zones.flatMap((zone) => zone.countries))].filter(isCountryCode).map((code) => ({ code, name: countryName(code) }))
    : allCountries();
  return [...list].sort((a, b) => a.name.localeCompare(b.name));
}

/** The regions a buyer chooses from for `country`: its subdivisions, with their own codes ("NY"). */
export function regionChoices(country: string): Subdivision[] {
  return subdivisionsOf(country).map((entry) => ({ code: entry.code.slice(3), name: entry.name }));
}
