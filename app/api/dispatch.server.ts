// The one entry point of /api/v1 (app/routes/api.v1.$.ts is its loader and
// action). For every request, in this order:
//   1. match the path against the contract (none: JSON 404, whatever the method);
//   2. CORS: answer preflights (204 for CORS_ORIGINS, else 403), and add the
//      headers to every answer for an allowed origin;
//   3. refuse control characters anywhere in the path or query (400);
//   4. 405 with Allow for a method the path does not declare;
//   5. the declared role: 401 without a valid token (or same-site cookie),
//      403 for a user on an admin operation;
//   6. path parameters, query and body parsed with the declared schemas
//      (400 with field errors; 413/415 for the body's size and type);
//   7. the handler; a response it throws passes through, anything else
//      unexpected becomes a JSON 500 without internals (and is logged).
import type { AppLoadContext } from "@remix-run/node";
import { discardBody, readBodyBytes, readForm, readJsonBody } from "~/http/request-input.server";
import { optionalApiUser, requireApiAdmin, requireApiUser } from "~/http/auth.server";
import { guestCheckoutOpen } from "~/domain/checkout/settings.server";
import { env } from "~/utils/env.server";
import { apiError } from "~/http/http.server";
import { formDataToObject, parseInput, urlInputErrors } from "~/utils/validation";
import { matchPath } from "./paths";
import type { HandlerArgs } from "./handler";
import { handlers } from "./handlers.server";
import { Access, type Operation, type OperationSpec } from "./operation";

/** Unknown /api/v1 paths answer JSON, not the HTML 404 screen, whatever the method. */
const NO_SUCH_ENDPOINT = "No such API endpoint; see /api/v1/openapi.json";
const ANY_METHOD = ["GET", "POST", "PUT", "PATCH", "DELETE"];

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
  // Vary adds to what the handler said (a photo varies by Accept too); other headers replace.
  const apply = (target: Headers) => {
    for (const [name, value] of Object.entries(headers)) {
      if (name === "Vary" && target.has("Vary")) target.set("Vary", `${target.get("Vary")}, ${value}`);
      else target.set(name, value);
    }
  };
  try {
    apply(response.headers);
    return response;
  } catch {
    // Immutable headers (e.g. Response.redirect): copy the response.
    const copy = new Response(response.body, response);
    apply(copy.headers);
    return copy;
  }
}

function methodNotAllowed(allowed: string[]) {
  return apiError(405, `Method not allowed; use ${allowed.join(" or ")}`, {}, { headers: { Allow: allowed.join(", ") } });
}

/** Path parameters or a query string against their schema: the parsed values, or a thrown 400 naming the first problem. */
function parseTextFields(schema: OperationSpec["params"], values: Record<string, string | undefined>) {
  if (!schema) return {};
  const result = schema.safeParse(values);
  if (result.success) return result.data;
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) errors[String(issue.path[0] ?? "path")] ??= issue.message;
  throw apiError(400, result.error.issues[0].message, { errors });
}

/** The query string as an object: the first value of each name. */
function queryObject(url: URL): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [name, value] of url.searchParams) if (!(name in query)) query[name] = value;
  return query;
}

/** The body, read and validated as declared. */
async function readBody(op: Operation, request: Request): Promise<unknown> {
  const spec = op.body;
  if (!spec) return undefined;
  if (spec.type === "raw") return readBodyBytes(request, spec.maxBytes);
  let input: Record<string, unknown> | unknown;
  if (spec.type === "form") {
    const form = await readForm(request);
    if (!form.ok) throw apiError(form.status, form.message, { errors: form.errors });
    input = formDataToObject(form.formData);
  } else {
    input = await readJsonBody(request);
  }
  const parsed = parseInput(spec.schema, input);
  if (!parsed.success) {
    throw apiError(400, parsed.message, { ...(op.legacyErrorField ? { error: parsed.message } : {}), errors: parsed.errors });
  }
  // A form's fields go to the model as sent (it parses them into its own types); JSON as parsed, unless declared `asSent`.
  return spec.type === "form" || (spec.type === "json" && spec.asSent) ? input : parsed.data;
}

/** The caller, or null for a guest: allowed only while the shop's guest checkout is on (else 401, before the body is read). */
async function userOrGuest(request: Request, context: AppLoadContext) {
  const user = await optionalApiUser(request, context);
  if (user || (await guestCheckoutOpen())) return user;
  throw apiError(401, "Please log in: send your token in the Authorization header");
}

async function run(op: Operation, request: Request, context: AppLoadContext, rawParams: Record<string, string>): Promise<Response> {
  const user =
    op.role === Access.Admin
      ? await requireApiAdmin(request, context)
      : op.role === Access.User
        ? await requireApiUser(request, context)
        : op.role === Access.UserOrGuest
          ? await userOrGuest(request, context)
          : null;
  const params = parseTextFields(op.params, rawParams);
  const query = parseTextFields(op.query, queryObject(new URL(request.url)));
  const body = await readBody(op, request);
  const handler = handlers[(op.aliasOf ?? op.id) as keyof typeof handlers] as (
    args: HandlerArgs<OperationSpec>,
  ) => Promise<Response> | Response;
  if (!handler) throw new Error(`API contract: no handler for ${op.id}`);
  return handler({ request, context, user, params, query, body, viaAlias: op.aliasOf !== undefined } as HandlerArgs<OperationSpec>);
}

/**
 * Every /api/v1 request: the loader and action of app/routes/api.v1.$.ts.
 * Remix's params are not used: the path is matched against the contract.
 */
export async function dispatchApi({ request, context }: { request: Request; context: AppLoadContext }): Promise<Response> {
  const url = new URL(request.url);
  const match = matchPath(url.pathname);
  const allowed = match ? Object.keys(match.operations) : ANY_METHOD;
  const cors = corsHeaders(request, allowed);
  const vary = cors ? { ...cors, Vary: "Origin" } : { Vary: "Origin" };
  if (request.method === "OPTIONS") {
    await discardBody(request);
    if (!cors) return apiError(403, "This origin may not call the API from a browser");
    return new Response(null, { status: 204, headers: vary });
  }
  const method = request.method === "HEAD" ? "GET" : request.method.toUpperCase();
  const op: Operation | undefined = match?.operations[method];
  let response: Response;
  try {
    // The one place every /api/v1 path segment and query string is checked: no control characters.
    const urlErrors = urlInputErrors(url, match?.params);
    if (urlErrors) {
      response = apiError(400, Object.values(urlErrors)[0], { errors: urlErrors });
    } else if (!match) {
      response = apiError(404, NO_SUCH_ENDPOINT);
    } else {
      response = op ? await run(op, request, context, match.params) : methodNotAllowed(allowed);
    }
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
  if (op?.refusalsAsOk?.includes(response.status)) {
    response = new Response(response.body, { status: 200, headers: response.headers });
  }
  return withHeaders(response, vary);
}
