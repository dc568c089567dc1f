// CORS on /api/v1: only the origins in CORS_ORIGINS may call the API from a
// browser (preflights from others are refused), answers to them carry the
// CORS headers, and the shop's session cookie never authorizes a cross-site
// write, not even from an allowed origin.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

// Before any app module loads: env() reads the environment once.
const ALLOWED = vi.hoisted(() => {
  const origin = "https://app.partner.test";
  process.env.CORS_ORIGINS = `${origin}, https://other-app.partner.test`;
  return origin;
});

import { db } from "~/utils/db.server";
import { commitSessionCookie } from "~/http/session-cookie.server";
import { createSession, userForToken } from "~/domain/accounts/session.server";
import { apiRoutes, callRoute, declaredMethods, type ApiRoute } from "./api-harness";

const FOREIGN = "https://evil.test";
const SHOP = "http://shop.test"; // the origin callRoute's requests are addressed to
const route = (path: string) => apiRoutes().find((r) => r.path === path)!;
const catchAll: ApiRoute = { file: "api.v1.$.ts", path: "/api/v1/no/such/endpoint", params: [] };

const list = (header: string | null) =>
  (header ?? "")
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean)
    .sort();

let userId = "";
beforeAll(async () => {
  const user = await db.user.create({
    data: { name: "Cors User", email: "cors-user@test.dev", passwordHash: "x", answerHash: "y", phone: "1", address: "1 Main St" },
  });
  userId = user.id;
});

afterAll(() => {
  delete process.env.CORS_ORIGINS;
});

const preflight = (target: ApiRoute, origin?: string, method = "POST") =>
  callRoute(target, {
    method: "OPTIONS",
    headers: {
      ...(origin ? { Origin: origin } : {}),
      "Access-Control-Request-Method": method,
      "Access-Control-Request-Headers": "authorization, content-type",
    },
  });

describe("preflight (OPTIONS)", () => {
  for (const r of apiRoutes()) {
    const methods = declaredMethods(r.path);
    it(`${r.path}: an allowed origin gets 204 with its declared methods (${methods.join(", ")})`, async () => {
      const response = await preflight(r, ALLOWED, methods[0]);
      expect(response.status).toBe(204);
      expect(response.headers.get("Access-Control-Allow-Origin")).toBe(ALLOWED);
      expect(list(response.headers.get("Access-Control-Allow-Methods"))).toEqual([...methods, "OPTIONS"].sort());
      expect(list(response.headers.get("Access-Control-Allow-Headers"))).toEqual(["Authorization", "Content-Type"]);
      expect(response.headers.get("Access-Control-Allow-Credentials")).toBeNull();
      expect(response.headers.get("Vary")).toContain("Origin");
      expect(await response.text()).toBe("");
    });
  }

  it("every origin listed in CORS_ORIGINS is allowed, each answered with itself", async () => {
    const response = await preflight(route("/api/v1/user/login"), "https://other-app.partner.test");
    expect(response.status).toBe(204);
    expect(response.headers.get("Access-Control-Allow-Origin")).toBe("https://other-app.partner.test");
  });

  it("another origin gets 403 JSON and no Access-Control-Allow-Origin", async () => {
    for (const origin of [FOREIGN, "https://app.partner.test.evil.test", "http://app.partner.test", "null"]) {
      const response = await preflight(route("/api/v1/user/login"), origin);
      expect(response.status).toBe(403);
      expect(response.headers.get("Access-Control-Allow-Origin")).toBeNull();
      expect(response.headers.get("Access-Control-Allow-Methods")).toBeNull();
      expect(await response.json()).toMatchObject({ success: false, message: expect.any(String) });
    }
  });

  it("without an Origin it is refused too (no CORS headers)", async () => {
    const response = await preflight(route("/api/v1/category/get-category"), undefined, "GET");
    expect(response.status).toBe(403);
    expect(response.headers.get("Access-Control-Allow-Origin")).toBeNull();
  });

  it("a preflight's body is read away (the connection stays usable)", async () => {
    const request = new Request(`${SHOP}/api/v1/user/login`, { method: "OPTIONS", headers: { Origin: ALLOWED }, body: "x".repeat(1000) });
    const { loader } = await import("~/routes/api.v1.$");
    const response = await loader({ request, params: {}, context: {} });
    expect(response.status).toBe(204);
    expect(request.bodyUsed || request.body?.locked).toBe(true);
  });
});

describe("answers to an allowed origin", () => {
  it("a GET carries Access-Control-Allow-Origin and exposes the paging and caching headers", async () => {
    const response = await callRoute(route("/api/v1/category/get-category"), { headers: { Origin: ALLOWED } });
    expect(response.status).toBe(200);
    expect(response.headers.get("Access-Control-Allow-Origin")).toBe(ALLOWED);
    expect(list(response.headers.get("Access-Control-Expose-Headers"))).toEqual(["ETag", "Link", "Retry-After", "X-Total-Count"]);
    expect(response.headers.get("Vary")).toContain("Origin");
    expect(await response.json()).toMatchObject({ success: true });
  });

  it("errors carry it too, so the page can read them: 405 (with Allow), 404, 401", async () => {
    const refused = await callRoute(route("/api/v1/category/get-category"), { method: "PATCH", headers: { Origin: ALLOWED } });
    expect(refused.status).toBe(405);
    expect(refused.headers.get("Allow")).toBe("GET");
    expect(refused.headers.get("Access-Control-Allow-Origin")).toBe(ALLOWED);

    const missing = await callRoute(catchAll, { headers: { Origin: ALLOWED } });
    expect(missing.status).toBe(404);
    expect(missing.headers.get("Access-Control-Allow-Origin")).toBe(ALLOWED);

    const unauthorized = await callRoute(route("/api/v1/user/orders"), { headers: { Origin: ALLOWED } });
    expect(unauthorized.status).toBe(401);
    expect(unauthorized.headers.get("Access-Control-Allow-Origin")).toBe(ALLOWED);
  });

  it("a write with a token works cross-origin", async () => {
    const token = await createSession(userId);
    const response = await callRoute(route("/api/v1/user/profile"), {
      method: "PUT",
      headers: { Origin: ALLOWED, Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
      body: JSON.stringify({ address: "2 Partner Road" }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("Access-Control-Allow-Origin")).toBe(ALLOWED);
    expect(await db.user.findUnique({ where: { id: userId }, select: { address: true } })).toEqual({ address: "2 Partner Road" });
  });

  it("answers to another origin carry no Access-Control-Allow-Origin, but still Vary: Origin", async () => {
    const response = await callRoute(route("/api/v1/category/get-category"), { headers: { Origin: FOREIGN } });
    expect(response.status).toBe(200);
    expect(response.headers.get("Access-Control-Allow-Origin")).toBeNull();
    expect(response.headers.get("Vary")).toContain("Origin");
  });
});

describe("the session cookie never authorizes a cross-site write", () => {
  const cookieFor = async (token: string) => (await commitSessionCookie(token)).split(";")[0];
  const write = (path: string, method: string, origin: string, cookie: string, body: unknown = {}) =>
    callRoute(route(path), {
      method,
      headers: { Origin: origin, Cookie: cookie, "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });

  for (const origin of [FOREIGN, ALLOWED]) {
    it(`from ${origin}: 401 without Authorization, and nothing changes`, async () => {
      const token = await createSession(userId);
      const cookie = await cookieFor(token);
      const before = await db.user.findUnique({ where: { id: userId }, select: { name: true } });

      const profile = await write("/api/v1/user/profile", "PUT", origin, cookie, { name: "Changed Cross Site" });
      expect(profile.status).toBe(401);
      expect(await profile.json()).toMatchObject({ success: false });
      expect((await write("/api/v1/user/logout", "POST", origin, cookie)).status).toBe(401);
      expect((await write("/api/v1/product/payments", "POST", origin, cookie, { products: [{ _id: "c".repeat(25) }] })).status).toBe(401);

      expect(await db.user.findUnique({ where: { id: userId }, select: { name: true } })).toEqual(before);
      expect(await userForToken(token)).not.toBeNull(); // logout did not revoke it
    });
  }

  it("the same cookie from the shop's own origin does work (the 401 above is about the site)", async () => {
    const token = await createSession(userId);
    const response = await write("/api/v1/user/profile", "PUT", SHOP, await cookieFor(token), { name: "Same Site Name" });
    expect(response.status).toBe(200);
    expect(await db.user.findUnique({ where: { id: userId }, select: { name: true } })).toEqual({ name: "Same Site Name" });
  });
});

describe("the JSON 404 for unknown /api/v1 paths", () => {
  for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE"]) {
    it(`${method} answers 404 JSON`, async () => {
      const response = await callRoute(catchAll, {
        method,
        headers: { "Content-Type": "application/json" },
        body: method === "GET" ? null : "{}",
      });
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ success: false, message: expect.stringContaining("/api/v1/openapi.json") });
    });
  }
});
