// The vocabulary of the /api/v1 contract (app/api/<area>/operations.ts, merged
// in app/api/contract.ts): one `operation({...})` per /api/v1 method and path.
// A declaration is plain data (schemas and words); the dispatcher
// (app/api/dispatch.server.ts) enforces it, /api/v1/openapi.json is generated
// from it (app/api/openapi.ts), and the tests check every answer against it.
// Nothing here runs a handler or touches the database.
import { z } from "~/utils/zod";
import { MAX_JSON_BYTES } from "./limits";
import { apiErrorSchema } from "./shapes";

/** Who may call an operation: anyone, a signed-in user (token, or same-site cookie), or an administrator. */
/** Who may call: anyone; a signed-in user; a signed-in user, or anyone when the shop's guest checkout is on (the handler decides); an admin. */
export const Access = { Public: "public", User: "user", UserOrGuest: "user-or-guest", Admin: "admin" } as const;
export type Access = (typeof Access)[keyof typeof Access];

export type HttpMethod = "GET" | "POST" | "PUT" | "DELETE";

/** An object schema of text fields: path parameters and query strings are strings until the schema says otherwise. */
export type TextFields = z.ZodType<unknown, Record<string, string | undefined>>;

/**
 * The request body:
 * - `json`: application/json, at most MAX_JSON_BYTES (415 / 413 / 400 otherwise), validated by `schema`;
 * - `form`: multipart/form-data or urlencoded (a photo streams with its own cap), validated by `schema`;
 * - `raw`: the bytes as sent (at most `maxBytes`), for a caller that signs them (Stripe).
 */
export type BodySpec =
  | {
      type: "json";
      schema: z.ZodType;
      required?: boolean;
      description?: string;
      /**
       * The handler gets the body as sent (validated here all the same), for a
       * domain function that parses its input itself with this schema, whose
       * output is not its input (dollars in, cents out), as a form's fields go.
       */
      asSent?: boolean;
    }
  | { type: "form"; schema: z.ZodType; description?: string }
  | { type: "raw"; maxBytes: number; contentType: string; schema: z.ZodType; description?: string };

export type ResponseSpec = {
  description: string;
  /** The body's schema (JSON unless `contentType` says otherwise); none for a body-less answer (304). */
  schema?: z.ZodType;
  contentType?: string;
  headers?: Record<string, { description: string; schema?: Record<string, unknown> }>;
};

export type OperationSpec = {
  /** The OpenAPI operationId, and the key of the handler that serves it. */
  id: string;
  method: HttpMethod;
  /** With `{name}` for each path parameter, as OpenAPI writes it. */
  path: string;
  role: Access;
  tag: string;
  summary: string;
  description?: string;
  params?: TextFields;
  query?: TextFields;
  /** Request headers the operation reads (documentation only). */
  headers?: Record<string, { description: string; required?: boolean }>;
  body?: BodySpec;
  /** The answers besides the ones every operation of its kind can give (see `standardErrors`). */
  responses: Record<number, ResponseSpec>;
  deprecated?: boolean;
  /** A deprecated alias serves the operation with this id (the same handler, the same role). */
  aliasOf?: string;
  /** Validation failures also carry the message as `error` (the old clients toast `error`). */
  legacyErrorField?: boolean;
  /**
   * Refusals (these statuses) answered 200 with the same `{ success: false, message }` body, as
   * the old server did: the old client's axios throws on any 4xx and never shows the message.
   */
  refusalsAsOk?: readonly number[];
};

export type Operation<S extends OperationSpec = OperationSpec> = S & { responses: Record<number, ResponseSpec> };

/** An error answer: the `{ success: false, message }` shape. */
export const errorResponse = (description: string): ResponseSpec => ({ description, schema: apiErrorSchema });
const error = errorResponse;

/**
 * The errors the dispatcher itself answers, so no declaration has to repeat
 * them: 400 (a control character in the URL, malformed parameters, an invalid
 * body), 401/403 (the role), 413/415 (the body).
 */
export function standardErrors(spec: Pick<OperationSpec, "role" | "body">): Record<number, ResponseSpec> {
  const errors: Record<number, ResponseSpec> = {
    400: error(
      "Invalid input: a control character in the address, malformed path or query parameters, or an invalid body (`errors` names the fields)",
    ),
  };
  if (spec.role !== Access.Public) errors[401] = error("Missing, invalid, expired or revoked token (or a cross-site cookie)");
  if (spec.role === Access.Admin) errors[403] = error("Not an administrator");
  if (spec.body?.type === "json") {
    errors[413] = error(`Body too large (at most ${MAX_JSON_BYTES} bytes of JSON)`);
    errors[415] = error("Not application/json");
  } else if (spec.body?.type === "form") {
    errors[413] = error("The photo or the form is too large");
    errors[415] = error("Not multipart/form-data or application/x-www-form-urlencoded");
  } else if (spec.body?.type === "raw") {
    errors[413] = error(`Body over ${spec.body.maxBytes / 1024} KB`);
  }
  return errors;
}

/** One /api/v1 operation: the declaration plus the errors its kind always may answer (declared ones win). */
export function operation<const S extends OperationSpec>(spec: S): Operation<S> {
  return { ...spec, responses: { ...standardErrors(spec), ...spec.responses } };
}

/**
 * A deprecated alias at another path: the same operation (handler, role, schemas), marked deprecated.
 * With `refusalsAsOk`, those refusals are answered 200 (declared as a 200 that may be the error shape).
 */
export function deprecatedAlias<S extends OperationSpec>(
  target: Operation<S>,
  path: string,
  why: string,
  refusalsAsOk: readonly number[] = [],
): Operation<S> {
  const responses = { ...target.responses };
  if (refusalsAsOk.length) {
    const refusals = refusalsAsOk.map((status) => `${status}: ${responses[status]?.description ?? "refused"}`).join("; ");
    for (const status of refusalsAsOk) delete responses[status];
    // The success answer keeps its own status (201 stays 201); a refusal comes as 200.
    const success = responses[200];
    responses[200] = success?.schema
      ? { ...success, description: `${success.description}, or a refusal (${refusals})`, schema: z.union([success.schema, apiErrorSchema]) }
      : error(`Refused, answered with 200 as the old server did (${refusals})`);
  }
  return {
    ...target,
    id: `${target.id}Deprecated`,
    path,
    summary: `Deprecated alias of ${target.path}, ${why}: ${target.summary}`,
    deprecated: true,
    aliasOf: target.id,
    responses,
    ...(refusalsAsOk.length ? { refusalsAsOk } : {}),
  };
}

/** A JSON answer described by `schema`. */
export function reply(description: string, schema: z.ZodType, headers?: ResponseSpec["headers"]): ResponseSpec {
  return { description, schema, ...(headers ? { headers } : {}) };
}
