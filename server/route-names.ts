// A bounded name for what a request asked for, for the metrics' "route"
// label: the id of the deepest Remix route its path matches (e.g.
// "routes/product.$slug" for every product), "static" for build assets, or
// "unmatched". Never the path itself, which would make one series per product.
import type { ServerBuild } from "@remix-run/node";
import { matchRoutes, type AgnosticRouteObject } from "@remix-run/router";

export function routeNamer(build: ServerBuild): (path: string) => string {
  const routes = Object.values(build.routes);
  const childrenOf = (parentId: string | undefined): AgnosticRouteObject[] =>
    routes
      .filter((route) => route.parentId === parentId)
      .map((route) =>
        route.index
          ? { id: route.id, index: true, path: route.path, caseSensitive: route.caseSensitive }
          : { id: route.id, path: route.path, caseSensitive: route.caseSensitive, children: childrenOf(route.id) },
      );
  const tree = childrenOf(undefined);
  // matchRoutes ranks the whole tree on every call (about 140 µs here, more than a cached page's
  // whole answer), so each path's name is kept: repeated pages pay it once. Bounded: a crawl of
  // distinct URLs empties it rather than growing it.
  const known = new Map<string, string>();
  return (path) => {
    if (path.startsWith(build.publicPath)) return "static";
    let name = known.get(path);
    if (name === undefined) {
      const matches = matchRoutes(tree, path);
      name = matches?.length ? matches[matches.length - 1].route.id! : "unmatched";
      if (known.size >= 10_000) known.clear();
      known.set(path, name);
    }
    return name;
  };
}
