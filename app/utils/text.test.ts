import { describe, expect, it } from "vitest";
import { preview, slugify } from "./text";

describe("preview", () => {
  it("keeps the first 30 characters and appends '...'", () => {
    expect(preview("A light 14-inch laptop with an all-day battery")).toBe("A light 14-inch laptop with an...");
    expect(preview(`${"x".repeat(30)}y`)).toBe(`${"x".repeat(30)}...`);
  });
  it("shows a description of 30 characters or fewer whole, without dots", () => {
    expect(preview("Short")).toBe("Short");
    expect(preview("x".repeat(30))).toBe("x".repeat(30));
  });
});

describe("slugify", () => {
  it("makes lower-case ASCII words joined by dashes", () => {
    expect(slugify("Home & Kitchen")).toBe("home-and-kitchen");
    expect(slugify("  Café Crème 20 cm!  ")).toBe("cafe-creme-20-cm");
  });
  it("never returns an empty slug", () => {
    expect(slugify("!!!")).toBe("item");
    expect(slugify("日本")).toBe("item");
  });
});
