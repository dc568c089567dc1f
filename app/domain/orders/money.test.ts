import { describe, expect, it } from "vitest";
import { taxFor } from "~/domain/tax/tax";
import { allocate, chargeOrder, refundParts, shippingCharge, unitsShare } from "./money";

/** A repeatable random whole number below `n` (a linear congruential generator), so a failure can be run again. */
function seeded(seed: number) {
  return (n: number) => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed % n;
  };
}

describe("allocate", () => {
  it("splits in proportion, the odd cents to the largest remainders", () => {
    expect(allocate(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(allocate(5000, [6000, 4000])).toEqual([3000, 2000]);
    expect(allocate(1, [1, 2])).toEqual([0, 1]);
    expect(allocate(7, [0, 0])).toEqual([0, 0]);
    expect(allocate(3, [0, 5, 0])).toEqual([0, 3, 0]);
  });

  it("never gives a share to a zero weight and always sums exactly", () => {
    const random = seeded(7);
    for (let round = 0; round < 2000; round++) {
      const weights = Array.from({ length: 1 + random(6) }, () => (random(4) === 0 ? 0 : random(10_000_000)));
      const amount = random(1_000_000);
      const shares = allocate(amount, weights);
      const total = weights.reduce((a, b) => a + b, 0);
      expect(shares.reduce((a, b) => a + b, 0)).toBe(total > 0 ? amount : 0);
      weights.forEach((weight, index) => weight === 0 && expect(shares[index]).toBe(0));
    }
  });
});

describe("chargeOrder", () => {
  it("shares a 50 % code by value: $60 and $40 lines pay $30 and $20", () => {
    const charges = chargeOrder({
      lines: [
        { unitPriceCents: 6000, quantity: 1 },
        { unitPriceCents: 4000, quantity: 1 },
      ],
      discountCents: 5000,
      shippingCents: 0,
      taxCents: 0,
      taxIncluded: false,
      taxShipping: false,
    });
    expect(charges.lines.map((line) => line.totalCents)).toEqual([3000, 2000]);
    expect(charges.totalCents).toBe(5000);
  });

  it("puts New York's 8.875 % on the line: $100 pays $108.88", () => {
    const tax = taxFor(
      { goodsCents: 10000, discountCents: 0, shippingCents: 0 },
      { rateMilli: 8875, pricesIncludeTax: false, taxShipping: false },
    );
    const charges = chargeOrder({
      lines: [{ unitPriceCents: 10000, quantity: 1 }],
      discountCents: 0,
      shippingCents: 0,
      taxCents: tax.taxCents,
      taxIncluded: false,
      taxShipping: false,
    });
    expect(charges.lines[0]).toEqual({ subtotalCents: 10000, discountCents: 0, taxCents: 888, totalCents: 10888 });
  });

  it("lines and shipping always add up to the total, tax added or included, shipping taxed or not", () => {
    const random = seeded(11);
    for (let round = 0; round < 2000; round++) {
      const lines = Array.from({ length: 1 + random(5) }, () => ({ unitPriceCents: 1 + random(50_000), quantity: 1 + random(7) }));
      const goods = lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);
      const discountCents = random(3) === 0 ? 0 : random(goods + 1);
      const shippingCents = random(2) ? 0 : random(3000);
      const terms = { rateMilli: random(3) ? random(25_000) : 0, pricesIncludeTax: random(2) === 0, taxShipping: random(2) === 0 };
      const { taxCents, included } = taxFor({ goodsCents: goods, discountCents, shippingCents }, terms);
      const charges = chargeOrder({ lines, discountCents, shippingCents, taxCents, taxIncluded: included, taxShipping: terms.taxShipping });
      const paid = charges.lines.reduce((sum, line) => sum + line.totalCents, 0) + shippingCharge(charges);
      expect(paid).toBe(charges.totalCents);
      expect(charges.lines.reduce((sum, line) => sum + line.taxCents, 0) + charges.shippingTaxCents).toBe(taxCents);
      expect(charges.lines.reduce((sum, line) => sum + line.discountCents, 0)).toBe(discountCents);
      for (const line of charges.lines) expect(line.totalCents).toBeGreaterThanOrEqual(0);
      if (!terms.taxShipping) expect(charges.shippingTaxCents).toBe(0);
    }
  });
});

describe("refundParts", () => {
  it("units share evenly, the last unit takes the remainder, and all units give back the line", () => {
    expect(unitsShare(1000, 3, 0, 1)).toBe(333);
    expect(unitsShare(1000, 3, 1, 1)).toBe(333);
    expect(unitsShare(1000, 3, 2, 1)).toBe(334);
    expect(unitsShare(1000, 3, 0, 3)).toBe(1000);
    const line = { quantity: 3, subtotalCents: 2999, discountCents: 1000, taxCents: 177 };
    const parts = [refundParts(line, 0, 2, false), refundParts(line, 2, 1, false)];
    expect(parts.reduce((sum, part) => sum + part.amountCents, 0)).toBe(2999 - 1000 + 177);
    expect(refundParts(line, 0, 3, true).amountCents).toBe(1999);
  });
});
