// patches/ (applied by scripts/postinstall.js) change how @remix-run/router
// matches: a route tree is ranked once per routes array and a pattern compiled
// once. These pin that the patch is in place and that matching still answers
// exactly as before: by rank, per pattern options, and after a tree grows.
import fs from "node:fs";
import { createRequire } from "node:module";
import type { AgnosticRouteObject } from "@remix-run/router";
import { describe, expect, it } from "vitest";

// The CommonJS build, as the server's Node loads it (the patched file).
const require = createRequire(import.meta.url);
const { createMemoryHistory, createRouter, matchPath, matchRoutes } = require("@remix-run/router") as typeof import("@remix-run/router");

describe("the @remix-run/router patch", () => {
  it("is applied to the copy the server loads", () => {
    const source = fs.readFileSync(require.resolve("@remix-run/router"), "utf8");
    expect(source).toContain("function rankedBranches(routes)");
    expect(source).toContain("const compiledPaths = new Map()");
  });

  it("ranks routes the same on every call with the same tree", () => {
    const routes: AgnosticRouteObject[] = [
      { id: "any", path: "*" },
      { id: "product", path: "/product/:slug" },
      { id: "new", path: "/product/new" },
      { id: "home", path: "/", children: [{ id: "index", index: true }] },
    ];
    for (let call = 0; call < 3; call += 1) {
      expect(matchRoutes(routes, "/product/new")?.map((match) => match.route.id)).toEqual(["new"]);
      expect(matchRoutes(routes, "/product/lamp")?.map((match) => match.route.id)).toEqual(["product"]);
      expect(matchRoutes(routes, "/product/lamp")?.[0].params).toEqual({ slug: "lamp" });
      expect(matchRoutes(routes, "/")?.map((match) => match.route.id)).toEqual(["home", "index"]);
      expect(matchRoutes(routes, "/elsewhere/deep")?.map((match) => match.route.id)).toEqual(["any"]);
    }
  });

  it("keeps a pattern's options apart (end, case)", () => {
    expect(matchPath({ path: "/a", end: true }, "/a/b")).toBeNull();
    expect(matchPath({ path: "/a", end: false }, "/a/b")?.pathnameBase).toBe("/a");
    expect(matchPath({ path: "/a", end: true }, "/a/b")).toBeNull();
    expect(matchPath({ path: "/Case", caseSensitive: true }, "/case")).toBeNull();
    expect(matchPath({ path: "/Case", caseSensitive: false }, "/case")).not.toBeNull();
  });

  it("sees routes added to a tree in place after it was ranked", () => {
    const router = createRouter({
      routes: [{ id: "root", path: "/", children: [{ id: "index", index: true }] }],
      history: createMemoryHistory(),
    });
    expect(matchRoutes(router.routes, "/late")).toBeNull();
    router.patchRoutes("root", [{ id: "late", path: "late" }]);
    expect(matchRoutes(router.routes, "/late")?.map((match) => match.route.id)).toEqual(["root", "late"]);
    router.dispose();
  });
});
