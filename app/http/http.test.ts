import { describe, expect, it } from "vitest";
import { isCrossSite, safeRedirect } from "./http.server";

describe("safeRedirect", () => {
  it("accepts same-site paths only", () => {
    expect(safeRedirect("/dashboard/user?tab=1")).toBe("/dashboard/user?tab=1");
    expect(safeRedirect("https://evil.example/")).toBe("/");
    expect(safeRedirect("//evil.example")).toBe("/");
    expect(safeRedirect("/\\evil.example")).toBe("/");
    expect(safeRedirect(null)).toBe("/");
  });
});

describe("isCrossSite", () => {
  const post = (headers: Record<string, string>) => new Request("http://shop.test/cart", { method: "POST", headers });
  it("refuses a POST from another origin", () => {
    expect(isCrossSite(post({ Origin: "http://evil.test" }))).toBe(true);
    expect(isCrossSite(post({ "Sec-Fetch-Site": "cross-site" }))).toBe(true);
    expect(isCrossSite(post({ Origin: "null" }))).toBe(true);
  });
  it("accepts same-origin posts and non-browser clients", () => {
    expect(isCrossSite(post({ Origin: "http://shop.test" }))).toBe(false);
    expect(isCrossSite(post({}))).toBe(false);
    expect(isCrossSite(new Request("http://shop.test/", { headers: { Origin: "http://evil.test" } }))).toBe(false);
  });
});
