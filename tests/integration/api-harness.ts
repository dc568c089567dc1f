// Helpers to call /api/v1 resource routes directly (no HTTP server): the route
// table is read from app/routes, so a new endpoint is covered automatically.
import fs from "node:fs";
import path from "node:path";

export type ApiRoute = { file: string; path: string; params: string[] };

const routesDir = path.resolve(__dirname, "../../app/routes");

/** `api.v1.product.get-product.$slug.ts` → `/api/v1/product/get-product/{slug}`. */
export function routePath(file: string): { path: string; params: string[] } {
  const params: string[] = [];
  const segments = file
    .replace(/\.tsx?$/, "")
    .split(/\.(?![^[]*\])/)
    .filter((segment) => segment !== "_index")
    .map((segment) => segment.replace(/_$/, ""))
    .map((segment) => {
      if (segment.startsWith("$")) {
        // `$slug_` is the param `slug` (the underscore only opts out of the parent layout).
        const name = segment.slice(1).replace(/_$/, "");
        params.push(name || "*");
        return segment === "$" ? "*" : `{${name}}`;
      }
      return segment.replace(/\[(.*?)\]/g, "$1");
    });
  return { path: `/${segments.join("/")}`, params };
}

export function apiRoutes(): ApiRoute[] {
  return fs
    .readdirSync(routesDir)
    .filter((file) => file.startsWith("api.v1.") && /\.tsx?$/.test(file))
    .map((file) => ({ file, ...routePath(file) }))
    .filter((route) => !route.path.endsWith("/*"));
}

/** Every route module (screens and /api/v1 resource routes), splat routes included. */
export function allRoutes(): ApiRoute[] {
  return fs
    .readdirSync(routesDir)
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
    .map((file) => ({ file, ...routePath(file) }));
}

type RouteModule = {
  loader?: (args: { request: Request; params: Record<string, string>; context: object }) => Promise<Response> | Response;
  action?: (args: { request: Request; params: Record<string, string>; context: object }) => Promise<Response> | Response;
};

export async function loadRoute(file: string): Promise<RouteModule> {
  return (await import(/* @vite-ignore */ path.join(routesDir, file))) as RouteModule;
}

/** Call a route the way Remix would: GET/HEAD to the loader, anything else to the action. Thrown responses are returned. */
export async function callRoute(
  route: ApiRoute,
  init: { method?: string; params?: Record<string, string>; headers?: Record<string, string>; body?: BodyInit | null; query?: string } = {},
): Promise<Response> {
  const method = (init.method ?? "GET").toUpperCase();
  const params = init.params ?? {};
  let url = route.path;
  for (const name of route.params) {
    const value = encodeURIComponent(params[name] ?? "x");
    url = name === "*" ? url.replace("*", value) : url.replace(`{${name}}`, value);
  }
  const request = new Request(`http://shop.test${url}${init.query ?? ""}`, {
    method,
    headers: init.headers,
    body: method === "GET" || method === "HEAD" ? undefined : init.body,
    duplex: "half", // Node's fetch needs this for a streamed body
  } as RequestInit);
  return invoke(route.file, request, params);
}

/** Run a route file's loader (GET/HEAD) or action as Remix would; a thrown response is returned. */
async function invoke(file: string, request: Request, params: Record<string, string>): Promise<Response> {
  const mod = await loadRoute(file);
  const handler = request.method === "GET" || request.method === "HEAD" ? mod.loader : mod.action;
  if (!handler) return new Response(null, { status: 405 });
  try {
    return await handler({ request, params, context: {} });
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

/** A route's path pattern against a concrete path: its params, or null. */
function matchPath(pattern: string, pathname: string): Record<string, string> | null {
  const want = pattern.split("/");
  const got = pathname.split("/");
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const param = /^\{(.+)\}$/.exec(want[i]);
    if (param) {
      if (!got[i]) return null;
      params[param[1]] = decodeURIComponent(got[i]);
    } else if (want[i] !== got[i]) {
      return null;
    }
  }
  return params;
}

/**
 * Send a whole request to the /api/v1 route file whose path matches it, as
 * Remix would route it (static segments win over parameters); a path no file
 * serves goes to the api.v1.$ catch-all, which answers 404. So a test can
 * call `/api/v1/auth/login` the way a client does and learn whether any
 * route serves it.
 */
export async function dispatch(request: Request): Promise<Response> {
  const pathname = new URL(request.url).pathname;
  const candidates = apiRoutes()
    .map((route) => ({ route, params: matchPath(route.path, pathname) }))
    .filter((candidate): candidate is { route: ApiRoute; params: Record<string, string> } => candidate.params !== null)
    .sort((a, b) => Object.keys(a.params).length - Object.keys(b.params).length);
  const [best] = candidates;
  const file = best ? best.route.file : "api.v1.$.ts";
  const params = best ? best.params : { "*": pathname.replace(/^\/api\/v1\//, "") };
  return invoke(file, request, params);
}
