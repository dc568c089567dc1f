// patches/ (applied by scripts/postinstall.js) change how @remix-run/router
// matches: a route tree is ranked once per routes array and a pattern compiled
// once; and so that a page's render matches against the same tree every time,
// @remix-run/react makes a build's server routes once and react-router-dom's
// static router converts a routes array once; and the partial manifest a page
// carries for lazy route discovery is made once per route and parent paths; and
// @remix-run/dev marks the empty modules that stand for `.server` modules in the
// browser build as free of side effects. These pin that each patch is in place
// (patches/README.md names the test that fails for each) and that matching and
// rendering still answer exactly as before: by rank, per pattern options, after
// a tree grows, and per request.
import fs from "node:fs";
import { createRequire } from "node:module";
import type { AgnosticRouteObject } from "@remix-run/router";
import { describe, expect, it } from "vitest";

// The CommonJS build, as the server's Node loads it (the patched file).
const require = createRequire(import.meta.url);
const { createMemoryHistory, createRouter, matchPath, matchRoutes } = require("@remix-run/router") as typeof import("@remix-run/router");
const { createStaticHandler, createStaticRouter } = require("react-router-dom/server") as typeof import("react-router-dom/server");
type PartialManifestRouter = {
  routes: AgnosticRouteObject[];
  basename?: string;
  state: { location: { pathname: string }; matches: { route: { id: string } }[] };
};
const { getPartialManifest } = require("@remix-run/react/dist/fog-of-war.js") as {
  getPartialManifest: (manifest: { routes: Record<string, unknown> }, router: PartialManifestRouter) => { routes: Record<string, unknown> };
};

describe("the @remix-run/dev patch", () => {
  it("is applied to the compiler the build runs (its effect: tests/integration/server.test.ts)", () => {
    const source = fs.readFileSync(require.resolve("@remix-run/dev/dist/compiler/plugins/emptyModules.js"), "utf8");
    expect(source).toMatch(/namespace: "empty-module",[\s\S]*?sideEffects: false/);
  });
});

describe("the @remix-run/router patch", () => {
  it("is applied to the copy the server loads", () => {
    const source = fs.readFileSync(require.resolve("@remix-run/router"), "utf8");
    expect(source).toContain("function rankedBranches(routes)");
    expect(source).toContain("const compiledPaths = new Map()");
    expect(source).toContain("let recentMatchesCache = new WeakMap()");
  });

  it("hands out copies of a path's kept matches: what one caller changes, the next does not see", () => {
    const routes: AgnosticRouteObject[] = [{ id: "shop", path: "/", children: [{ id: "product", path: "product/:slug" }] }];
    const first = matchRoutes(routes, "/product/lamp")!;
    expect(first.map((match) => match.route.id)).toEqual(["shop", "product"]);
    // One branch's matches share one params object, as the unpatched router's do.
    expect(first[0].params).toBe(first[1].params);
    (first[1].params as Record<string, string>).slug = "changed";
    first.pop();
    const again = matchRoutes(routes, "/product/lamp")!;
    expect(again.map((match) => match.route.id)).toEqual(["shop", "product"]);
    expect(again[1].params).toEqual({ slug: "lamp" });
    expect(again).not.toBe(first);
    expect(matchRoutes(routes, "/product/vase")?.[1].params).toEqual({ slug: "vase" });
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

describe("the @remix-run/react and react-router-dom patches", () => {
  it("the @remix-run/react patch is applied to its CommonJS and ESM builds", () => {
    for (const file of ["@remix-run/react/dist/server.js", "@remix-run/react/dist/esm/server.js"]) {
      expect(fs.readFileSync(require.resolve(file), "utf8"), file).toContain("serverRoutesByManifest.get(manifest.routes)");
    }
    for (const file of ["@remix-run/react/dist/fog-of-war.js", "@remix-run/react/dist/esm/fog-of-war.js"]) {
      expect(fs.readFileSync(require.resolve(file), "utf8"), file).toContain("const partialManifests =");
    }
  });

  it("the react-router-dom patch is applied to its CommonJS and ESM server builds", () => {
    for (const file of ["react-router-dom/server.js", "react-router-dom/server.mjs"]) {
      expect(fs.readFileSync(require.resolve(file), "utf8"), file).toContain("dataRoutesByRoutes.get(routes)");
    }
  });

  it("render each request's own matches and data against one converted tree", async () => {
    const routes = [
      {
        id: "root",
        path: "/",
        loader: () => "root data",
        children: [
          { id: "index", index: true, loader: () => "home data" },
          { id: "product", path: "product/:slug", loader: ({ params }: { params: { slug?: string } }) => `product ${params.slug}` },
        ],
      },
    ];
    const handler = createStaticHandler(routes);
    const contextFor = async (path: string) => {
      const context = await handler.query(new Request(`http://shop.test${path}`));
      if (context instanceof Response) throw new Error(`${path} answered a Response`);
      return context;
    };
    const lamp = createStaticRouter(routes, await contextFor("/product/lamp"));
    const home = createStaticRouter(routes, await contextFor("/"));
    const vase = createStaticRouter(routes, await contextFor("/product/vase"));
    expect(home.routes).toBe(lamp.routes);
    expect(vase.routes).toBe(lamp.routes);
    expect(lamp.state.matches.map((match) => [match.route.id, match.params.slug])).toEqual([
      ["root", "lamp"],
      ["product", "lamp"],
    ]);
    expect(vase.state.loaderData).toEqual({ root: "root data", product: "product vase" });
    expect(home.state.matches.map((match) => match.route.id)).toEqual(["root", "index"]);
    expect(home.state.location.pathname).toBe("/");
    // The matches point into the converted tree (what <RemixServer> renders from).
    expect(lamp.state.matches[1].route).toBe(lamp.routes[0].children?.[1]);
    // Another tree is converted on its own.
    const other = createStaticRouter([{ id: "solo", path: "/" }], { ...(await contextFor("/")), matches: [] });
    expect(other.routes).not.toBe(lamp.routes);
    expect(other.routes.map((route) => route.id)).toEqual(["solo"]);
  });

  it("give each page the partial manifest of its routes and its parents' routes, made once per kind of page", () => {
    const routes: AgnosticRouteObject[] = [
      {
        id: "root",
        path: "/",
        children: [
          { id: "home", index: true },
          { id: "product", path: "product/:slug" },
          {
            id: "dashboard",
            path: "dashboard",
            children: [
              { id: "dashboard-home", index: true },
              { id: "orders", path: "orders" },
              { id: "order", path: "orders/:id" },
            ],
          },
        ],
      },
    ];
    const manifest = {
      routes: Object.fromEntries(["root", "home", "product", "dashboard", "dashboard-home", "orders", "order"].map((id) => [id, { id }])),
    };
    const routerAt = (pathname: string, basename = "/") => ({
      routes,
      basename,
      state: {
        location: { pathname },
        matches: (matchRoutes(routes, pathname) ?? []).map((match) => ({ route: { id: match.route.id ?? "" } })),
      },
    });
    const lamp = getPartialManifest(manifest, routerAt("/product/lamp"));
    // The page's own routes, and what "/" matches (its parent path): the home route.
    expect(Object.keys(lamp.routes).sort()).toEqual(["home", "product", "root"]);
    // Another product page is the same kind of page: the same manifest, not made again.
    expect(getPartialManifest(manifest, routerAt("/product/vase"))).toBe(lamp);
    const order = getPartialManifest(manifest, routerAt("/dashboard/orders/10001"));
    expect(Object.keys(order.routes).sort()).toEqual(["dashboard", "dashboard-home", "home", "order", "orders", "root"]);
    const orders = getPartialManifest(manifest, routerAt("/dashboard/orders"));
    expect(Object.keys(orders.routes).sort()).toEqual(["dashboard", "dashboard-home", "home", "orders", "root"]);
    expect(orders).not.toBe(order);
    // Another build's manifest is not answered from this one's.
    const rebuilt = { routes: { ...manifest.routes } };
    expect(getPartialManifest(rebuilt, routerAt("/product/lamp"))).not.toBe(lamp);
  });
});
