// Country names from their ISO codes, by Intl (no table of our own; Node and browsers carry them).
const regionNames = new Intl.DisplayNames(["en"], { type: "region", fallback: "none" });

/** A country's English name from its code ("JP": "Japan"); the code itself when unknown. */
export function countryName(code: string): string {
  try {
    return regionNames.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}
