import type { ServerBuild } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { personalPages, routeNamer, sharedPages } from "./route-names";

/** A build of a few routes, as Remix lists them (only what the matcher reads). */
const build = {
  publicPath: "/build/",
  routes: {
    root: { id: "root", path: "", module: {} },
    "routes/_index": { id: "routes/_index", parentId: "root", index: true, module: { handle: { pageCache: "personal" } } },
    "routes/product.$slug": {
      id: "routes/product.$slug",
      parentId: "root",
      path: "product/:slug",
      module: { handle: { pageCache: "personal" } },
    },
    "routes/search_.suggest": {
      id: "routes/search_.suggest",
      parentId: "root",
      path: "search/suggest",
      module: { handle: { pageCache: "shared" } },
    },
    "routes/cart": { id: "routes/cart", parentId: "root", path: "cart", module: {} },
    "routes/dashboard.user": { id: "routes/dashboard.user", parentId: "root", path: "dashboard/user", module: { handle: { other: 1 } } },
  },
} as unknown as ServerBuild;

describe("the routes tell the server about themselves", () => {
  it("names a path by its deepest route", () => {
    const name = routeNamer(build);
    expect(name("/product/red-lamp")).toBe("routes/product.$slug");
    expect(name("/build/entry.js")).toBe("static");
  });

  it("a page is personal-cacheable only when its route's handle says so", () => {
    const personal = personalPages(build);
    expect(personal("/")).toBe(true);
    expect(personal("/product/red-lamp")).toBe(true);
    expect(personal("/cart")).toBe(false);
    expect(personal("/dashboard/user")).toBe(false);
    expect(personal("/no/such/page")).toBe(false);
    expect(personal("/search/suggest")).toBe(false);
  });

  it("an answer is the same for everyone only when its route's handle says so", () => {
    const shared = sharedPages(build);
    expect(shared("/search/suggest")).toBe(true);
    expect(shared("/")).toBe(false);
    expect(shared("/cart")).toBe(false);
  });
});
