import { describe, expect, it } from "vitest";
import { base32Decode, base32Encode, hotp, matchTotp, otpauthUrl, timeStep, totpAt } from "./totp.server";

// RFC 6238, Appendix B: the seeds are ASCII "1234567890" repeated to each
// hash's key length, the codes 8 digits, T0 = 0, X = 30.
const SEEDS = {
  sha1: Buffer.from("12345678901234567890"),
  sha256: Buffer.from("12345678901234567890123456789012"),
  sha512: Buffer.from("1234567890123456789012345678901234567890123456789012345678901234"),
};
const VECTORS: [number, string, string, string][] = [
  [59, "94287082", "46119246", "90693936"],
  [1111111109, "07081804", "68084774", "25091201"],
  [1111111111, "14050471", "67062674", "99943326"],
  [1234567890, "89005924", "91819424", "93441116"],
  [2000000000, "69279037", "90698825", "38618901"],
  [20000000000, "65353130", "77737706", "47863826"],
];

describe("TOTP (RFC 6238)", () => {
  it.each(VECTORS)("at %i s gives the RFC's codes for SHA-1, SHA-256 and SHA-512", (seconds, sha1, sha256, sha512) => {
    const step = timeStep(seconds * 1000);
    expect(hotp(SEEDS.sha1, step, 8, "sha1")).toBe(sha1);
    expect(hotp(SEEDS.sha256, step, 8, "sha256")).toBe(sha256);
    expect(hotp(SEEDS.sha512, step, 8, "sha512")).toBe(sha512);
  });

  it("HOTP gives RFC 4226's codes (Appendix D)", () => {
    const codes = ["755224", "287082", "359152", "969429", "338314", "254676", "287922", "162583", "399871", "520489"];
    codes.forEach((code, counter) => expect(hotp(SEEDS.sha1, counter)).toBe(code));
  });

  it("base32 round-trips and matches RFC 4648's examples", () => {
    expect(base32Encode(Buffer.from("foobar"))).toBe("MZXW6YTBOI");
    expect(base32Decode("MZXW6YTBOI======").toString()).toBe("foobar");
    expect(base32Decode("mzxw 6ytb oi").toString()).toBe("foobar");
    expect(() => base32Decode("MZ1")).toThrow();
  });

  it("accepts the current step and one either side, nothing further, and only six digits", () => {
    const secret = base32Encode(SEEDS.sha1);
    const now = 1_700_000_000_000;
    const step = timeStep(now);
    expect(matchTotp(secret, totpAt(secret, step), now)).toBe(step);
    expect(matchTotp(secret, totpAt(secret, step - 1), now)).toBe(step - 1);
    expect(matchTotp(secret, totpAt(secret, step + 1), now)).toBe(step + 1);
    expect(matchTotp(secret, totpAt(secret, step - 2), now)).toBeNull();
    expect(matchTotp(secret, "12345", now)).toBeNull();
    expect(matchTotp(secret, `${totpAt(secret, step)}0`, now)).toBeNull();
  });

  it("writes the otpauth:// link authenticator apps read", () => {
    const url = new URL(otpauthUrl("JBSWY3DPEHPK3PXP", "Storefront", "ann@shop.test"));
    expect(url.protocol).toBe("otpauth:");
    expect(url.host).toBe("totp");
    expect(decodeURIComponent(url.pathname)).toBe("/Storefront:ann@shop.test");
    expect(url.searchParams.get("secret")).toBe("JBSWY3DPEHPK3PXP");
    expect(url.searchParams.get("issuer")).toBe("Storefront");
  });
});
