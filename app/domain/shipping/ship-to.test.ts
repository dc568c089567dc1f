import { describe, expect, it } from "vitest";
import { shipToSchema } from "./ship-to";

const NEW_YORK = {
  name: "Ada",
  line1: "1 Broadway",
  city: "New York",
  region: "NY",
  postalCode: "10004",
  country: "US",
  phone: "212-555-0100",
};
const problems = (input: Record<string, unknown>) => {
  const parsed = shipToSchema.safeParse(input);
  return parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join("."), issue.message]));
};

describe("a ship-to's region", () => {
  it("is one of the country's ISO 3166-2 subdivisions, given as NY or US-NY in any case, kept as NY", () => {
    for (const region of ["NY", "ny", "US-NY", " us-ny "]) expect(shipToSchema.parse({ ...NEW_YORK, region }).region).toBe("NY");
    expect(shipToSchema.parse({ ...NEW_YORK, country: "ca", region: "ca-on", postalCode: "M5V 2T6", city: "Toronto" })).toMatchObject({
      country: "CA",
      region: "ON",
    });
    expect(shipToSchema.parse({ ...NEW_YORK, country: "DE", region: "", postalCode: "10117", city: "Berlin" }).region).toBeUndefined();
    expect(shipToSchema.parse({ ...NEW_YORK, country: "DE", region: "DE-BE", postalCode: "10117", city: "Berlin" }).region).toBe("BE");
  });

  it("refuses a code that is not one (NYC, XX, AKX), and asks for a US state", () => {
    expect(problems({ ...NEW_YORK, region: "NYC" })).toEqual({ region: "NYC is not a state of United States: choose one from the list" });
    expect(problems({ ...NEW_YORK, region: "XX" }).region).toMatch(/^XX is not a state/);
    expect(problems({ ...NEW_YORK, region: "AKX", postalCode: "99501" }).region).toMatch(/^AKX is not a state/);
    expect(problems({ ...NEW_YORK, region: "" })).toEqual({ region: "Choose the state" });
    expect(problems({ ...NEW_YORK, region: "CA-ON" }).region).toMatch(/not a state/);
  });

  it("refuses a ZIP code of another state, naming both", () => {
    expect(problems({ ...NEW_YORK, region: "NJ" })).toEqual({
      postalCode: "ZIP code 10004 is in New York, not New Jersey: check the ZIP code or the state",
    });
    expect(problems({ ...NEW_YORK, region: "AK", postalCode: "10004" }).postalCode).toMatch(/in New York, not Alaska/);
    expect(problems({ ...NEW_YORK, postalCode: "00012" }).postalCode).toBe("ZIP code 00012 is not a ZIP code of New York");
    expect(problems({ ...NEW_YORK, region: "AK", postalCode: "99501-1234" })).toEqual({});
  });

  it("takes assigned ISO 3166-1 countries only", () => {
    expect(problems({ ...NEW_YORK, country: "ZZ", region: "" })).toEqual({ country: "Choose a country" });
    expect(problems({ ...NEW_YORK, country: "EU", region: "" })).toEqual({ country: "Choose a country" });
  });
});
