import { describe, expect, it } from "vitest";
import { checkZoneForm, methodField, methodRowsFor, zoneFromForm, zoneToForm } from "./zone-form";
import { zoneInputSchema } from "./zones.schema";

const benelux = {
  name: " Benelux ",
  countries: "be, NL",
  regions: "",
  [methodField(1, "Name")]: "Standard",
  [methodField(1, "Price")]: "4.95",
  [methodField(1, "FreeFrom")]: "50",
  [methodField(1, "Estimate")]: "2–4 business days",
  [methodField(2, "Name")]: "",
  [methodField(3, "Name")]: "Express",
  [methodField(3, "Price")]: "12",
};

describe("the shipping zone form", () => {
  it("reads codes split by commas or spaces and leaves blank method rows out", () => {
    expect(zoneFromForm({ name: "A", countries: " US,ca;  MX ", regions: "us-ny US-NJ" })).toEqual({
      name: "A",
      countries: ["US", "ca", "MX"],
      regions: ["us-ny", "US-NJ"],
      methods: [],
    });
    const checked = checkZoneForm(benelux);
    expect(checked.ok).toBe(true);
    // The input as createZone takes it (dollars as typed: it parses them once, to cents).
    expect(checked.ok && checked.input).toEqual(zoneFromForm(benelux));
    expect(checked.ok && zoneInputSchema.parse(checked.input)).toEqual({
      name: "Benelux",
      countries: ["BE", "NL"],
      regions: [],
      methods: [
        { name: "Standard", price: 495, freeFrom: 5000, estimate: "2–4 business days" },
        { name: "Express", price: 1200, freeFrom: undefined, estimate: undefined },
      ],
    });
  });

  it("names the form's own field in a refusal: the row as typed, the code at fault", () => {
    const checked = checkZoneForm({
      ...benelux,
      countries: "BE, NLD",
      regions: "FR-75",
      [methodField(3, "Price")]: "12.345",
      [methodField(4, "Estimate")]: "next day",
    });
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.errors.countries).toBe("NLD: A country is its two-letter code, e.g. US");
    expect(checked.errors.method3Price).toMatch(/at most two decimals/);
    expect(checked.errors.method4Name).toBe("Name the method");
    expect(checked.errors.method4Price).toBe("Enter a price");
    expect(checkZoneForm({ ...benelux, regions: "FR-75" })).toEqual({
      ok: false,
      errors: { regions: "FR-75 is not in one of the zone's countries" },
    });
    expect(checkZoneForm({ name: "", countries: "" })).toEqual({
      ok: false,
      errors: { name: "Name the zone", countries: "Give at least one country", methods: "Give at least one method" },
    });
    expect(checkZoneForm({ ...benelux, name: "a\u0000b" })).toEqual({ ok: false, errors: { name: expect.stringMatching(/control/) } });
  });

  it("shows a stored zone in dollars, with a row for each method", () => {
    const values = zoneToForm({
      name: "Benelux",
      countries: ["BE", "NL"],
      regions: [],
      methods: [{ name: "Standard", priceCents: 495, freeFromCents: 5000, estimate: null }],
    });
    expect(values).toEqual({
      name: "Benelux",
      countries: "BE, NL",
      regions: "",
      method1Name: "Standard",
      method1Price: "4.95",
      method1FreeFrom: "50.00",
      method1Estimate: "",
    });
    expect(checkZoneForm(values).ok).toBe(true);
    expect([methodRowsFor(1), methodRowsFor(7), methodRowsFor(50)]).toEqual([5, 7, 10]);
  });
});
