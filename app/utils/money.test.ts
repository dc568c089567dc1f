import { describe, expect, it } from "vitest";
import { dollarsToCents, formatPrice } from "./money";

describe("formatPrice", () => {
  it("formats integer cents as US dollars", () => {
    expect(formatPrice(123450)).toBe("$1,234.50");
    expect(formatPrice(0)).toBe("$0.00");
    expect(formatPrice(1999)).toBe("$19.99");
  });
});

describe("dollarsToCents", () => {
  it("rounds float dollars to whole cents", () => {
    expect(dollarsToCents(19.99)).toBe(1999);
    expect(dollarsToCents(0.1 + 0.2)).toBe(30);
  });
});
