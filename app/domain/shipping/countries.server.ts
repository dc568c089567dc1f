// The countries a buyer may choose at checkout: those of the shop's zones
// (its only destinations), or every country when it has none (it charges
// nothing for delivery then, wherever it goes). Names from Intl (Node's ICU).
import { countryName } from "./ship-to";
import { listZones } from "./zones.server";

// Two-letter codes Intl names that are not countries.
const NOT_COUNTRIES = new Set(["EU", "EZ", "UN", "QO", "XA", "XB", "ZZ", "AA", "QM", "QN", "XK"]);

let everyCountry: { code: string; name: string }[] | undefined;
function allCountries() {
  if (!everyCountry) {
    const codes: string[] = [];
    for (let a = 65; a <= 90; a++) for (let b = 65; b <= 90; b++) codes.push(String.fromCharCode(a, b));
    everyCountry = codes
      .filter((code) => !NOT_COUNTRIES.has(code) && countryName(code) !== code)
      .map((code) => ({ code, name: countryName(code) }));
  }
  return everyCountry;
}

/** The countries checkout offers, by name. */
export async function shippingCountries(): Promise<{ code: string; name: string }[]> {
  const zones = await listZones();
  const list = zones.length
    ? [...new Set(zones.flatMap((zone) => zone.countries))].map((code) => ({ code, name: countryName(code) }))
    : allCountries();
  return [...list].sort((a, b) => a.name.localeCompare(b.name));
}
