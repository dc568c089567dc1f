// Keeps /api/v1/openapi.json true: the documented paths are exactly the
// route files, every documented operation answers (never 405 or 5xx), and
// every undocumented method is refused with 405.
import { describe, expect, it } from "vitest";
import { OPENAPI_DOCUMENT } from "~/api/openapi";
import { apiRoutes, callRoute } from "./api-harness";

const METHODS = ["get", "post", "put", "patch", "delete"] as const;
const documented = OPENAPI_DOCUMENT.paths as Record<string, Record<string, unknown>>;

describe("the OpenAPI document", () => {
  const routes = apiRoutes();

  it("is OpenAPI 3.1 and is served at /api/v1/openapi.json", async () => {
    expect(OPENAPI_DOCUMENT.openapi).toBe("3.1.0");
    const route = routes.find((r) => r.path === "/api/v1/openapi.json")!;
    const response = await callRoute(route);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ openapi: "3.1.0" });
  });

  it("describes exactly the /api/v1 route files", () => {
    expect(routes.map((r) => r.path).sort()).toEqual(Object.keys(documented).sort());
  });

  for (const route of apiRoutes()) {
    const operations = documented[route.path] ?? {};
    for (const method of METHODS) {
      const isDocumented = method in operations;
      it(`${method.toUpperCase()} ${route.path} ${isDocumented ? "answers" : "is refused with 405"}`, async () => {
        const response = await callRoute(route, {
          method,
          headers: { "Content-Type": "application/json" },
          body: method === "get" ? null : "{}",
        });
        if (isDocumented) {
          expect(response.status).not.toBe(405);
          expect(response.status).toBeLessThan(500);
        } else {
          expect(response.status).toBe(405);
        }
      });
    }
  }
});
