// A bounded name for what a request asked for, for the metrics' "route"
// label: the id of the deepest Remix route its path matches (e.g.
// "routes/product.$slug" for every product), "static" for build assets, or
// "unmatched". Never the path itself, which would make one series per product.
import type { ServerBuild } from "@remix-run/node";
import { matchRoutes, type AgnosticRouteObject } from "@remix-run/router";
import type { PageCacheHandle } from "../app/http/page-cache";

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
  // whole answer), so it runs once per path *shape*: each segment that is no route's static
  // segment stands for any value (`/product/red-lamp` and `/product/oak-desk` are both
  // `/product/_`). Ranking looks only at static, dynamic and splat segments, so a shape
  // matches the route its paths match; the shapes are few, whatever a crawl asks for.
  const staticSegments = new Set(
    routes.flatMap((route) => (route.path ?? "").split("/").filter((segment) => segment && !segment.startsWith(":") && segment !== "*")),
  );
  const known = new Map<string, string>();
  return (path) => {
    if (path.startsWith(build.publicPath)) return "static";
    const shape = path
      .split("/")
      .map((segment) => (segment === "" || staticSegments.has(segment) || staticSegments.has(segment.toLowerCase()) ? segment : "_"))
      .join("/");
    let name = known.get(shape);
    if (name === undefined) {
      const matches = matchRoutes(tree, shape);
      name = matches?.length ? matches[matches.length - 1].route.id! : "unmatched";
      // Bounded all the same: odd paths of many static words.
      if (known.size >= 10_000) known.clear();
      known.set(shape, name);
    }
    return name;
  };
}

/** What a route module may say to the server in its `handle`. */
type ServerHandle = PageCacheHandle;

/** Whether a path's route says `handle.pageCache = kind`. */
function pagesOfKind(build: ServerBuild, kind: NonNullable<ServerHandle["pageCache"]>): (path: string) => boolean {
  const routeOf = routeNamer(build);
  const ids = new Set(
    Object.values(build.routes)
      .filter((route) => (route.module.handle as ServerHandle | undefined)?.pageCache === kind)
      .map((route) => route.id),
  );
  return (path) => ids.has(routeOf(path));
}

/**
 * The routes that keep a signed-in visitor's own copy of their page
 * (`export const handle = { pageCache: "personal" }`): the page cache asks
 * this instead of a list of paths, so renaming a route cannot change caching.
 */
export function personalPages(build: ServerBuild): (path: string) => boolean {
  return pagesOfKind(build, "personal");
}

/** The routes whose answer is the same for every visitor (`handle.pageCache = "shared"`), cookies or not. */
export function sharedPages(build: ServerBuild): (path: string) => boolean {
  return pagesOfKind(build, "shared");
}
