// Accounts on a real PostgreSQL: hashing, sessions and their revocation, the
// profile's fixed e-mail, rate limits, and every guard, called through the
// route modules themselves the way Remix would call them.
import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it, vi } from "vitest";

// Read once by env() when the modules load (hoisted above the imports):
// trust one proxy hop, and a small per-IP limit to test.
vi.hoisted(() => {
  process.env.TRUST_PROXY = "1";
  process.env.RATE_LIMIT_IP_MAX = "3";
});

import { addressKey, limit, limitAuthAttempt, sweepExpired } from "~/domain/accounts/rate-limit.server";
import { clientIp } from "~/http/client.server";
import {
  authenticate,
  CURRENT_PASSWORD_REQUIRED_MESSAGE,
  DUPLICATE_EMAIL_MESSAGE,
  INVALID_LOGIN_MESSAGE,
  INVALID_RESET_MESSAGE,
  login,
  register,
  registerSchema,
  resetPassword,
  type RegisterInput,
  WRONG_CURRENT_PASSWORD_MESSAGE,
} from "~/domain/accounts/user.server";
import * as adminIndexRoute from "~/routes/dashboard.admin._index";
import * as userIndexRoute from "~/routes/dashboard.user._index";
import * as profileRoute from "~/routes/dashboard.user.profile";
import * as userOrdersRoute from "~/routes/dashboard.user.orders";
import * as forgotRoute from "~/routes/forgot-password";
import * as loginRoute from "~/routes/login";
import * as logoutRoute from "~/routes/logout";
import * as registerRoute from "~/routes/register";
import * as apiAdminAuth from "~/routes/api.v1.$";
import * as apiForgot from "~/routes/api.v1.$";
import * as apiLogin from "~/routes/api.v1.$";
import * as apiLogout from "~/routes/api.v1.$";
import * as apiOrders from "~/routes/api.v1.$";
import * as apiProfile from "~/routes/api.v1.$";
import * as apiRegister from "~/routes/api.v1.$";
import * as apiUserAuth from "~/routes/api.v1.$";
import { requireAdmin, requireApiAdmin, requireApiUser, requireUser } from "~/http/auth.server";
import { db } from "~/utils/db.server";
import { env } from "~/utils/env.server";
import { createSession, hashToken, userForToken } from "~/domain/accounts/session.server";
import { cookieFor, get, jsonRequest, ORIGIN, postForm, respond } from "../fixtures/integration";
import { Role } from "~/domain/accounts/user";

const uniqueEmail = (prefix = "acct") => `${prefix}-${randomBytes(5).toString("hex")}@accounts.test`;

function account(overrides: Partial<RegisterInput> = {}): RegisterInput {
  return registerSchema.parse({
    name: "Ada Lovelace",
    email: uniqueEmail(),
    password: "Correct-Horse-9",
    phone: "+44 20 7946 0000",
    address: "12 Analytical Row, London",
    answer: "Football",
    ...overrides,
  });
}

async function registered(overrides: Partial<RegisterInput> = {}, role: Role = Role.User) {
  const input = account(overrides);
  const result = await register(input, { ip: null });
  if (!result.ok) throw new Error(`register failed: ${result.reason}`);
  if (role) await db.user.update({ where: { id: result.user.id }, data: { role } });
  return { ...input, id: result.user.id };
}

describe("hashing", () => {
  it("stores bcrypt hashes, never the password or the answer", async () => {
    const user = await registered({ password: "Plain-Text-77", answer: "Cricket" });
    const row = await db.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(row.passwordHash).toMatch(/^\$2[aby]\$1\d\$/);
    expect(row.answerHash).toMatch(/^\$2[aby]\$1\d\$/);
    expect(JSON.stringify(row)).not.toContain("Plain-Text-77");
    expect(JSON.stringify(row).toLowerCase()).not.toContain("cricket");
    expect(await authenticate(user.email, "Plain-Text-77")).toMatchObject({ id: user.id });
    expect(await authenticate(user.email, "plain-text-77")).toBeNull();
  });

  it("compares security answers case-insensitively after trimming, and lower-cases e-mails", async () => {
    const email = uniqueEmail("Mixed.Case");
    const user = await registered({ email: `  ${email.toUpperCase()} `, answer: " Table Tennis " });
    expect(user.email).toBe(email.toLowerCase());
    const reset = await resetPassword({ email: email.toLowerCase(), answer: "TABLE TENNIS  ", newPassword: "Brand-New-123" }, { ip: null });
    expect(reset).toEqual({ ok: true });
    expect(await authenticate(email.toUpperCase(), "Brand-New-123")).toMatchObject({ id: user.id });
  });

  it("enforces the password rules in the shared schema", () => {
    const short = registerSchema.safeParse({ ...account(), password: "short" });
    expect(short.success).toBe(false);
    expect(short.error?.issues[0].message).toBe("Password must be at least 8 characters");
    expect(registerSchema.safeParse({ ...account(), password: "x".repeat(73) }).success).toBe(false);
    expect(registerSchema.safeParse({ ...account(), email: "not-an-email" }).success).toBe(false);
    expect(registerSchema.safeParse({ ...account(), name: "   " }).success).toBe(false);
  });
});

describe("register", () => {
  it("refuses a second account for the same e-mail, whatever its case", async () => {
    const user = await registered();
    const again = await register(account({ email: user.email.toUpperCase() }), { ip: null });
    expect(again).toMatchObject({ ok: false, reason: "duplicate", errors: { email: DUPLICATE_EMAIL_MESSAGE } });
    expect(await db.user.count({ where: { email: user.email } })).toBe(1);
  });

  it("the form keeps the values (never the password or answer) and shows errors beside the fields", async () => {
    const user = await registered();
    const response = await respond(
      registerRoute.action,
      postForm("/register", {
        name: "Bob",
        email: user.email,
        password: "Another-Pass-1",
        phone: "555 0100",
        address: "1 Road",
        answer: "golf",
      }),
    );
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.errors).toEqual({ email: DUPLICATE_EMAIL_MESSAGE });
    expect(body.values).toEqual({ name: "Bob", email: user.email, phone: "555 0100", address: "1 Road" });
    expect(JSON.stringify(body)).not.toContain("Another-Pass-1");
    expect(JSON.stringify(body)).not.toContain("golf");

    const missing = await respond(registerRoute.action, postForm("/register", { name: "Bob" }));
    expect(missing.status).toBe(400);
    expect(Object.keys((await missing.json()).errors).sort()).toEqual(["address", "answer", "email", "password", "phone"]);
  });

  it("the form redirects to /login with a toast on success", async () => {
    const email = uniqueEmail();
    const response = await respond(
      registerRoute.action,
      postForm("/register", { name: "Cleo", email, password: "Pass-word-1", phone: "555 0101", address: "2 Road", answer: "chess" }),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login");
    expect(response.headers.get("Set-Cookie")).toContain("toast");
    expect(await db.user.count({ where: { email } })).toBe(1);
  });

  it("the API takes `username` as the name: 201, then 409 for the same e-mail", async () => {
    const email = uniqueEmail();
    const payload = { username: "Dora", email, password: "Pass-word-2", phone: "555 0102", address: "3 Road", answer: "polo" };
    const created = await respond(apiRegister.action, jsonRequest("POST", "/api/v1/user/register", payload));
    expect(created.status).toBe(201);
    const body = await created.json();
    expect(body).toMatchObject({ success: true, message: expect.any(String), user: { name: "Dora", email } });
    expect(JSON.stringify(body)).not.toMatch(/Hash|\$2[aby]\$/);
    const duplicate = await respond(apiRegister.action, jsonRequest("POST", "/api/v1/user/register", payload));
    expect(duplicate.status).toBe(409);
    expect(await duplicate.json()).toMatchObject({ success: false, message: DUPLICATE_EMAIL_MESSAGE });
    const invalid = await respond(
      apiRegister.action,
      jsonRequest("POST", "/api/v1/user/register", { ...payload, email: uniqueEmail(), password: 12345678 }),
    );
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toMatchObject({ success: false, errors: { password: expect.any(String) } });
    expect((await respond(apiRegister.loader, get("/api/v1/user/register"))).status).toBe(405);
  });
});

describe("login", () => {
  it("gives one answer for an unknown e-mail and a wrong password (no account enumeration)", async () => {
    const user = await registered();
    const unknown = await login({ email: uniqueEmail("nobody"), password: "whatever-1" }, { ip: null });
    const wrong = await login({ email: user.email, password: "whatever-1" }, { ip: null });
    expect(unknown).toEqual({ ok: false, reason: "invalid", message: INVALID_LOGIN_MESSAGE });
    expect(wrong).toEqual(unknown);

    const viaApiUnknown = await respond(
      apiLogin.action,
      jsonRequest("POST", "/api/v1/user/login", { email: uniqueEmail("nobody"), password: "x" }),
    );
    const viaApiWrong = await respond(apiLogin.action, jsonRequest("POST", "/api/v1/user/login", { email: user.email, password: "x" }));
    expect(viaApiUnknown.status).toBe(401);
    expect(viaApiWrong.status).toBe(401);
    expect(await viaApiUnknown.json()).toEqual(await viaApiWrong.json());

    const viaForm = await respond(loginRoute.action, postForm("/login", { email: user.email, password: "x", redirectTo: "/" }));
    expect(viaForm.status).toBe(400);
    expect(await viaForm.json()).toEqual({ errors: { form: INVALID_LOGIN_MESSAGE }, values: { email: user.email } });
  });

  it("the form sets an HttpOnly session cookie and returns to a same-site origin only", async () => {
    const user = await registered();
    const ok = await respond(
      loginRoute.action,
      postForm("/login", { email: user.email, password: user.password, redirectTo: "/dashboard/user/orders" }),
    );
    expect(ok.status).toBe(302);
    expect(ok.headers.get("Location")).toBe("/dashboard/user/orders");
    const sessionCookie = ok.headers.getSetCookie().find((c) => c.startsWith("__session="))!;
    expect(sessionCookie).toMatch(/HttpOnly/i);
    expect(sessionCookie).toMatch(/SameSite=Lax/i);

    for (const evil of ["https://evil.test/", "//evil.test", "/\\evil.test"]) {
      const response = await respond(
        loginRoute.action,
        postForm("/login", { email: user.email, password: user.password, redirectTo: evil }),
      );
      expect(response.headers.get("Location")).toBe("/");
    }
  });

  it("sends a signed-in visitor away from /login and /register", async () => {
    const user = await registered();
    const cookie = await cookieFor(await createSession(user.id));
    const fromLogin = await respond(loginRoute.loader, get("/login?redirectTo=%2Fdashboard%2Fuser", { Cookie: cookie }));
    expect(fromLogin.status).toBe(302);
    expect(fromLogin.headers.get("Location")).toBe("/dashboard/user");
    const fromRegister = await respond(registerRoute.loader, get("/register", { Cookie: cookie }));
    expect(fromRegister.headers.get("Location")).toBe("/");
  });

  it("the API returns the user (no hash) and a token usable raw or as Bearer", async () => {
    const user = await registered();
    const response = await respond(
      apiLogin.action,
      jsonRequest("POST", "/api/v1/user/login", { email: user.email.toUpperCase(), password: user.password }),
    );
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({
      success: true,
      user: { _id: user.id, name: user.name, email: user.email, role: 0 },
      token: expect.any(String),
    });
    expect(JSON.stringify(body)).not.toMatch(/Hash|answer/);
    expect((await respond(apiUserAuth.loader, get("/api/v1/user/user-auth", { Authorization: body.token }))).status).toBe(200);
    expect((await respond(apiUserAuth.loader, get("/api/v1/user/user-auth", { Authorization: `Bearer ${body.token}` }))).status).toBe(200);
  });

  it("refuses cross-site form posts", async () => {
    const user = await registered();
    const response = await respond(
      loginRoute.action,
      postForm("/login", { email: user.email, password: user.password }, { Origin: "https://evil.test" }),
    );
    expect(response.status).toBe(403);
  });

  it("answers a non-form body with a 4xx, not a 500", async () => {
    const response = await respond(loginRoute.action, jsonRequest("POST", "/login", { email: "a@b.c" }, { Origin: ORIGIN }));
    expect(response.status).toBe(415);
  });
});

describe("sessions", () => {
  it("logout deletes the session row and the cookie", async () => {
    const user = await registered();
    const token = await createSession(user.id);
    const response = await respond(logoutRoute.action, postForm("/logout", {}, { Cookie: await cookieFor(token) }));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login");
    expect(response.headers.getSetCookie().some((c) => /^__session=;.*(Max-Age=0|Expires=Thu, 01 Jan 1970)/i.test(c))).toBe(true);
    expect(await db.session.findUnique({ where: { id: hashToken(token) } })).toBeNull();
    expect(await userForToken(token)).toBeNull();
    // A GET cannot log anyone out.
    const viaGet = await respond(logoutRoute.loader, get("/logout"));
    expect(viaGet.headers.get("Location")).toBe("/");
  });

  it("the API logout revokes the token", async () => {
    const user = await registered();
    const token = await createSession(user.id);
    const response = await respond(apiLogout.action, jsonRequest("POST", "/api/v1/user/logout", {}, { Authorization: token }));
    expect(response.status).toBe(200);
    expect((await respond(apiUserAuth.loader, get("/api/v1/user/user-auth", { Authorization: token }))).status).toBe(401);
  });

  it("a password reset revokes every session of the account and changes the password", async () => {
    const user = await registered({ answer: "Rugby" });
    const other = await registered();
    const tokens = [await createSession(user.id), await createSession(user.id)];
    const otherToken = await createSession(other.id);

    const wrong = await resetPassword({ email: user.email, answer: "soccer", newPassword: "Never-Set-1" }, { ip: null });
    const unknown = await resetPassword({ email: uniqueEmail("ghost"), answer: "rugby", newPassword: "Never-Set-1" }, { ip: null });
    expect(wrong).toEqual({ ok: false, reason: "invalid", message: INVALID_RESET_MESSAGE });
    expect(unknown).toEqual(wrong);
    expect(await userForToken(tokens[0])).not.toBeNull();

    const response = await respond(
      forgotRoute.action,
      postForm("/forgot-password", { email: user.email, answer: " rugby", newPassword: "Fresh-Start-1" }),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login");
    for (const token of tokens) expect(await userForToken(token)).toBeNull();
    expect(await userForToken(otherToken)).not.toBeNull();
    expect(await authenticate(user.email, user.password)).toBeNull();
    expect(await authenticate(user.email, "Fresh-Start-1")).toMatchObject({ id: user.id });
  });

  it("the reset API answers 200, and 401 with one message for a wrong answer or e-mail", async () => {
    const user = await registered({ answer: "hockey" });
    const wrong = await respond(
      apiForgot.action,
      jsonRequest("POST", "/api/v1/user/forgot-password", { email: user.email, answer: "golf", newPassword: "Other-Pass-1" }),
    );
    const unknown = await respond(
      apiForgot.action,
      jsonRequest("POST", "/api/v1/user/forgot-password", { email: uniqueEmail(), answer: "hockey", newPassword: "Other-Pass-1" }),
    );
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual(await unknown.json());
    const ok = await respond(
      apiForgot.action,
      jsonRequest("POST", "/api/v1/user/forgot-password", { email: user.email, answer: "HOCKEY", newPassword: "Other-Pass-1" }),
    );
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ success: true });
  });
});

describe("profile", () => {
  it("the form updates name, phone, address and password, but never the e-mail", async () => {
    const user = await registered();
    const token = await createSession(user.id);
    const otherToken = await createSession(user.id);
    const cookie = await cookieFor(token);
    const response = await respond(
      profileRoute.action,
      postForm(
        "/dashboard/user/profile",
        {
          name: "  Renamed User ",
          email: "hijack@evil.test",
          role: "1",
          password: "New-Password-9",
          currentPassword: user.password,
          phone: "555 0199",
          address: "9 New Street",
        },
        { Cookie: cookie },
      ),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/dashboard/user/profile");
    const row = await db.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(row).toMatchObject({ name: "Renamed User", email: user.email, role: 0, phone: "555 0199", address: "9 New Street" });
    expect(await authenticate(user.email, "New-Password-9")).not.toBeNull();
    // A new password keeps this browser signed in and signs every other session out.
    expect(await userForToken(token)).not.toBeNull();
    expect(await userForToken(otherToken)).toBeNull();
  });

  it("blank fields keep their value; bad input comes back with errors", async () => {
    const user = await registered();
    const cookie = await cookieFor(await createSession(user.id));
    await respond(
      profileRoute.action,
      postForm("/dashboard/user/profile", { name: "", password: "", phone: "", address: "" }, { Cookie: cookie }),
    );
    const row = await db.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(row).toMatchObject({ name: user.name, phone: user.phone, address: user.address });
    expect(await authenticate(user.email, user.password)).not.toBeNull();

    const bad = await respond(
      profileRoute.action,
      postForm("/dashboard/user/profile", { name: "Ok", password: "short" }, { Cookie: cookie }),
    );
    expect(bad.status).toBe(400);
    expect((await bad.json()).errors).toEqual({ password: "Password must be at least 8 characters" });
  });

  it("the form changes the password only with the right current one, and says why in the page", async () => {
    const user = await registered();
    const cookie = await cookieFor(await createSession(user.id));
    const post = (fields: Record<string, string>) =>
      respond(
        profileRoute.action,
        postForm("/dashboard/user/profile", { name: "Kept Name", phone: "555 0111", ...fields }, { Cookie: cookie }),
      );

    const missing = await post({ password: "Stolen-Pass-1", currentPassword: "" });
    expect(missing.status).toBe(400);
    expect((await missing.json()).errors).toEqual({ currentPassword: CURRENT_PASSWORD_REQUIRED_MESSAGE });
    const wrong = await post({ password: "Stolen-Pass-1", currentPassword: "not-my-password" });
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).errors).toEqual({ currentPassword: WRONG_CURRENT_PASSWORD_MESSAGE });
    // Nothing changed, the password least of all.
    expect(await authenticate(user.email, "Stolen-Pass-1")).toBeNull();
    expect(await authenticate(user.email, user.password)).not.toBeNull();
    expect(await db.user.findUniqueOrThrow({ where: { id: user.id } })).toMatchObject({ name: user.name, phone: user.phone });

    // Without a new password the current one is not asked for.
    expect((await post({ password: "", currentPassword: "" })).status).toBe(302);
    expect((await post({ password: "Owner-Pass-2", currentPassword: user.password })).status).toBe(302);
    expect(await authenticate(user.email, "Owner-Pass-2")).not.toBeNull();
  });

  it("the API changes the password only with the right currentPassword; wrong ones count toward the login limits", async () => {
    const user = await registered();
    const token = await createSession(user.id);
    const put = (body: Record<string, unknown>) =>
      respond(apiProfile.action, jsonRequest("PUT", "/api/v1/user/profile", body, { Authorization: token }));

    const missing = await put({ password: "Stolen-Pass-1" });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ success: false, errors: { currentPassword: CURRENT_PASSWORD_REQUIRED_MESSAGE } });
    for (let i = 0; i < 10; i++) {
      const wrong = await put({ password: "Stolen-Pass-1", currentPassword: `guess-${i}` });
      expect(wrong.status).toBe(400);
      expect(await wrong.json()).toMatchObject({ errors: { currentPassword: WRONG_CURRENT_PASSWORD_MESSAGE } });
    }
    // The 11th attempt on this account, even with the right password, waits: on the profile and at the login.
    const limited = await put({ password: "Owner-Pass-2", currentPassword: user.password });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await login({ email: user.email, password: user.password }, { ip: null })).toMatchObject({ reason: "rate_limited" });
    expect(await authenticate(user.email, user.password)).not.toBeNull();
    expect(await authenticate(user.email, "Owner-Pass-2")).toBeNull();
  });

  it("the API changes the password with the right currentPassword", async () => {
    const user = await registered();
    const token = await createSession(user.id);
    const response = await respond(
      apiProfile.action,
      jsonRequest("PUT", "/api/v1/user/profile", { password: "Owner-Pass-3", currentPassword: user.password }, { Authorization: token }),
    );
    expect(response.status).toBe(200);
    expect(await authenticate(user.email, "Owner-Pass-3")).not.toBeNull();
  });

  it("the API returns updatedUser and ignores an e-mail in the body", async () => {
    const user = await registered();
    const token = await createSession(user.id);
    const response = await respond(
      apiProfile.action,
      jsonRequest(
        "PUT",
        "/api/v1/user/profile",
        { name: "Api Name", email: "other@evil.test", password: "", phone: "555 0123", address: "" },
        { Authorization: token },
      ),
    );
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({
      success: true,
      updatedUser: { _id: user.id, name: "Api Name", email: user.email, phone: "555 0123", address: user.address },
    });
    expect(JSON.stringify(body)).not.toMatch(/Hash/);

    const bad = await respond(apiProfile.action, jsonRequest("PUT", "/api/v1/user/profile", { password: "1" }, { Authorization: token }));
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ success: false, error: expect.any(String), message: expect.any(String) });
    expect((await respond(apiProfile.action, jsonRequest("POST", "/api/v1/user/profile", {}, { Authorization: token }))).status).toBe(405);
  });

  it("a visitor cannot post the profile form", async () => {
    const response = await respond(profileRoute.action, postForm("/dashboard/user/profile", { name: "X" }));
    expect(response.status).toBe(401);
  });
});

describe("orders", () => {
  it("lists only the caller's orders, newest first, on the screen and in the API", async () => {
    const user = await registered();
    const other = await registered();
    const older = await db.order.create({ data: { buyerId: user.id, totalCents: 100, createdAt: new Date(Date.now() - 60_000) } });
    const newer = await db.order.create({
      data: {
        buyerId: user.id,
        totalCents: 250,
        paymentStatus: "SUCCEEDED",
        lines: { create: [{ name: "Widget", description: "A widget", slug: "widget", unitPriceCents: 250, quantity: 1 }] },
      },
    });
    await db.order.create({ data: { buyerId: other.id, totalCents: 999 } });
    const token = await createSession(user.id);

    const screen = await respond(userOrdersRoute.loader, get("/dashboard/user/orders", { Cookie: await cookieFor(token) }));
    expect((await screen.json()).items.map((o: { id: string }) => o.id)).toEqual([newer.id, older.id]);

    const api = await respond(apiOrders.loader, get("/api/v1/user/orders", { Authorization: token }));
    const list = await api.json();
    expect(list.map((o: { _id: string }) => o._id)).toEqual([newer.id, older.id]);
    expect(list[0]).toMatchObject({
      status: "Not Process",
      buyer: { name: user.name },
      payment: { success: true },
      products: [{ name: "Widget", price: 2.5, quantity: 1 }],
    });
    expect((await respond(apiOrders.loader, get("/api/v1/user/orders"))).status).toBe(401);
  });
});

describe("rate limiting", () => {
  it("counts hits in a fixed window and starts again once it has passed", async () => {
    const key = `test:${randomBytes(4).toString("hex")}`;
    const hits = [];
    for (let i = 0; i < 3; i++) hits.push(await limit(key, 2, 60_000));
    expect(hits.map((h) => [h.count, h.allowed])).toEqual([
      [1, true],
      [2, true],
      [3, false],
    ]);
    expect(hits[2].retryAfter).toBeGreaterThan(0);
    expect(hits[2].retryAfter).toBeLessThanOrEqual(60);
    await db.rateLimit.update({ where: { key }, data: { resetAt: new Date(Date.now() - 1000) } });
    expect(await limit(key, 2, 60_000)).toMatchObject({ count: 1, allowed: true });
  });

  it("is atomic under concurrent hits", async () => {
    const key = `test:${randomBytes(4).toString("hex")}`;
    const results = await Promise.all(Array.from({ length: 20 }, () => limit(key, 5, 60_000)));
    expect(results.map((r) => r.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(results.filter((r) => r.allowed)).toHaveLength(5);
  });

  it("blocks the 11th login for one e-mail, even with the right password, with 429 on the form and the API", async () => {
    const user = await registered();
    for (let i = 0; i < 10; i++) {
      expect(await login({ email: user.email, password: "wrong-password" }, { ip: null })).toMatchObject({ reason: "invalid" });
    }
    expect(await login({ email: user.email, password: user.password }, { ip: null })).toMatchObject({ ok: false, reason: "rate_limited" });
    const form = await respond(loginRoute.action, postForm("/login", { email: user.email, password: user.password }));
    expect(form.status).toBe(429);
    expect((await form.json()).errors.form).toMatch(/Too many attempts/);
    const api = await respond(apiLogin.action, jsonRequest("POST", "/api/v1/user/login", { email: user.email, password: user.password }));
    expect(api.status).toBe(429);
    expect(Number(api.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await api.json()).toMatchObject({ success: false, message: expect.stringMatching(/Too many attempts/) });
  });

  it("forgets an e-mail's failed logins once its owner logs in", async () => {
    const user = await registered();
    for (let i = 0; i < 9; i++) await login({ email: user.email, password: "wrong-password" }, { ip: null });
    expect(await login({ email: user.email, password: user.password }, { ip: null })).toMatchObject({ ok: true });
    for (let i = 0; i < 9; i++) await login({ email: user.email, password: "wrong-password" }, { ip: null });
    expect(await login({ email: user.email, password: user.password }, { ip: null })).toMatchObject({ ok: true });
  });

  it("limits register and forgot-password per e-mail too", async () => {
    const user = await registered({ answer: "squash" });
    for (let i = 0; i < 10; i++) await resetPassword({ email: user.email, answer: "nope", newPassword: "Whatever-12" }, { ip: null });
    expect(await resetPassword({ email: user.email, answer: "squash", newPassword: "Whatever-12" }, { ip: null })).toMatchObject({
      reason: "rate_limited",
    });
    const email = uniqueEmail();
    for (let i = 0; i < 10; i++) await register(account({ email }), { ip: null });
    const blocked = await respond(
      apiRegister.action,
      jsonRequest("POST", "/api/v1/user/register", {
        username: "Z",
        email,
        password: "Long-Enough-1",
        phone: "555 0000",
        address: "x",
        answer: "y",
      }),
    );
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get("Retry-After")).toMatch(/^\d+$/);
  });

  it("takes the client address from the server's context, else from X-Forwarded-For through TRUST_PROXY hops", async () => {
    const spoofed = "203.0.113.7";
    const ip = `198.51.100.${Math.floor(Math.random() * 200) + 1}`;
    const headers = { "X-Forwarded-For": `${spoofed}, ${ip}` };
    // Our server read the socket (or the trusted hops) already: its word wins over any header.
    expect(clientIp(get("/", headers), { clientIp: "127.0.0.9" })).toBe("127.0.0.9");
    // Under remix-serve: the entry our one trusted proxy appended, never the client's own.
    expect(clientIp(get("/", headers), {})).toBe(ip);
    const config = env();
    config.TRUST_PROXY = 0;
    try {
      expect(clientIp(get("/", headers), {})).toBeNull();
    } finally {
      config.TRUST_PROXY = 1;
    }
  });

  it("counts an IPv6 client by its /64 and an IPv4-mapped one as IPv4", () => {
    expect(addressKey("2001:db8:1:2:aaaa:bbbb:cccc:dddd")).toBe("2001:db8:1:2::/64");
    expect(addressKey("2001:db8:1:2::1")).toBe(addressKey("2001:0db8:0001:0002:ffff::9"));
    expect(addressKey("::ffff:127.0.0.2")).toBe("127.0.0.2");
    expect(addressKey("127.0.0.2")).toBe("127.0.0.2");
  });

  it("limits failed attempts per address across accounts (RATE_LIMIT_IP_MAX = 3 here), with 429 and Retry-After", async () => {
    const context = { clientIp: `127.0.${Math.floor(Math.random() * 200) + 1}.10` };
    const statuses = [];
    for (let i = 0; i < 4; i++) {
      const response = await respond(
        apiLogin.action,
        jsonRequest("POST", "/api/v1/user/login", { email: uniqueEmail(), password: "x" }),
        {},
        context,
      );
      statuses.push(response.status);
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
    const form = await respond(loginRoute.action, postForm("/login", { email: uniqueEmail(), password: "x" }), {}, context);
    expect(form.status).toBe(429);
    expect(Number(form.headers.get("Retry-After"))).toBeGreaterThan(0);
    // Another address is not affected.
    const other = await respond(
      apiLogin.action,
      jsonRequest("POST", "/api/v1/user/login", { email: uniqueEmail(), password: "x" }),
      {},
      { clientIp: "127.0.0.250" },
    );
    expect(other.status).toBe(401);
  });

  it("never lets a flood of wrong passwords from one address lock the owner out from another", async () => {
    const user = await registered();
    const attacker = `127.1.${Math.floor(Math.random() * 200) + 1}.1`;
    const owner = `127.2.${Math.floor(Math.random() * 200) + 1}.1`;
    env().RATE_LIMIT_IP_MAX = 1000;
    try {
      const outcomes = [];
      for (let i = 0; i < 15; i++)
        outcomes.push((await login({ email: user.email, password: "wrong-password" }, { ip: attacker })).ok === false);
      const attackerBlocked = await login({ email: user.email, password: user.password }, { ip: attacker });
      expect(attackerBlocked).toMatchObject({ ok: false, reason: "rate_limited" });
      // The owner, elsewhere, still gets in (after at most a short slowdown).
      expect(await login({ email: user.email, password: user.password }, { ip: owner })).toMatchObject({ ok: true });
    } finally {
      env().RATE_LIMIT_IP_MAX = 3;
    }
  });

  it("does not count successful logins, so many shoppers behind one address are not shut out", async () => {
    const users = await Promise.all(Array.from({ length: 5 }, () => registered()));
    const shared = `127.3.${Math.floor(Math.random() * 200) + 1}.1`;
    for (const user of users) {
      expect(await login({ email: user.email, password: user.password }, { ip: shared })).toMatchObject({ ok: true });
    }
    // Five honest logins from an address allowed three failures: still open for failures of its own.
    expect(await login({ email: users[0].email, password: "typo" }, { ip: shared })).toMatchObject({ reason: "invalid" });
  });

  it("slows, but never blocks, an account guessed at from many addresses", async () => {
    const user = await registered();
    for (let i = 0; i < 12; i++) await limitAuthAttempt("login", user.email, `127.4.${i}.${Math.floor(Math.random() * 200) + 1}`);
    const next = await limitAuthAttempt("login", user.email, "127.5.0.1");
    expect(next.allowed).toBe(true);
    expect(next.delayMs).toBeGreaterThan(0);
    expect(next.delayMs).toBeLessThanOrEqual(5000);
  });

  it("counts registrations per address, successful or not", async () => {
    const context = { ip: `127.6.${Math.floor(Math.random() * 200) + 1}.1` };
    for (let i = 0; i < 3; i++) expect(await register(account(), context)).toMatchObject({ ok: true });
    expect(await register(account(), context)).toMatchObject({ reason: "rate_limited" });
  });

  it("sweeps expired counters and sessions", async () => {
    const user = await registered();
    const key = `test:${randomBytes(4).toString("hex")}`;
    await db.rateLimit.create({ data: { key, count: 3, resetAt: new Date(Date.now() - 1000) } });
    await db.session.create({ data: { id: hashToken("expired-token"), userId: user.id, expiresAt: new Date(Date.now() - 1000) } });
    const live = await createSession(user.id);
    const swept = await sweepExpired();
    expect(swept.rateLimits).toBeGreaterThanOrEqual(1);
    expect(swept.sessions).toBeGreaterThanOrEqual(1);
    expect(await db.rateLimit.findUnique({ where: { key } })).toBeNull();
    expect(await userForToken(live)).not.toBeNull();
  });
});

describe("guards", () => {
  type Who = "visitor" | "user" | "admin" | "bad token" | "revoked token";
  const tokens: Record<Who, string | null> = {
    visitor: null,
    user: null,
    admin: null,
    "bad token": "not-a-real-token",
    "revoked token": null,
  };

  beforeAll(async () => {
    const user = await registered();
    const admin = await registered({}, Role.Admin);
    tokens.user = await createSession(user.id);
    tokens.admin = await createSession(admin.id);
    const revoked = await createSession(user.id);
    await db.session.delete({ where: { id: hashToken(revoked) } });
    tokens["revoked token"] = revoked;
  });

  const cookieHeaders = async (who: Who): Promise<Record<string, string>> => (tokens[who] ? { Cookie: await cookieFor(tokens[who]!) } : {});
  const tokenHeaders = (who: Who): Record<string, string> => (tokens[who] ? { Authorization: tokens[who]! } : {});

  const expected: Record<Who, { user: number; admin: number }> = {
    visitor: { user: 401, admin: 401 },
    user: { user: 200, admin: 403 },
    admin: { user: 200, admin: 200 },
    "bad token": { user: 401, admin: 401 },
    "revoked token": { user: 401, admin: 401 },
  };

  for (const who of Object.keys(expected) as Who[]) {
    it(`requireUser / requireAdmin and the dashboard loaders: ${who}`, async () => {
      const headers = await cookieHeaders(who);
      const userPage = await respond(userIndexRoute.loader, get("/dashboard/user", headers));
      const adminPage = await respond(adminIndexRoute.loader, get("/dashboard/admin", headers));
      expect(userPage.status).toBe(expected[who].user);
      expect(adminPage.status).toBe(expected[who].admin);
      if (userPage.status === 401) {
        expect(await userPage.json()).toMatchObject({ guard: true, redirectTo: "/login?redirectTo=%2Fdashboard%2Fuser" });
      }
      if (adminPage.status === 403) expect(await adminPage.json()).toMatchObject({ guard: true, redirectTo: "/" });
      if (adminPage.status === 200)
        expect((await adminPage.json()).admin).toEqual({ name: expect.any(String), email: expect.any(String), phone: expect.any(String) });

      const direct = async (fn: (r: Request) => Promise<unknown>) => {
        try {
          await fn(get("/dashboard/x", headers));
          return 200;
        } catch (thrown) {
          return (thrown as Response).status;
        }
      };
      expect(await direct(requireUser)).toBe(expected[who].user);
      expect(await direct(requireAdmin)).toBe(expected[who].admin);
    });

    it(`requireApiUser / requireApiAdmin and user-auth / admin-auth: ${who}`, async () => {
      for (const headers of [tokenHeaders(who), tokens[who] ? { Authorization: `Bearer ${tokens[who]}` } : {}]) {
        const userAuth = await respond(apiUserAuth.loader, get("/api/v1/user/user-auth", headers));
        const adminAuth = await respond(apiAdminAuth.loader, get("/api/v1/user/admin-auth", headers));
        expect(userAuth.status).toBe(expected[who].user);
        expect(adminAuth.status).toBe(expected[who].admin);
        if (userAuth.status === 200) expect(await userAuth.json()).toEqual({ ok: true });
        else expect(await userAuth.json()).toMatchObject({ success: false, message: expect.any(String) });

        const direct = async (fn: (r: Request) => Promise<unknown>) => {
          try {
            await fn(get("/api/v1/x", headers));
            return 200;
          } catch (thrown) {
            return (thrown as Response).status;
          }
        };
        expect(await direct(requireApiUser)).toBe(expected[who].user);
        expect(await direct(requireApiAdmin)).toBe(expected[who].admin);
      }
    });
  }

  it("the screens' cookie works for same-site API calls but never for cross-site writes", async () => {
    const cookie = await cookieFor(tokens.user!);
    expect((await respond(apiUserAuth.loader, get("/api/v1/user/user-auth", { Cookie: cookie }))).status).toBe(200);
    const crossSite = await respond(
      apiProfile.action,
      jsonRequest("PUT", "/api/v1/user/profile", { name: "Hacked" }, { Cookie: cookie, Origin: "https://evil.test" }),
    );
    expect(crossSite.status).toBe(401);
  });

  it("wrong methods answer 405 JSON", async () => {
    expect((await respond(apiUserAuth.action, jsonRequest("POST", "/api/v1/user/user-auth", {}))).status).toBe(405);
    expect((await respond(apiAdminAuth.action, jsonRequest("DELETE", "/api/v1/user/admin-auth", {}))).status).toBe(405);
    expect((await respond(apiOrders.action, jsonRequest("POST", "/api/v1/user/orders", {}))).status).toBe(405);
    const response = await respond(apiLogin.loader, get("/api/v1/user/login"));
    expect(response.status).toBe(405);
    expect(await response.json()).toMatchObject({ success: false });
  });
});
