import { describe, expect, it } from "vitest";
import { divideRoundHalfUp, formatRate, taxFor } from "./tax";

const added = { pricesIncludeTax: false, taxShipping: false };
const included = { pricesIncludeTax: true, taxShipping: false };

describe("tax", () => {
  it("rounds half up once, in integers", () => {
    expect(divideRoundHalfUp(5, 2)).toBe(3);
    expect(divideRoundHalfUp(4, 2)).toBe(2);
    expect(divideRoundHalfUp(7, 3)).toBe(2);
    expect(divideRoundHalfUp(0, 3)).toBe(0);
  });

  it("adds tax on the goods after discount: New York's 8.875 % of $100 − $10 is $7.99 (7.9875 rounded)", () => {
    expect(taxFor({ goodsCents: 10_000, discountCents: 1_000, shippingCents: 1499 }, { rateMilli: 8875, ...added })).toEqual({
      taxCents: 799,
      included: false,
    });
  });

  it("taxes shipping only when the shop says so", () => {
    const order = { goodsCents: 10_000, discountCents: 0, shippingCents: 1_000 };
    expect(taxFor(order, { rateMilli: 20_000, ...added }).taxCents).toBe(2_000);
    expect(taxFor(order, { rateMilli: 20_000, pricesIncludeTax: false, taxShipping: true }).taxCents).toBe(2_200);
  });

  it("finds the tax inside a gross price: 19 % of $19.99 gross is $3.19", () => {
    expect(taxFor({ goodsCents: 1999, discountCents: 0, shippingCents: 0 }, { rateMilli: 19_000, ...included })).toEqual({
      taxCents: 319,
      included: true,
    });
  });

  it("is nothing without a rate, and never negative when a discount covers the goods", () => {
    expect(taxFor({ goodsCents: 1000, discountCents: 0, shippingCents: 0 }, { rateMilli: 0, ...added }).taxCents).toBe(0);
    expect(taxFor({ goodsCents: 1000, discountCents: 1500, shippingCents: 0 }, { rateMilli: 8875, ...added }).taxCents).toBe(0);
  });

  it("names a rate as people write it", () => {
    expect(formatRate(8875)).toBe("8.875 %");
    expect(formatRate(19_000)).toBe("19 %");
  });
});
