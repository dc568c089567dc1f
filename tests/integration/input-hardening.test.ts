// Hostile input never gets a 500: control characters are refused where input
// is parsed, LIKE patterns are literal, slugs cannot race, redirects stay on
// the site, and queries have a time limit.
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createCategory, renameCategory } from "~/domain/catalog/category.server";
import { createProduct, listProductsForAdmin } from "~/domain/catalog/product.server";
import { action as createCategoryApi } from "~/routes/api.v1.$";
import { action as createProductApi } from "~/routes/api.v1.$";
import { loader as getProductApi } from "~/routes/api.v1.$";
import { action as registerAction } from "~/routes/register";
import { action as loginAction, loader as loginLoader } from "~/routes/login";
import { action as ordersPageAction } from "~/routes/dashboard.admin.orders";
import { db } from "~/utils/db.server";
import { safeRedirect } from "~/http/http.server";
import { getToast, redirectWithSuccess } from "~/http/toast.server";
import { commitSessionCookie } from "~/http/session-cookie.server";
import { createSession } from "~/domain/accounts/session.server";

const ORIGIN = "http://shop.test";
const tag = () => randomBytes(4).toString("hex");

async function adminToken() {
  const admin = await db.user.create({
    data: {
      name: "Hard Admin",
      email: `hard-admin-${tag()}@test.dev`,
      passwordHash: "x",
      answerHash: "y",
      phone: "1",
      address: "a",
      role: 1,
    },
  });
  return createSession(admin.id);
}

async function settle(promise: Promise<unknown> | unknown): Promise<Response> {
  try {
    return (await promise) as Response;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

const form = (path: string, fields: Record<string, string>, cookie = "") =>
  new Request(`${ORIGIN}${path}`, {
    method: "POST",
    headers: { Origin: ORIGIN, "Content-Type": "application/x-www-form-urlencoded", ...(cookie ? { Cookie: cookie } : {}) },
    body: new URLSearchParams(fields),
  });

describe("control characters", () => {
  it("a form field with NUL is a 400 field error, not a 500", async () => {
    const response = await settle(
      registerAction({
        request: form("/register", {
          name: "A\u0000",
          email: "nul@test.dev",
          password: "Secret123!",
          phone: "1",
          address: "a",
          answer: "x",
        }),
        params: {},
        context: {},
      }),
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ errors: { name: expect.stringContaining("control characters") } });
    const login = await settle(loginAction({ request: form("/login", { email: "a@b.c", password: "x\u0000" }), params: {}, context: {} }));
    expect(login.status).toBe(400);
  });

  it("a field read without a schema (the admin's order id) is refused the same way", async () => {
    const cookie = (await commitSessionCookie(await adminToken())).split(";")[0];
    const response = await settle(
      ordersPageAction({
        request: form("/dashboard/admin/orders", { orderId: "\u0000", status: "Delivered" }, cookie),
        params: {},
        context: {},
      }),
    );
    expect(response.status).toBeLessThan(500);
  });

  it("JSON bodies, path segments and query strings of the API answer 400", async () => {
    const token = await adminToken();
    const json = await createCategoryApi({
      request: new Request(`${ORIGIN}/api/v1/category/create-category`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Authorization: token },
        body: JSON.stringify({ name: "a\u0000b" }),
      }),
      params: {},
      context: {},
    });
    expect(json.status).toBe(400);
    expect(await json.json()).toMatchObject({ success: false, errors: { name: expect.any(String) } });
    const path = await getProductApi({
      request: new Request(`${ORIGIN}/api/v1/product/get-product/%00`),
      params: { slug: "\u0000" },
      context: {},
    });
    expect(path.status).toBe(400);
    const query = await getProductApi({
      request: new Request(`${ORIGIN}/api/v1/product/get-product/x?a=%00`),
      params: { slug: "x" },
      context: {},
    });
    expect(query.status).toBe(400);
  });
});

describe("LIKE patterns and names", () => {
  it("a category name ending in a backslash, or with % and _, is just a name", async () => {
    for (const name of [`Back ${tag()}\\`, `100% ${tag()}`, `a_b ${tag()}`]) {
      const created = await createCategory({ name });
      expect(created).toMatchObject({ ok: true, category: { name } });
    }
    const percent = await createCategory({ name: `Pct${tag()}` });
    // "%" must not match every other name as a duplicate.
    expect(await createCategory({ name: "%" })).toMatchObject({ ok: true });
    expect(await createCategory({ name: "_" })).toMatchObject({ ok: true });
    expect(await createCategory({ name: "%" })).toMatchObject({ ok: false, status: 409 });
    if (percent.ok) expect(await renameCategory(percent.category.id, { name: "x\\" })).toMatchObject({ ok: true });
  });

  it("the admin's product search treats %, _ and \\ literally", async () => {
    const category = await createCategory({ name: `Search ${tag()}` });
    if (!category.ok) throw new Error(category.message);
    const t = tag();
    for (const name of [`Plain ${t}`, `Half 50% ${t}`, `Under_score ${t}`, `Back\\slash ${t}`]) {
      const created = await createProduct({ name, description: "d", price: "1", quantity: "1", category: category.category.id });
      expect(created.ok).toBe(true);
    }
    const names = async (query: string) => (await listProductsForAdmin({ query })).items.map((p) => p.name).filter((n) => n.endsWith(t));
    expect(await names("%")).toEqual([`Half 50% ${t}`]);
    expect(await names("_")).toEqual([`Under_score ${t}`]);
    expect(await names("\\")).toEqual([`Back\\slash ${t}`]);
    expect(await names("\u0000")).toHaveLength(4); // control characters are blanks: no filter
  });
});

describe("slugs", () => {
  it("30 concurrent creates of products with the same name: one 201, the rest a clear 409", async () => {
    const token = await adminToken();
    const category = await createCategory({ name: `Race ${tag()}` });
    if (!category.ok) throw new Error(category.message);
    const name = `Same Name ${tag()}`;
    const responses = await Promise.all(
      Array.from({ length: 30 }, () => {
        const body = new FormData();
        for (const [k, v] of Object.entries({ name, description: "d", price: "2", quantity: "3", category: category.category.id }))
          body.set(k, v);
        return createProductApi({
          request: new Request(`${ORIGIN}/api/v1/product/create-product`, { method: "POST", headers: { Authorization: token }, body }),
          params: {},
          context: {},
        });
      }),
    );
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(29);
    expect(await db.product.count({ where: { name } })).toBe(1);
  });

  it("30 concurrent creates of products whose names share a slug all succeed with distinct slugs", async () => {
    const token = await adminToken();
    const category = await createCategory({ name: `Race ${tag()}` });
    if (!category.ok) throw new Error(category.message);
    const base = `Same Slug ${tag()}`;
    const names = Array.from({ length: 30 }, (_, i) => `${base}${"!?.,;:".charAt(i % 6).repeat(1 + Math.floor(i / 6))}`);
    const responses = await Promise.all(
      names.map((name) => {
        const body = new FormData();
        for (const [k, v] of Object.entries({ name, description: "d", price: "2", quantity: "3", category: category.category.id }))
          body.set(k, v);
        return createProductApi({
          request: new Request(`${ORIGIN}/api/v1/product/create-product`, { method: "POST", headers: { Authorization: token }, body }),
          params: {},
          context: {},
        });
      }),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(30).fill(201));
    const slugs = (await db.product.findMany({ where: { name: { in: names } }, select: { slug: true } })).map((p) => p.slug);
    expect(new Set(slugs).size).toBe(30);
  });

  it("30 concurrent creates of categories with the same name: one 201, the rest a clear 409", async () => {
    const token = await adminToken();
    const name = `Race Cat ${tag()}`;
    const responses = await Promise.all(
      Array.from({ length: 30 }, () =>
        createCategoryApi({
          request: new Request(`${ORIGIN}/api/v1/category/create-category`, {
            method: "POST",
            headers: { "Content-Type": "application/json", Authorization: token },
            body: JSON.stringify({ name }),
          }),
          params: {},
          context: {},
        }),
      ),
    );
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(29);
  });
});

describe("redirects", () => {
  it("safeRedirect keeps only same-site paths, never throws", () => {
    const bad = [
      "//evil.example",
      "/\\evil.example",
      "/./\\evil.example",
      "/.\\evil.example",
      "/%5Cevil.example",
      "/%2F%2Fevil.example",
      "/%2f/evil.example",
      "\\\\evil.example",
      "https://evil.example",
      "javascript:alert(1)",
      "/a\u0000b",
      "/a%00b",
      "/\tevil",
      "/ünïcode",
      "/%E0%A4%A",
      "/%ff",
      "/..//evil.example",
      "/a/../..//evil.example",
      " /x",
      "",
    ];
    for (const to of bad) expect(safeRedirect(to), JSON.stringify(to)).toBe("/");
    expect(safeRedirect("/dashboard/user?tab=1#x")).toBe("/dashboard/user?tab=1#x");
    expect(safeRedirect("/cart")).toBe("/cart");
    expect(safeRedirect("/search?keyword=caf%C3%A9")).toBe("/search?keyword=caf%C3%A9");
  });

  it("/login?redirectTo=… never sends a signed-in user off the site, and never answers 500", async () => {
    const user = await db.user.create({
      data: { name: "R", email: `redir-${tag()}@test.dev`, passwordHash: "x", answerHash: "y", phone: "1", address: "a" },
    });
    const cookie = (await commitSessionCookie(await createSession(user.id))).split(";")[0];
    for (const target of ["/./\\evil.example", "/%5C%5Cevil.example", "/caf\u00e9", "/\u4e2d\u6587", "/%E4%B8%AD"]) {
      const response = await settle(
        loginLoader({
          request: new Request(`${ORIGIN}/login?redirectTo=${encodeURIComponent(target)}`, { headers: { Cookie: cookie } }),
          params: {},
          context: {},
        }),
      );
      expect(response.status).toBe(302);
      const location = response.headers.get("Location")!;
      expect(new URL(location, ORIGIN).origin).toBe(ORIGIN);
      expect(location.startsWith("/") && !location.startsWith("//") && !location.includes("\\")).toBe(true);
    }
  });
});

describe("database limits", () => {
  it("every query runs with a statement_timeout", async () => {
    const [row] = await db.$queryRaw<{ statement_timeout: string }[]>`SHOW statement_timeout`;
    expect(row.statement_timeout).toBe("10s");
  });
});

describe("toasts", () => {
  it("the flash-toast cookie is signed: a forged one shows nothing, our own shows its message", async () => {
    const forgedValue = Buffer.from(
      JSON.stringify({ __flash_flash__: { toast: { message: "Your account is locked: call 555-0100", type: "error" } } }),
    ).toString("base64");
    for (const cookie of [
      `toast-session=${forgedValue}`,
      `toast-session=${forgedValue}.`,
      `toast-session=${encodeURIComponent(forgedValue)}.abc`,
    ]) {
      expect((await getToast(new Request(ORIGIN, { headers: { Cookie: cookie } }))).toast).toBeUndefined();
    }
    const response = await redirectWithSuccess("/", "Saved");
    const cookie = response.headers.get("Set-Cookie")!.split(";")[0];
    expect((await getToast(new Request(ORIGIN, { headers: { Cookie: cookie } }))).toast).toMatchObject({
      message: "Saved",
      type: "success",
    });
  });

  it("a shown toast's cookie is deleted, and a request without one sets no cookie at all", async () => {
    const response = await redirectWithSuccess("/", "Saved");
    const cookie = response.headers.get("Set-Cookie")!.split(";")[0];
    const shown = await getToast(new Request(ORIGIN, { headers: { Cookie: `cart=; ${cookie}` } }));
    expect(shown.toast).toMatchObject({ message: "Saved" });
    expect(shown.headers.get("Set-Cookie")).toMatch(/^toast-session=;.*Expires=Thu, 01 Jan 1970/);
    const requests: Record<string, string>[] = [{}, { Cookie: "cart=" }, { Cookie: "toast-session-other=1; __session=x" }];
    for (const headers of requests) {
      const none = await getToast(new Request(ORIGIN, { headers }));
      expect(none.toast).toBeUndefined();
      expect(none.headers.get("Set-Cookie")).toBeNull();
    }
  });
});
