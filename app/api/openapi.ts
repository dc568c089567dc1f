// /api/v1/openapi.json, generated from the contract (app/api/contract.ts):
// every operation with its role, parameters, body and answers, the schemas
// converted by zod's own z.toJSONSchema (requests as their input, answers as
// their output). Nothing here is written by hand but the words around it, so
// the description cannot drift from what the dispatcher enforces.
import { z } from "~/utils/zod";
import { TAGS } from "./common";
import { LEGACY_AUTH_ALIASES, OPERATIONS } from "./contract";
import { Access, type Operation, type ResponseSpec } from "./operation";

export { LEGACY_AUTH_ALIASES };

type JsonSchema = Record<string, unknown>;
type Components = Record<string, JsonSchema>;

const COMPONENT_REF = "#/components/schemas/";

/** `#/$defs/X` (zod's references, relative to one schema) → `#/components/schemas/X` (the document's). */
function rewriteRefs(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(rewriteRefs);
  if (value === null || typeof value !== "object") return value;
  const out: JsonSchema = {};
  for (const [key, inner] of Object.entries(value)) {
    out[key] = key === "$ref" && typeof inner === "string" ? inner.replace("#/$defs/", COMPONENT_REF) : rewriteRefs(inner);
  }
  return out;
}

/** A zod schema as an OpenAPI 3.1 schema object; shapes with an `id` go to components and are referenced. */
function jsonSchema(schema: z.ZodType, io: "input" | "output", components: Components): JsonSchema {
  const {
    $schema: _dialect,
    $defs,
    ...rest
  } = z.toJSONSchema(schema, { io, unrepresentable: "any", target: "draft-2020-12" }) as JsonSchema & {
    $defs?: Record<string, JsonSchema>;
  };
  for (const [id, def] of Object.entries($defs ?? {})) components[id] = rewriteRefs(def) as JsonSchema;
  return rewriteRefs(rest) as JsonSchema;
}

/** Path or query parameters from their object schema: one entry per property. */
function parameters(schema: z.ZodType | undefined, where: "path" | "query", components: Components) {
  if (!schema) return [];
  const object = jsonSchema(schema, "input", components) as { properties?: Record<string, JsonSchema>; required?: string[] };
  return Object.entries(object.properties ?? {}).map(([name, property]) => {
    const { description, ...propertySchema } = property;
    return {
      name,
      in: where,
      required: where === "path" || (object.required ?? []).includes(name),
      schema: propertySchema,
      ...(description ? { description } : {}),
    };
  });
}

function requestBody(op: Operation, components: Components) {
  const body = op.body;
  if (!body) return undefined;
  const schema = jsonSchema(body.schema, "input", components);
  const described = body.description ? { description: body.description } : {};
  switch (body.type) {
    case "json":
      return { required: body.required ?? true, ...described, content: { "application/json": { schema } } };
    case "form":
      return {
        required: true,
        ...described,
        content: { "multipart/form-data": { schema }, "application/x-www-form-urlencoded": { schema } },
      };
    case "raw":
      return { required: true, ...described, content: { [body.contentType]: { schema } } };
  }
}

function response(spec: ResponseSpec, components: Components) {
  const headers = spec.headers
    ? Object.fromEntries(
        Object.entries(spec.headers).map(([name, header]) => [
          name,
          { description: header.description, schema: header.schema ?? { type: "string" } },
        ]),
      )
    : undefined;
  return {
    description: spec.description,
    ...(headers ? { headers } : {}),
    ...(spec.schema
      ? { content: { [spec.contentType ?? "application/json"]: { schema: jsonSchema(spec.schema, "output", components) } } }
      : {}),
  };
}

const SECURITY = [{ token: [] }, { bearer: [] }];

function describeOperation(op: Operation, components: Components) {
  const headerParameters = Object.entries(op.headers ?? {}).map(([name, header]) => ({
    name,
    in: "header",
    required: header.required ?? false,
    schema: { type: "string" },
    description: header.description,
  }));
  const params = [...parameters(op.params, "path", components), ...parameters(op.query, "query", components), ...headerParameters];
  const body = requestBody(op, components);
  const who =
    op.role === Access.Admin
      ? "An administrator's token."
      : op.role === Access.User
        ? "A signed-in user's token."
        : op.role === Access.UserOrGuest
          ? "A signed-in user's token, or none when the shop's guest checkout is on (GET /api/v1/settings/checkout): a guest sends `email`."
          : null;
  return {
    operationId: op.id,
    tags: [op.tag],
    summary: op.summary,
    ...(op.description || who ? { description: [who, op.description].filter(Boolean).join(" ") } : {}),
    ...(op.deprecated ? { deprecated: true } : {}),
    ...(op.role === Access.Public ? {} : { security: op.role === Access.UserOrGuest ? [...SECURITY, {}] : SECURITY }),
    "x-role": op.role,
    ...(params.length ? { parameters: params } : {}),
    ...(body ? { requestBody: body } : {}),
    responses: Object.fromEntries(
      Object.entries(op.responses)
        .sort(([a], [b]) => Number(a) - Number(b))
        .map(([status, spec]) => [status, response(spec, components)]),
    ),
  };
}

function generate() {
  const components: Components = {};
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of OPERATIONS) {
    paths[op.path] ??= {};
    paths[op.path][op.method.toLowerCase()] = describeOperation(op, components);
  }
  return {
    openapi: "3.1.0" as const,
    info: {
      title: "Storefront API",
      version: "1.0.0",
      description: [
        "The /api/v1 calls of the storefront.",
        "Errors are always JSON `{ success: false, message }` with a 4xx status (a 500 says only that something went wrong on our side).",
        "Send the token from /user/login in `Authorization`, raw or as `Bearer <token>`; the shop's session cookie is honoured only for same-site calls, so it never authorizes a cross-site write.",
        "`x-role` on each operation names who may call it: `public`, `user` (any signed-in user) or `admin`.",
        "A method a path does not list is answered 405 with an `Allow` header.",
        "Browsers: only the origins in the server's CORS_ORIGINS setting may call the API cross-origin. A preflight (`OPTIONS`) from such an origin gets 204 with `Access-Control-Allow-Origin`, `-Methods` and `-Headers` (Authorization, Content-Type); from any other origin 403. No credentials (cookies) are allowed cross-origin; Retry-After, X-Total-Count, Link and ETag are exposed.",
      ].join(" "),
    },
    servers: [{ url: "/" }],
    tags: TAGS,
    paths,
    components: {
      securitySchemes: {
        token: { type: "apiKey", in: "header", name: "Authorization", description: "The raw token, as the old clients sent it" },
        bearer: { type: "http", scheme: "bearer" },
      },
      schemas: Object.fromEntries(Object.entries(components).sort(([a], [b]) => a.localeCompare(b))),
    },
  };
}

export type OpenApiDocument = ReturnType<typeof generate>;

let cached: OpenApiDocument | undefined;

/** The document (built once per process, from the contract). */
export function openApiDocument(): OpenApiDocument {
  return (cached ??= generate());
}
