import { describe, expect, it } from "vitest";
import { pooledRandomBytes } from "./random-pool";

describe("pooledRandomBytes", () => {
  it("hands out fresh bytes of the size asked, never the same twice, across refills", () => {
    const seen = new Set<string>();
    for (let i = 0; i < 2000; i++) {
      const bytes = pooledRandomBytes(16);
      expect(bytes).toHaveLength(16);
      seen.add(bytes.toString("hex"));
    }
    expect(seen.size).toBe(2000);
    expect(pooledRandomBytes(10_000)).toHaveLength(10_000);
  });

  it("gives copies: changing one does not change the next", () => {
    const first = pooledRandomBytes(9);
    first.fill(0);
    expect(pooledRandomBytes(9).equals(Buffer.alloc(9))).toBe(false);
  });
});
