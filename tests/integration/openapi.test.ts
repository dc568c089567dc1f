// /api/v1/openapi.json is generated from the contract (app/api/contract.ts):
// it lists every operation, deprecated aliases included, with parameters,
// bodies, answers and roles, in the shape of OpenAPI 3.1; every declared
// operation answers (never 405 or 5xx) and every other method is refused
// with 405.
import { describe, expect, it } from "vitest";
import { LEGACY_AUTH_ALIASES, OPERATIONS } from "~/api/contract";
import { openApiDocument } from "~/api/openapi";
import { Access } from "~/api/operation";
import { apiRoutes, callRoute, checkAgainstContract, declaredMethods } from "./api-harness";

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

type Json = Record<string, unknown>;
type DocOperation = {
  operationId: string;
  summary: string;
  tags: string[];
  deprecated?: boolean;
  security?: Json[];
  "x-role": string;
  parameters?: { name: string; in: string; required: boolean; schema: Json }[];
  requestBody?: { required: boolean; content: Record<string, { schema: Json }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: Json }> }>;
};

const doc = openApiDocument();
const paths = doc.paths as Record<string, Record<string, DocOperation>>;

/** Every `$ref` in a value. */
function refs(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((item) => refs(item, found));
  else if (value && typeof value === "object") {
    for (const [key, inner] of Object.entries(value)) {
      if (key === "$ref" && typeof inner === "string") found.push(inner);
      else refs(inner, found);
    }
  }
  return found;
}

describe("the generated OpenAPI document", () => {
  it("is OpenAPI 3.1 with servers, tags and the token's two security schemes, and is served at /api/v1/openapi.json", async () => {
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.info).toMatchObject({ title: expect.any(String), version: expect.any(String) });
    expect(doc.servers).toEqual([{ url: "/" }]);
    expect(doc.components.securitySchemes).toEqual({
      token: { type: "apiKey", in: "header", name: "Authorization", description: expect.any(String) },
      bearer: { type: "http", scheme: "bearer" },
    });
    const tags = new Set(doc.tags.map((tag) => tag.name));
    for (const op of Object.values(paths).flatMap((ops) => Object.values(ops))) expect(tags).toContain(op.tags[0]);

    const route = apiRoutes().find((r) => r.path === "/api/v1/openapi.json")!;
    const response = await callRoute(route);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(JSON.parse(JSON.stringify(doc)));
  });

  it("lists exactly the contract's operations, each once, with a unique operationId", () => {
    const listed = Object.entries(paths).flatMap(([path, ops]) => Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`));
    expect(listed.sort()).toEqual(OPERATIONS.map((op) => `${op.method} ${op.path}`).sort());
    const ids = Object.values(paths).flatMap((ops) => Object.values(ops).map((op) => op.operationId));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("marks the /api/v1/auth aliases deprecated, as copies of their /api/v1/user twins; nothing else is", () => {
    expect(LEGACY_AUTH_ALIASES).toHaveLength(9);
    const refusalsAsOk = new Map(OPERATIONS.filter((op) => op.refusalsAsOk).map((op) => [op.path, op.refusalsAsOk!]));
    // Only the old client's three forms answer their refusals with 200.
    expect([...refusalsAsOk.keys()].sort()).toEqual(["/api/v1/auth/forgot-password", "/api/v1/auth/login", "/api/v1/auth/register"]);
    for (const name of LEGACY_AUTH_ALIASES) {
      const alias = paths[`/api/v1/auth/${name}`];
      const twin = paths[`/api/v1/user/${name}`];
      expect(alias, name).toBeDefined();
      expect(Object.keys(alias)).toEqual(Object.keys(twin));
      for (const [method, op] of Object.entries(alias)) {
        expect(op.deprecated).toBe(true);
        const { operationId: _a, summary: _s, deprecated: _d, responses, ...rest } = op;
        const { operationId: _b, summary: _t, responses: twinResponses, ...twinRest } = twin[method];
        expect(rest).toEqual(twinRest);
        // The same answers, except that each refusal answered 200 is folded into the 200.
        const refused = refusalsAsOk.get(`/api/v1/auth/${name}`) ?? [];
        for (const status of refused) expect(twinResponses[status], `${name} ${status}`).toBeDefined();
        const kept = Object.fromEntries(
          Object.entries(twinResponses).filter(([status]) => !refused.includes(Number(status)) && status !== "200"),
        );
        const { 200: ok, ...others } = responses;
        expect(others).toEqual(kept);
        if (refused.length) expect(JSON.stringify(ok)).toContain("#/components/schemas/Error");
        else if (name === "profile") {
          // The old client's profile call may also be answered 200 with `error` (a refused new password), which it shows.
          expect(JSON.stringify(ok)).toContain(JSON.stringify(twinResponses[200].content?.["application/json"]?.schema));
          expect(JSON.stringify(ok)).toContain('"error"');
        } else expect(ok).toEqual(twinResponses[200]);
      }
    }
    expect(paths["/api/v1/auth/logout"]).toBeUndefined();
    const deprecated = Object.entries(paths)
      .filter(([, ops]) => Object.values(ops).some((op) => op.deprecated))
      .map(([path]) => path);
    expect(deprecated.every((path) => path.startsWith("/api/v1/auth/"))).toBe(true);
  });

  for (const op of OPERATIONS) {
    it(`${op.method} ${op.path}: parameters, body, answers and role as declared`, () => {
      const described = paths[op.path][op.method.toLowerCase()];
      expect(described.summary).toBeTruthy();
      // Path parameters: exactly the {names} of the path, required, with a schema.
      const inPath = [...op.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
      const pathParams = (described.parameters ?? []).filter((p) => p.in === "path");
      expect(pathParams.map((p) => p.name)).toEqual(inPath);
      for (const p of described.parameters ?? []) {
        expect(["path", "query", "header"]).toContain(p.in);
        expect(p.schema, p.name).toBeTypeOf("object");
        if (p.in === "path") expect(p.required).toBe(true);
      }
      // A body when (and only when) one is declared.
      if (op.body) {
        expect(described.requestBody?.required).toBe(true);
        const types = Object.keys(described.requestBody!.content);
        expect(types).toContain(op.body.type === "form" ? "multipart/form-data" : "application/json");
        for (const { schema } of Object.values(described.requestBody!.content)) expect(schema).toBeTypeOf("object");
      } else {
        expect(described.requestBody).toBeUndefined();
      }
      // Answers: a success, the dispatcher's own 400, and the role's 401/403; errors are the Error component.
      const statuses = Object.keys(described.responses).map(Number);
      expect(statuses.some((status) => status >= 200 && status < 300)).toBe(true);
      if (!op.refusalsAsOk?.includes(400)) expect(statuses).toContain(400);
      if (op.role !== Access.Public) expect(statuses).toContain(401); // (login and forgot-password answer 401 to a wrong password)
      expect(statuses.includes(403)).toBe(op.role === Access.Admin);
      for (const [status, answer] of Object.entries(described.responses)) {
        expect(answer.description, status).toBeTruthy();
        if (Number(status) >= 400) expect(answer.content?.["application/json"]?.schema).toEqual({ $ref: "#/components/schemas/Error" });
      }
      // The role: security and x-role.
      expect(described["x-role"]).toBe(op.role);
      if (op.role === Access.Public) expect(described.security).toBeUndefined();
      // A guest may call without one when the shop's guest checkout is on: the empty requirement says "or none".
      else if (op.role === Access.UserOrGuest) expect(described.security).toEqual([{ token: [] }, { bearer: [] }, {}]);
      else expect(described.security).toEqual([{ token: [] }, { bearer: [] }]);
    });
  }

  it("every $ref names a component, and the shared shapes are components", () => {
    const components = doc.components.schemas as Record<string, unknown>;
    for (const name of ["Error", "Category", "Product", "User", "Order"]) expect(components[name], name).toBeTypeOf("object");
    for (const ref of refs(doc)) {
      expect(ref).toMatch(/^#\/components\/schemas\//);
      expect(components[ref.replace("#/components/schemas/", "")], ref).toBeDefined();
    }
  });

  it("describes the request schemas from the domain's own: register, product-filters, create-product", () => {
    const register = paths["/api/v1/user/register"].post.requestBody!.content["application/json"].schema as {
      properties: Json;
      required: string[];
    };
    expect(register.required.sort()).toEqual(["address", "answer", "email", "password", "phone", "username"]);
    const filters = paths["/api/v1/product/product-filters"].post.requestBody!.content["application/json"].schema as { properties: Json };
    expect(Object.keys(filters.properties).sort()).toEqual(["checked", "page", "radio", "sort"]);
    const product = paths["/api/v1/product/create-product"].post.requestBody!.content["multipart/form-data"].schema as {
      properties: Record<string, Json>;
      required: string[];
    };
    expect(product.required.sort()).toEqual(["category", "description", "name", "price", "quantity"]);
    expect(product.properties.photo).toMatchObject({ type: "string", format: "binary" });
    const update = paths["/api/v1/product/update-product/{id}"].put.requestBody!.content["multipart/form-data"].schema as {
      required?: string[];
    };
    expect(update.required ?? []).toEqual([]);
  });
});

describe("the contract against the dispatcher", () => {
  for (const route of apiRoutes()) {
    const declared = declaredMethods(route.path);
    for (const method of METHODS) {
      const isDeclared = declared.includes(method);
      it(`${method} ${route.path} ${isDeclared ? "answers" : "is refused with 405"}`, async () => {
        const response = await callRoute(route, {
          method,
          headers: { "Content-Type": "application/json" },
          body: method === "GET" ? null : "{}",
        });
        if (isDeclared) {
          expect(response.status).not.toBe(405);
          expect(response.status).toBeLessThan(500);
        } else {
          expect(response.status).toBe(405);
          expect(response.headers.get("Allow")).toBe(declared.join(", "));
        }
      });
    }
  }
});

describe("the harness's check of every answer against the contract", () => {
  const at = (path: string, method = "GET") => new Request(`http://shop.test${path}`, { method });

  it("passes a declared answer and refuses an undeclared field, status or shape", async () => {
    const count = at("/api/v1/product/product-count");
    await expect(checkAgainstContract(count, Response.json({ success: true, total: 3 }))).resolves.toBeUndefined();
    await expect(checkAgainstContract(count, Response.json({ success: true, total: 3, cached: true }))).rejects.toThrow(/cached/);
    await expect(checkAgainstContract(count, Response.json({ success: true, total: "3" }))).rejects.toThrow(/total/);
    await expect(checkAgainstContract(count, Response.json({ success: false, message: "x" }, { status: 409 }))).rejects.toThrow(
      /declares no 409/,
    );
    await expect(checkAgainstContract(at("/api/v1/user/orders"), Response.json({ message: "no" }, { status: 401 }))).rejects.toThrow(
      /success/,
    );
  });

  it("holds answers of no operation to the error shape: 404 for unknown paths, 405 for undeclared methods", async () => {
    await expect(
      checkAgainstContract(at("/api/v1/nope"), Response.json({ success: false, message: "No such API endpoint" }, { status: 404 })),
    ).resolves.toBeUndefined();
    await expect(checkAgainstContract(at("/api/v1/nope"), Response.json({ error: "?" }, { status: 404 }))).rejects.toThrow();
    await expect(
      checkAgainstContract(
        at("/api/v1/product/product-count", "DELETE"),
        Response.json({ success: false, message: "use GET" }, { status: 405 }),
      ),
    ).resolves.toBeUndefined();
    await expect(
      checkAgainstContract(at("/api/v1/product/product-count", "DELETE"), Response.json({ success: true }, { status: 200 })),
    ).rejects.toThrow(/expected 400 or 405/);
  });
});
