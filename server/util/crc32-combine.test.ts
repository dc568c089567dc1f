import zlib from "node:zlib";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { crc32Combine, crc32ShiftFor } from "./crc32-combine";

describe("crc32Combine", () => {
  it("gives zlib's CRC of the concatenation, for any parts", () => {
    fc.assert(
      fc.property(fc.array(fc.uint8Array({ maxLength: 3000 }), { minLength: 1, maxLength: 6 }), (arrays) => {
        const parts = arrays.map((bytes) => Buffer.from(bytes));
        let crc = 0;
        for (const part of parts) crc = crc32Combine(crc, zlib.crc32(part), crc32ShiftFor(part.length));
        expect(crc).toBe(zlib.crc32(Buffer.concat(parts)));
      }),
    );
  });

  it("handles parts of a megabyte and empty ones", () => {
    const big = Buffer.alloc(1 << 20, 7);
    const small = Buffer.from("nonce-1234");
    const joined = crc32Combine(crc32Combine(zlib.crc32(big), zlib.crc32(small), crc32ShiftFor(small.length)), 0, crc32ShiftFor(0));
    expect(joined).toBe(zlib.crc32(Buffer.concat([big, small])));
  });
});
