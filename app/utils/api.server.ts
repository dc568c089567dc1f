// Plumbing for /api/v1 resource routes: JSON bodies with size and type
// limits, one error shape, and a guard so nothing a client sends becomes a 500.
import type { AppLoadContext } from "@remix-run/node";
import type { z } from "zod";
import type { RateLimited } from "~/models/user.server";
import { discardBody, readBodyWithin } from "./body.server";
import { env } from "./env.server";
import { apiError } from "./http.server";
import { parseInput, urlInputErrors, type FieldErrors } from "./validation";

export const MAX_JSON_BYTES = 64 * 1024;

/** Read a request body with a byte limit; throws a 413 JSON response past it. */
export async function readBodyBytes(request: Request, limit: number): Promise<Uint8Array> {
  const declared = Number(request.headers.get("Content-Length"));
  if (Number.isFinite(declared) && declared > limit) throw apiError(413, `Request body too large (limit ${limit} bytes)`);
  const bytes = await readBodyWithin(request, limit);
  if (!bytes) throw apiError(413, `Request body too large (limit ${limit} bytes)`);
  return bytes;
}

/** Parse and validate a JSON body: 415 for another content type, 400 for broken JSON or invalid fields. */
export async function readJson<S extends z.ZodType>(request: Request, schema: S): Promise<z.output<S>> {
  const type = request.headers.get("Content-Type") ?? "";
  if (!/^application\/(.+\+)?json\b/i.test(type)) throw apiError(415, "Send the body as JSON (Content-Type: application/json)");
  const bytes = await readBodyBytes(request, MAX_JSON_BYTES);
  let body: unknown;
  try {
    body = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    throw apiError(400, "The request body is not valid JSON");
  }
  const parsed = parseInput(schema, body);
  if (!parsed.success) throw apiError(400, parsed.message, { errors: parsed.errors });
  return parsed.data;
}

function methodNotAllowed(allowed: string[]) {
  return apiError(405, `Method not allowed; use ${allowed.join(" or ")}`, {}, { headers: { Allow: allowed.join(", ") } });
}

/** A refused account attempt: 429 with Retry-After when rate-limited, else `status` (with the field errors, if any). */
export function refusedAttemptJson(result: RateLimited | { message: string; errors?: FieldErrors }, status: number): Response {
  if ("retryAfter" in result) return apiError(429, result.message, {}, { headers: { "Retry-After": String(result.retryAfter) } });
  return apiError(status, result.message, result.errors ? { errors: result.errors } : {});
}

/** Ids are cuids: anything else is answered 400 before touching the database. */
export function isValidId(id: string | undefined): id is string {
  return typeof id === "string" && /^[a-z0-9]{20,40}$/i.test(id);
}

export function requireValidId(id: string | undefined, what = "id"): string {
  if (!isValidId(id)) throw apiError(400, `Malformed ${what}`);
  return id;
}

/**
 * Run an API handler: responses thrown on purpose pass through; anything
 * unexpected becomes a JSON 500 without internals (and is logged).
 */
async function apiHandler(fn: () => Promise<Response>, request: Request): Promise<Response> {
  let response: Response;
  try {
    response = await fn();
  } catch (error) {
    if (error instanceof Response) {
      response = error;
    } else {
      console.error(error);
      response = apiError(500, "Something went wrong on our side; please try again");
    }
  }
  // An answer sent before the body was read (405, 401, a malformed id) reads it first.
  await discardBody(request);
  return response;
}

// ---------- one entry point per /api/v1 route ----------

type ApiMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
export type ApiArgs = { request: Request; params: Record<string, string | undefined>; context: AppLoadContext };
export type ApiMethods = Partial<Record<ApiMethod, (args: ApiArgs) => Promise<Response> | Response>>;

const EXPOSED_HEADERS = "Retry-After, X-Total-Count, Link, ETag";

/** CORS for the origins in CORS_ORIGINS only; tokens travel in headers, so no credentials. */
function corsHeaders(request: Request, allowed: string[]): Record<string, string> | null {
  const origin = request.headers.get("Origin");
  if (!origin) return null;
  const origins = env().CORS_ORIGINS;
  if (!origins.includes(origin) && !origins.includes("*")) return null;
  return {
    "Access-Control-Allow-Origin": origins.includes("*") ? "*" : origin,
    "Access-Control-Allow-Methods": [...allowed, "OPTIONS"].join(", "),
    "Access-Control-Allow-Headers": "Authorization, Content-Type",
    "Access-Control-Expose-Headers": EXPOSED_HEADERS,
    "Access-Control-Max-Age": "600",
  };
}

function withHeaders(response: Response, headers: Record<string, string>): Response {
  try {
    for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
    return response;
  } catch {
    // Immutable headers (e.g. Response.redirect): copy the response.
    const copy = new Response(response.body, response);
    for (const [name, value] of Object.entries(headers)) copy.headers.set(name, value);
    return copy;
  }
}

/**
 * Every /api/v1 route's loader and action: dispatch by method (405 JSON for
 * others, with Allow), answer CORS preflights, add CORS headers for allowed
 * origins, and turn anything unexpected into a JSON 500 without internals.
 *   const methods: ApiMethods = { GET: ({ params }) => ... };
 *   export const loader = (args: LoaderFunctionArgs) => apiRoute(args, methods);
 *   export const action = loader;
 */
export async function apiRoute({ request, params, context }: ApiArgs, methods: ApiMethods): Promise<Response> {
  const allowed = Object.keys(methods);
  const cors = corsHeaders(request, allowed);
  if (request.method === "OPTIONS") {
    await discardBody(request);
    if (!cors) return apiError(403, "This origin may not call the API from a browser");
    return new Response(null, { status: 204, headers: { ...cors, Vary: "Origin" } });
  }
  const method = (request.method === "HEAD" ? "GET" : request.method.toUpperCase()) as ApiMethod;
  const handler = methods[method];
  // The one place every /api/v1 path segment and query string is checked: no control characters.
  const urlErrors = urlInputErrors(new URL(request.url), params);
  const response = await apiHandler(async () => {
    if (urlErrors) return apiError(400, Object.values(urlErrors)[0], { errors: urlErrors });
    return handler ? handler({ request, params, context }) : methodNotAllowed(allowed);
  }, request);
  return withHeaders(response, cors ? { ...cors, Vary: "Origin" } : { Vary: "Origin" });
}
