// Two-factor sign-in on a real PostgreSQL: setting it up, the login's second
// step (HTML and API), replayed and wrong codes against the rate limits,
// recovery codes once, turning it off, and REQUIRE_ADMIN_2FA.
import { beforeAll, describe, expect, it, vi } from "vitest";

// Read once by env() when the modules load (hoisted above the imports).
vi.hoisted(() => {
  process.env.REQUIRE_ADMIN_2FA = "true";
});

import { checkSecondFactor } from "~/domain/accounts/second-factor.server";
import {
  confirmTwoFactor,
  disableTwoFactor,
  regenerateRecoveryCodes,
  startTwoFactorSetup,
  twoFactorStatus,
} from "~/domain/accounts/two-factor.server";
import { CODE_REQUIRED_MESSAGE, INVALID_CODE_MESSAGE, login } from "~/domain/accounts/user.server";
import { Role } from "~/domain/accounts/user";
import * as adminIndexRoute from "~/routes/dashboard.admin._index";
import * as api from "~/routes/api.v1.$";
import * as securityRoute from "~/routes/dashboard.user.security";
import * as loginRoute from "~/routes/login";
import * as secondStepRoute from "~/routes/login_.two-factor";
import { db } from "~/utils/db.server";
import { env } from "~/utils/env.server";
import { matchTotp, timeStep, totpAt } from "~/domain/accounts/totp.server";
import { cookieFor, createUser, expectFailure, expectOk, get, jsonRequest, postForm, respond, signedIn } from "../fixtures/integration";
import { checkAgainstContract } from "./api-harness";

const context = (ip: string) => ({ ip, userAgent: "vitest" });

/** The current code, after forgetting the last step used (as if that login was more than 30 s ago). */
async function currentCode(userId: string, secret: string): Promise<string> {
  await db.user.update({ where: { id: userId }, data: { totpLastStep: null } });
  return totpAt(secret, timeStep(Date.now()));
}

/** A user with two-factor sign-in on: the row, its secret and its ten recovery codes. */
async function withTwoFactor(role: Role = Role.User) {
  const user = await createUser({ role, hashed: true });
  expectOk(await startTwoFactorSetup(user));
  const status = await twoFactorStatus(user);
  if (status.enabled || !status.setup) throw new Error("setup did not start");
  const secret = status.setup.secret;
  const { recoveryCodes } = expectOk(await confirmTwoFactor(user, totpAt(secret, timeStep(Date.now()))));
  return { ...user, secret, recoveryCodes };
}

const sessionCount = (userId: string) => db.session.count({ where: { userId } });

function setCookies(response: Response): string[] {
  return response.headers.getSetCookie();
}
const cookiePair = (setCookie: string) => setCookie.split(";")[0];

describe("setting up", () => {
  it("shows an SVG QR code of the otpauth link and the secret, and turns on only with a right code", async () => {
    const user = await createUser();
    expect(await twoFactorStatus(user)).toEqual({ enabled: false, setup: null });
    expectOk(await startTwoFactorSetup(user));
    const status = await twoFactorStatus(user);
    if (status.enabled || !status.setup) throw new Error("expected a setup");
    expect(status.setup.qrSvg).toMatch(/^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(status.setup.otpauthUrl).toContain(`secret=${status.setup.secret}`);
    expect(status.setup.secret).toMatch(/^[A-Z2-7]{32}$/);

    const wrong = totpAt(status.setup.secret, timeStep(Date.now()) + 5);
    expect(expectFailure(await confirmTwoFactor(user, wrong)).message).toBe(INVALID_CODE_MESSAGE);
    const { recoveryCodes } = expectOk(await confirmTwoFactor(user, totpAt(status.setup.secret, timeStep(Date.now()))));
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    // Kept only as hashes.
    const stored = await db.recoveryCode.findMany({ where: { userId: user.id } });
    expect(stored).toHaveLength(10);
    for (const code of recoveryCodes) expect(stored.some((row) => row.codeHash.includes(code))).toBe(false);
    expect(await twoFactorStatus(user)).toEqual({ enabled: true, recoveryCodesLeft: 10 });
    // A second setup cannot replace a confirmed secret.
    expectFailure(await startTwoFactorSetup(user));
  });

  it("is done on the Security page without JavaScript: the recovery codes are in the confirming answer", async () => {
    const caller = await signedIn(Role.User);
    const cookie = await cookieFor(caller.token);
    const start = await respond(securityRoute.action, postForm("/dashboard/user/security", { intent: "start-2fa" }, { Cookie: cookie }));
    expect(start.status).toBe(302);
    const page = await (await respond(securityRoute.loader, get("/dashboard/user/security", { Cookie: cookie }))).json();
    expect(page.twoFactor.setup.qrSvg).toContain("<svg");
    const code = totpAt(page.twoFactor.setup.secret, timeStep(Date.now()));
    const confirm = await respond(
      securityRoute.action,
      postForm("/dashboard/user/security", { intent: "confirm-2fa", code }, { Cookie: cookie }),
    );
    expect(confirm.status).toBe(200);
    expect((await confirm.json()).recoveryCodes).toHaveLength(10);
    const bad = await respond(
      securityRoute.action,
      postForm("/dashboard/user/security", { intent: "disable-2fa", code: "12" }, { Cookie: cookie }),
    );
    expect(bad.status).toBe(400);
  });
});

describe("signing in", () => {
  it("the password alone opens no session; the second step with a right code does (HTML, no JavaScript needed)", async () => {
    const user = await withTwoFactor();
    const before = await sessionCount(user.id);
    const step1 = await respond(
      loginRoute.action,
      postForm("/login", { email: user.email, password: user.password, redirectTo: "/cart" }),
      {},
      { clientIp: "10.1.0.1" } as never,
    );
    expect(step1.status).toBe(302);
    expect(step1.headers.get("Location")).toBe("/login/two-factor");
    const pending = setCookies(step1).find((c) => c.startsWith("__pending_login="));
    expect(pending).toBeDefined();
    expect(setCookies(step1).some((c) => c.startsWith("__session="))).toBe(false);
    expect(await sessionCount(user.id)).toBe(before);

    // Without the pending cookie there is nothing to finish.
    expect((await respond(secondStepRoute.loader, get("/login/two-factor"))).headers.get("Location")).toBe("/login");
    const form = await respond(secondStepRoute.loader, get("/login/two-factor", { Cookie: cookiePair(pending!) }));
    expect(form.status).toBe(200);
    // It depends on a cookie the page cache does not key on: never kept.
    expect(form.headers.get("Cache-Control")).toBe("private, no-store");

    const wrong = await respond(
      secondStepRoute.action,
      postForm("/login/two-factor", { code: "000000" }, { Cookie: cookiePair(pending!) }),
      {},
      { clientIp: "10.1.0.1" } as never,
    );
    expect(wrong.status).toBe(400);
    expect(await sessionCount(user.id)).toBe(before);

    const code = await currentCode(user.id, user.secret);
    const step2 = await respond(secondStepRoute.action, postForm("/login/two-factor", { code }, { Cookie: cookiePair(pending!) }), {}, {
      clientIp: "10.1.0.1",
    } as never);
    expect(step2.status).toBe(302);
    expect(step2.headers.get("Location")).toBe("/cart");
    expect(setCookies(step2).some((c) => c.startsWith("__session="))).toBe(true);
    expect(await sessionCount(user.id)).toBe(before + 1);
    const session = await db.session.findFirst({ where: { userId: user.id }, orderBy: { createdAt: "desc" } });
    expect(session).toMatchObject({ ip: "10.1.0.1" });
  });

  it("refuses a code already used, and an older one, within their window", async () => {
    const user = await withTwoFactor();
    const code = await currentCode(user.id, user.secret);
    expectOk(await login({ email: user.email, password: user.password, code }, context("10.2.0.1")));
    expect(expectFailure(await login({ email: user.email, password: user.password, code }, context("10.2.0.1"))).message).toBe(
      INVALID_CODE_MESSAGE,
    );
    const older = totpAt(user.secret, timeStep(Date.now()) - 1);
    expect(matchTotp(user.secret, older)).not.toBeNull(); // inside the window, but before the step used
    expectFailure(await login({ email: user.email, password: user.password, code: older }, context("10.2.0.1")));
    // Two requests racing with one fresh code: exactly one wins.
    const fresh = await currentCode(user.id, user.secret);
    const results = await Promise.all([checkSecondFactor(user.id, fresh), checkSecondFactor(user.id, fresh)]);
    expect(results.filter(Boolean)).toHaveLength(1);
  });

  it("counts wrong codes toward the per address and account limit, even after right passwords", async () => {
    const user = await withTwoFactor();
    // Each try counts twice against the limit of 10: its password (a right
    // password forgives nothing until the code is right too) and its code.
    for (let i = 0; i < 5; i++) {
      const wrong = await login({ email: user.email, password: user.password, code: "000000" }, context("10.3.0.1"));
      expect(expectFailure(wrong).reason).toBe("invalid");
    }
    const code = await currentCode(user.id, user.secret);
    const limited = expectFailure(await login({ email: user.email, password: user.password, code }, context("10.3.0.1")));
    expect(limited.reason).toBe("rate_limited");
    // Another address is not locked out by this one.
    expectOk(await login({ email: user.email, password: user.password, code }, context("10.3.0.2")));
  });

  it("takes a recovery code once", async () => {
    const user = await withTwoFactor();
    const [first] = user.recoveryCodes;
    expectOk(await login({ email: user.email, password: user.password, code: first.toUpperCase() }, context("10.4.0.1")));
    const again = expectFailure(await login({ email: user.email, password: user.password, code: first }, context("10.4.0.1")));
    expect(again.message).toBe(INVALID_CODE_MESSAGE);
    expect(await twoFactorStatus(user)).toEqual({ enabled: true, recoveryCodesLeft: 9 });
  });

  it("API: a 401 asking for `code` without it, a token with a right one", async () => {
    const user = await withTwoFactor();
    const request = (body: object) => jsonRequest("POST", "/api/v1/user/login", body, { "User-Agent": "curl/8.5.0" });
    const noCode = request({ email: user.email, password: user.password });
    const asked = await respond(api.action, noCode.clone());
    expect(asked.status).toBe(401);
    await checkAgainstContract(noCode, asked.clone());
    expect((await asked.json()).message).toBe(CODE_REQUIRED_MESSAGE);
    const code = await currentCode(user.id, user.secret);
    const withCode = request({ email: user.email, password: user.password, code });
    const ok = await respond(api.action, withCode.clone());
    expect(ok.status).toBe(200);
    await checkAgainstContract(withCode, ok.clone());
    expect((await ok.json()).token).toEqual(expect.any(String));
    const session = await db.session.findFirst({ where: { userId: user.id }, orderBy: { createdAt: "desc" } });
    expect(session?.userAgent).toBe("curl/8.5.0");
  });
});

describe("turning off and new recovery codes", () => {
  it("ask for a current code; new codes replace the old ones", async () => {
    const user = await withTwoFactor();
    expectFailure(await regenerateRecoveryCodes(user, "000000", context("10.5.0.1")));
    const { recoveryCodes } = expectOk(await regenerateRecoveryCodes(user, await currentCode(user.id, user.secret), context("10.5.0.1")));
    expect(await checkSecondFactor(user.id, user.recoveryCodes[0])).toBeNull();
    expect(await checkSecondFactor(user.id, recoveryCodes[0])).toBe("recovery");

    expectFailure(await disableTwoFactor(user, "000000", context("10.5.0.1")));
    expectOk(await disableTwoFactor(user, await currentCode(user.id, user.secret), context("10.5.0.1")));
    expect(await twoFactorStatus(user)).toEqual({ enabled: false, setup: null });
    expect(await db.recoveryCode.count({ where: { userId: user.id } })).toBe(0);
    // The password alone works again.
    expectOk(await login({ email: user.email, password: user.password }, context("10.5.0.1")));
  });
});

describe("REQUIRE_ADMIN_2FA", () => {
  beforeAll(() => expect(env().REQUIRE_ADMIN_2FA).toBe(true));

  it("sends an admin without two-factor to set it up, before any admin page or API call", async () => {
    const admin = await signedIn(Role.Admin);
    const cookie = await cookieFor(admin.token);
    const page = await respond(adminIndexRoute.loader, get("/dashboard/admin", { Cookie: cookie }));
    expect(page.status).toBe(302);
    expect(page.headers.get("Location")).toBe("/dashboard/user/security?required=1");
    const apiCall = await respond(api.loader, get("/api/v1/user/admin-auth", { Authorization: admin.token }));
    expect(apiCall.status).toBe(403);
    expect((await apiCall.json()).message).toMatch(/two-factor/);
    // The Security page itself stays open to them, and says why they are there.
    const security = await respond(securityRoute.loader, get("/dashboard/user/security", { Cookie: cookie }));
    expect(security.status).toBe(200);
    expect((await security.json()).mustEnable).toBe(true);
  });

  it("lets an admin with two-factor in, and ordinary users are unaffected", async () => {
    const admin = await withTwoFactor(Role.Admin);
    const token = expectOk(
      await login({ email: admin.email, password: admin.password, code: admin.recoveryCodes[0] }, context("10.6.0.1")),
    ).token;
    expect((await respond(adminIndexRoute.loader, get("/dashboard/admin", { Cookie: await cookieFor(token) }))).status).toBe(200);
    expect((await respond(api.loader, get("/api/v1/user/admin-auth", { Authorization: token }))).status).toBe(200);
    const user = await signedIn(Role.User);
    expect((await respond(api.loader, get("/api/v1/user/user-auth", { Authorization: user.token }))).status).toBe(200);
  });
});
