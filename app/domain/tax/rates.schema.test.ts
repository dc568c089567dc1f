import { describe, expect, it } from "vitest";
import { taxRateInputSchema } from "./rates.schema";

describe("a tax rate's input", () => {
  it("takes percent with up to three decimals, as thousandths", () => {
    expect(taxRateInputSchema.parse({ country: "us", region: "us-ny", rate: "8.875" })).toEqual({
      country: "US",
      region: "US-NY",
      rate: 8875,
    });
    expect(taxRateInputSchema.parse({ country: "DE", rate: 19 }).rate).toBe(19_000);
    expect(taxRateInputSchema.parse({ country: "HK", rate: "0" }).rate).toBe(0);
  });

  it("refuses a blank rate, null or a boolean rather than reading 0 % or 1 %", () => {
    for (const rate of ["", "  ", null, undefined, true, false]) {
      const parsed = taxRateInputSchema.safeParse({ country: "US", rate });
      expect(parsed.success, JSON.stringify(rate)).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe("Enter the rate in percent, e.g. 8.875");
    }
  });
});
