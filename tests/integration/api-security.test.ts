// The /api/v1 authorization matrix (every operation of the contract ×
// visitor, bad token, user, admin, from the role each one declares) and a
// fuzz run of malformed requests against every endpoint: never a 5xx, never
// a hang, and nothing changed by anyone who may not.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OPERATIONS } from "~/api/contract";
import { Access } from "~/api/operation";
import { db } from "~/utils/db.server";
import { createSession } from "~/domain/accounts/session.server";
import { apiRoutes, callRoute, type ApiRoute } from "./api-harness";

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"];

let userId = "";
let adminId = "";
let userToken = "";
let adminToken = "";

beforeAll(async () => {
  const base = { passwordHash: "x", answerHash: "y", phone: "1", address: "a" };
  const user = await db.user.create({ data: { ...base, name: "Matrix User", email: "matrix-user@test.dev" } });
  const admin = await db.user.create({ data: { ...base, name: "Matrix Admin", email: "matrix-admin@test.dev", role: 1 } });
  userId = user.id;
  adminId = admin.id;
  userToken = await createSession(user.id);
  adminToken = await createSession(admin.id);
});

const route = (path: string) => apiRoutes().find((r) => r.path === path)!;

describe("the contract's roles", () => {
  it("every account, order and admin operation needs a token; the catalog reads, sign-in and Stripe's webhook do not", () => {
    const byRole = (role: string) =>
      OPERATIONS.filter((op) => op.role === role && !op.deprecated)
        .map((op) => `${op.method} ${op.path}`)
        .sort();
    expect(byRole(Access.User)).toEqual(
      [
        "GET /api/v1/user/orders",
        "GET /api/v1/user/user-auth",
        "POST /api/v1/user/claim-orders",
        "POST /api/v1/user/logout",
        "PUT /api/v1/user/profile",
        "POST /api/v1/orders/{orderId}/returns",
        "GET /api/v1/user/returns",
      ].sort(),
    );
    // Checkout: a user, or a guest when the shop's guest checkout is on (off here: visitors get 401 below).
    expect(byRole(Access.UserOrGuest)).toEqual(["POST /api/v1/checkout/quote", "POST /api/v1/product/payments"]);
    expect(byRole(Access.Admin)).toEqual(
      [
        "DELETE /api/v1/category/delete-category/{id}",
        "DELETE /api/v1/product/delete-product/{id}",
        "GET /api/v1/admin/stats",
        "GET /api/v1/user/admin-auth",
        "GET /api/v1/user/all-orders",
        "POST /api/v1/category/create-category",
        "POST /api/v1/order/{orderId}/refund",
        "POST /api/v1/product/create-product",
        "PUT /api/v1/category/update-category/{id}",
        "PUT /api/v1/product/update-product/{id}",
        "PUT /api/v1/product/{id}/variants",
        "PUT /api/v1/user/order-status/{orderId}",
        "GET /api/v1/discount/list",
        "POST /api/v1/discount/create",
        "PUT /api/v1/discount/update/{id}",
        "POST /api/v1/discount/deactivate/{id}",
        "GET /api/v1/shipping/zones",
        "POST /api/v1/shipping/zones",
        "PUT /api/v1/shipping/zones/{id}",
        "DELETE /api/v1/shipping/zones/{id}",
        "GET /api/v1/tax/rates",
        "POST /api/v1/tax/rates",
        "PUT /api/v1/tax/rates/{id}",
        "DELETE /api/v1/tax/rates/{id}",
        "GET /api/v1/tax/settings",
        "PUT /api/v1/tax/settings",
        "GET /api/v1/orders/{orderId}/shipments",
        "POST /api/v1/orders/{orderId}/shipments",
        "PUT /api/v1/shipments/{id}",
        "GET /api/v1/settings/checkout",
        "PUT /api/v1/settings/checkout",
        "GET /api/v1/abandoned-checkouts",
        "GET /api/v1/returns",
        "POST /api/v1/returns/{id}/approve",
        "POST /api/v1/returns/{id}/decline",
        "POST /api/v1/returns/{id}/receive",
        "POST /api/v1/returns/{id}/refund",
      ].sort(),
    );
    // An alias asks exactly what its /api/v1/user twin asks.
    for (const alias of OPERATIONS.filter((op) => op.deprecated)) {
      expect(alias.role, alias.path).toBe(OPERATIONS.find((op) => op.id === alias.aliasOf)!.role);
    }
  });
});

describe("authorization matrix", () => {
  for (const op of OPERATIONS) {
    const { method, role: needs } = op;
    if (needs === Access.Public) continue;
    const target = route(op.path);
    const call = (authorization?: string) =>
      callRoute(target, {
        method,
        headers: { "Content-Type": "application/json", ...(authorization ? { Authorization: authorization } : {}) },
        body: method === "GET" || method === "DELETE" ? null : "{}",
      });

    it(`${method} ${op.path}: a visitor gets 401`, async () => {
      const response = await call();
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ success: false });
    });
    it(`${method} ${op.path}: a bad token gets 401`, async () => {
      expect((await call("not-a-real-token")).status).toBe(401);
      expect((await call("Bearer not-a-real-token")).status).toBe(401);
    });
    // Fresh tokens per test: logout revokes the one it is given.
    it(`${method} ${op.path}: a user ${needs === Access.Admin ? "gets 403" : "gets through"}`, async () => {
      const raw = await call(await createSession(userId));
      const bearer = await call(`Bearer ${await createSession(userId)}`);
      if (needs === Access.Admin) {
        expect(raw.status).toBe(403);
        expect(bearer.status).toBe(403);
      } else {
        expect([401, 403]).not.toContain(raw.status);
        expect([401, 403]).not.toContain(bearer.status);
      }
    });
    it(`${method} ${op.path}: an admin gets through`, async () => {
      const response = await call(await createSession(adminId));
      expect([401, 403]).not.toContain(response.status);
      expect(response.status).toBeLessThan(500);
    });
  }
});

// ---------- fuzz ----------

function mulberry32(seed: number) {
  return () => {
    seed |= 0;
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const NASTY = [
  "",
  " ",
  "0",
  "-1",
  "1e309",
  "NaN",
  "null",
  "undefined",
  "../../etc/passwd",
  "..%2F..%2Fetc%2Fpasswd",
  "' OR 1=1 --",
  '\'; DROP TABLE "User"; --',
  "<script>alert(1)</script>",
  "%",
  "_",
  "\\",
  "(.*)",
  "\u0000",
  "🛒",
  "a".repeat(10_000),
  "clxxxxxxxxxxxxxxxxxxxxxxxxx",
  "00000000-0000-0000-0000-000000000000",
];

function randomValue(rand: () => number, depth = 0): unknown {
  const pick = Math.floor(rand() * 10);
  switch (pick) {
    case 0:
      return NASTY[Math.floor(rand() * NASTY.length)];
    case 1:
      return Math.floor(rand() * 2 ** 40) * (rand() < 0.5 ? -1 : 1);
    case 2:
      return rand() < 0.5;
    case 3:
      return null;
    case 4:
      return depth < 3 ? [randomValue(rand, depth + 1), randomValue(rand, depth + 1)] : [];
    case 5:
      return depth < 3 ? { [NASTY[Math.floor(rand() * NASTY.length)].slice(0, 20)]: randomValue(rand, depth + 1) } : {};
    case 6:
      return 1.23456;
    default:
      return NASTY[Math.floor(rand() * NASTY.length)].slice(0, 50);
  }
}

const FIELDS = [
  "name",
  "email",
  "password",
  "username",
  "phone",
  "address",
  "answer",
  "newPassword",
  "status",
  "checked",
  "radio",
  "products",
  "price",
  "quantity",
  "category",
  "shipping",
  "description",
];

function randomBody(rand: () => number): { body: BodyInit | null; type: string } {
  const kind = Math.floor(rand() * 9);
  switch (kind) {
    case 0:
      return { body: null, type: "application/json" };
    case 1:
      return { body: "{not json", type: "application/json" };
    case 2:
      return { body: JSON.stringify(randomValue(rand)), type: "application/json" };
    case 3:
      return { body: "x".repeat(200_000), type: "application/json" };
    case 4:
      return { body: "name=a&price=abc", type: "application/x-www-form-urlencoded" };
    case 5: {
      const form = new FormData();
      form.set(FIELDS[Math.floor(rand() * FIELDS.length)], String(randomValue(rand)));
      form.set("photo", new Blob(["not an image"], { type: "image/png" }), "evil.png");
      return { body: form, type: "" };
    }
    case 6:
      return { body: "<xml/>", type: "text/xml" };
    default: {
      const obj: Record<string, unknown> = {};
      for (let i = 0; i < 3; i++) obj[FIELDS[Math.floor(rand() * FIELDS.length)]] = randomValue(rand);
      return { body: JSON.stringify(obj), type: "application/json" };
    }
  }
}

async function snapshot() {
  const [users, categories, products, photos, orders, lines] = await Promise.all([
    db.user.findMany({
      orderBy: { id: "asc" },
      select: { id: true, name: true, email: true, phone: true, address: true, role: true, passwordHash: true },
    }),
    db.category.findMany({ orderBy: { id: "asc" } }),
    db.product.findMany({
      orderBy: { id: "asc" },
      select: { id: true, name: true, slug: true, priceCents: true, quantity: true, categoryId: true, shipping: true },
    }),
    db.productPhoto.findMany({ orderBy: { productId: "asc" }, select: { productId: true, etag: true } }),
    db.order.findMany({ orderBy: { id: "asc" }, select: { id: true, status: true, paymentStatus: true } }),
    db.orderLine.findMany({ orderBy: { id: "asc" } }),
  ]);
  return JSON.stringify({ users, categories, products, photos, orders, lines });
}

describe("fuzz", () => {
  const seed = Number(process.env.FUZZ_SEED) || 20261121;
  const perRoute = Number(process.env.FUZZ_PER_ROUTE) || 60;
  let before = "";

  beforeAll(async () => {
    // Some real rows for ids to hit.
    const category = await db.category.create({ data: { name: "Fuzz Cat", slug: "fuzz-cat" } });
    await db.product.create({
      data: { name: "Fuzz Product", slug: "fuzz-product", description: "d", priceCents: 100, quantity: 5, categoryId: category.id },
    });
    before = await snapshot();
  });

  async function fuzzAs(label: string, authorization: string | undefined, routes: ApiRoute[], rand: () => number) {
    let sent = 0;
    for (const route of routes) {
      for (let i = 0; i < perRoute; i++) {
        const method = METHODS[Math.floor(rand() * METHODS.length)];
        const params = Object.fromEntries(route.params.map((name) => [name, String(randomValue(rand) ?? "")]));
        const { body, type } = randomBody(rand);
        const headers: Record<string, string> = {};
        if (type) headers["Content-Type"] = type;
        if (authorization) headers.Authorization = authorization;
        const response = await Promise.race([
          callRoute(route, { method, params, headers, body, query: rand() < 0.3 ? "?size=%00&page=-1" : "" }),
          new Promise<Response>((_, reject) => setTimeout(() => reject(new Error(`hang: ${method} ${route.path}`)), 10_000)),
        ]);
        if (response.status >= 500) {
          throw new Error(
            `${label}: ${method} ${route.path} ${JSON.stringify(params).slice(0, 200)} → ${response.status} ${(await response.text()).slice(0, 200)}`,
          );
        }
        sent++;
      }
    }
    return sent;
  }

  it("visitors and bad tokens: no 5xx, no hang, nothing changed", async () => {
    const rand = mulberry32(seed);
    const routes = apiRoutes().filter((r) => r.path !== "/api/v1/openapi.json");
    const sent = (await fuzzAs("visitor", undefined, routes, rand)) + (await fuzzAs("bad token", "Bearer nope", routes, rand));
    expect(sent).toBeGreaterThan(1000);
    expect(await snapshot()).toBe(before);
  }, 240_000);

  it("a signed-in user: no 5xx, and no catalog, order or other user's data changed", async () => {
    const rand = mulberry32(seed + 1);
    // Logout would revoke the token mid-run and turn the rest into a visitor's run.
    const routes = apiRoutes().filter((r) => !["/api/v1/openapi.json", "/api/v1/user/logout"].includes(r.path));
    const catalogBefore = JSON.parse(before);
    await fuzzAs("user", userToken, routes, rand);
    const after = JSON.parse(await snapshot());
    expect(after.categories).toEqual(catalogBefore.categories);
    expect(after.products).toEqual(catalogBefore.products);
    expect(after.photos).toEqual(catalogBefore.photos);
    expect(after.lines).toEqual(catalogBefore.lines);
    const others = (list: { email: string }[]) => list.filter((u) => u.email !== "matrix-user@test.dev");
    expect(others(after.users)).toEqual(others(catalogBefore.users));
  }, 240_000);

  it("an admin: no 5xx and no hang", async () => {
    const rand = mulberry32(seed + 2);
    const routes = apiRoutes().filter((r) => !["/api/v1/openapi.json", "/api/v1/user/logout"].includes(r.path));
    expect(await fuzzAs("admin", adminToken, routes, rand)).toBeGreaterThan(500);
  }, 240_000);
});

afterAll(async () => {
  await db.session.deleteMany({});
});
