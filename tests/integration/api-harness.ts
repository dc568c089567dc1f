// Helpers to call routes directly (no HTTP server). The /api/v1 paths come
// from the contract (app/api/contract.ts), all served by the one splat route
// app/routes/api.v1.$.ts, so a new endpoint is covered automatically. Every
// /api/v1 answer a test receives through callRoute or dispatch is checked
// against the schema its operation declares for that status.
import fs from "node:fs";
import path from "node:path";
import { OPERATIONS } from "~/api/contract";
import { findOperation, matchPath } from "~/api/paths";
import { apiErrorSchema } from "~/api/shapes";

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

/** The one route module that serves every /api/v1 path (app/api/dispatch.server.ts behind it). */
export const API_ROUTE_FILE = "api.v1.$.ts";

/** Every /api/v1 path the contract declares, served by the one splat route. */
export function apiRoutes(): ApiRoute[] {
  const paths = [...new Set(OPERATIONS.map((op) => op.path))];
  return paths.map((apiPath) => ({
    file: API_ROUTE_FILE,
    path: apiPath,
    params: [...apiPath.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]),
  }));
}

/** The methods the contract declares for an /api/v1 path (`{name}` form), in upper case. */
export function declaredMethods(apiPath: string): string[] {
  return OPERATIONS.filter((op) => op.path === apiPath).map((op) => op.method);
}

/** Every route: the screens' modules, the /api/v1 splat (as `/api/v1/*`), and each /api/v1 path of the contract. */
export function allRoutes(): ApiRoute[] {
  const files = fs.readdirSync(routesDir, { withFileTypes: true }).flatMap((entry) => {
    // A folder route (`cart/route.tsx`, its helpers beside it) has the folder's path.
    if (entry.isDirectory()) {
      const module = ["route.tsx", "route.ts"].find((file) => fs.existsSync(path.join(routesDir, entry.name, file)));
      return module ? [{ file: `${entry.name}/${module}`, ...routePath(entry.name) }] : [];
    }
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [{ file: entry.name, ...routePath(entry.name) }] : [];
  });
  return [...files, ...apiRoutes()];
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
  let response: Response;
  try {
    const answer: unknown = await handler({ request, params, context: {} });
    // A loader's plain data (plainData) is what Remix sends as JSON with a 200.
    response = answer instanceof Response ? answer : Response.json(answer);
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    response = thrown;
  }
  if (file === API_ROUTE_FILE) await checkAgainstContract(request, response);
  return response;
}

/**
 * The answer to an /api/v1 request against the contract: its status must be
 * one the operation declares, and its body must parse with the schema
 * declared for that status. Answers of no operation (an unknown path, a
 * method the path does not declare, a refused preflight, a control character
 * in the URL) must be the error shape. 5xx are left to the tests that look
 * for them. Throws, naming the operation and the first problem.
 */
export async function checkAgainstContract(request: Request, response: Response): Promise<void> {
  const { pathname } = new URL(request.url);
  const status = response.status;
  if (status >= 500) return;
  const method = request.method.toUpperCase();
  const op = method === "OPTIONS" ? null : findOperation(method, pathname);
  const where = `${method} ${op?.path ?? pathname} → ${status}`;
  let schema;
  if (op) {
    const declared = op.responses[status];
    if (!declared)
      throw new Error(`${where}: the contract declares no ${status} for ${op.id} (declared: ${Object.keys(op.responses).join(", ")})`);
    if (!declared.schema || method === "HEAD") return;
    if (declared.contentType && !declared.contentType.includes("json")) {
      const type = response.headers.get("Content-Type") ?? "";
      const [major] = declared.contentType.split("/");
      if (!type.startsWith(`${major}/`)) throw new Error(`${where}: Content-Type ${type}, declared ${declared.contentType}`);
      return;
    }
    schema = declared.schema;
  } else {
    if (method === "OPTIONS" && status === 204) return;
    const known = matchPath(pathname);
    const expected = method === "OPTIONS" ? [403] : known ? [400, 405] : [400, 404];
    if (!expected.includes(status)) throw new Error(`${where}: expected ${expected.join(" or ")} (no operation serves it)`);
    schema = apiErrorSchema;
  }
  const text = await response.clone().text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new Error(`${where}: the body is not JSON: ${text.slice(0, 200)}`);
  }
  const result = schema.safeParse(body);
  if (!result.success) {
    const issues = result.error.issues.slice(0, 3).map((issue) => `${issue.path.join(".") || "(body)"}: ${issue.message}`);
    throw new Error(`${where}: the body does not match the declared schema: ${issues.join("; ")}; body ${text.slice(0, 300)}`);
  }
}

/**
 * Send a whole request as Remix would route it: every /api/v1 path goes to
 * the one splat route, which matches it against the contract (a path no
 * operation declares answers 404). So a test can call `/api/v1/auth/login`
 * the way a client does and learn whether anything serves it.
 */
export async function dispatch(request: Request): Promise<Response> {
  const pathname = new URL(request.url).pathname;
  return invoke(API_ROUTE_FILE, request, { "*": pathname.replace(/^\/api\/v1\//, "") });
}
