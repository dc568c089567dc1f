// An account's sessions on a real PostgreSQL: the list (browser or API,
// address, signed in, last seen, this device), signing one or every other
// out, a password change signing the others out, and, across two server
// processes (the built server, as `npm start` runs it), a signed-out
// session's cookie and token stopping at once on both, cached pages included.
import { spawn, type ChildProcess } from "node:child_process";
import http from "node:http";
import path from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { freePort } from "../../scripts/db.js";
import { describeClient, listSessions, signOutEverywhereElse, signOutSession } from "~/domain/accounts/account-sessions.server";
import { updateProfile } from "~/domain/accounts/user.server";
import { db } from "~/utils/db.server";
import { createSession, hashToken, LAST_SEEN_EVERY_MS, userForToken } from "~/domain/accounts/session.server";
import { sessionCookie } from "~/http/session-cookie.server";
import { createUser } from "../fixtures/integration";

const buildPath = process.env.TEST_REMIX_BUILD;
const serverPath = process.env.TEST_SERVER_BUILD;
if (!buildPath || !serverPath) throw new Error("Run with `node scripts/test.js unit`: it builds the app and the server first.");

vi.setConfig({ testTimeout: 90_000 });

const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1";

describe("the list of sessions", () => {
  it("tells browsers from API clients by the user agent", () => {
    expect(describeClient(CHROME)).toEqual({ kind: "browser", client: "Chrome on Linux" });
    expect(describeClient(IPHONE)).toEqual({ kind: "browser", client: "Safari on iOS" });
    expect(describeClient("curl/8.5.0")).toEqual({ kind: "api", client: "API client (curl/8.5.0)" });
    expect(describeClient("")).toEqual({ kind: "unknown", client: "Unknown client" });
  });

  it("lists the account's live sessions with address and times, marking this device", async () => {
    const user = await createUser();
    const laptop = await createSession(user.id, { ip: "10.9.0.1", userAgent: CHROME });
    await createSession(user.id, { ip: "10.9.0.2", userAgent: "curl/8.5.0" });
    const stranger = await createUser();
    await createSession(stranger.id, { ip: "10.9.0.3", userAgent: CHROME });
    const sessions = await listSessions(user.id, laptop);
    expect(sessions).toHaveLength(2);
    expect(sessions.find((s) => s.current)).toMatchObject({ ip: "10.9.0.1", kind: "browser", client: "Chrome on Linux" });
    expect(sessions.find((s) => !s.current)).toMatchObject({ ip: "10.9.0.2", kind: "api" });
  });

  it("notes when a session was last seen, at most once a minute", async () => {
    const user = await createUser();
    const token = await createSession(user.id);
    const id = hashToken(token);
    const old = new Date(Date.now() - 2 * LAST_SEEN_EVERY_MS);
    await db.session.update({ where: { id }, data: { lastSeenAt: old } });
    await userForToken(token);
    await vi.waitFor(async () => {
      const row = await db.session.findUniqueOrThrow({ where: { id } });
      expect(row.lastSeenAt.getTime()).toBeGreaterThan(old.getTime());
    });
    const seen = (await db.session.findUniqueOrThrow({ where: { id } })).lastSeenAt;
    await userForToken(token);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await db.session.findUniqueOrThrow({ where: { id } })).lastSeenAt).toEqual(seen);
  });

  it("signs out one other session, or every other one, but never this device through Sign out", async () => {
    const user = await createUser();
    const here = await createSession(user.id);
    const phone = await createSession(user.id);
    const tablet = await createSession(user.id);
    expect(await signOutSession(user, hashToken(here), here)).toBe(false);
    expect(await signOutSession(user, hashToken(phone), here)).toBe(true);
    expect(await userForToken(phone)).toBeNull();
    expect(await userForToken(tablet)).not.toBeNull();
    // Someone else's session is not this account's to end.
    const other = await createUser();
    const theirs = await createSession(other.id);
    expect(await signOutSession(user, hashToken(theirs), here)).toBe(false);
    expect(await userForToken(theirs)).not.toBeNull();

    expect(await signOutEverywhereElse(user, here)).toBe(1);
    expect(await userForToken(tablet)).toBeNull();
    expect(await userForToken(here)).not.toBeNull();
    const kinds = (await db.auditEntry.findMany({ where: { targetId: user.id }, orderBy: { at: "asc" } })).map((e) => e.kind);
    expect(kinds).toEqual(["session.revoked", "session.others-revoked"]);
  });

  it("a new password signs out every other session", async () => {
    const user = await createUser({ hashed: true });
    const here = await createSession(user.id);
    const elsewhere = await createSession(user.id);
    const changed = await updateProfile(user.id, { password: "Another-Secret-9", currentPassword: user.password }, here, { ip: null });
    expect(changed.ok).toBe(true);
    expect(await userForToken(elsewhere)).toBeNull();
    expect(await userForToken(here)).not.toBeNull();
  });
});

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string };

function send(port: number, options: { method?: string; path?: string; headers?: Record<string, string>; body?: string }): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: "127.0.0.1", port, method: options.method ?? "GET", path: options.path ?? "/", headers: options.headers, agent: false },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString("utf8") }),
        );
      },
    );
    request.on("error", reject);
    request.end(options.body);
  });
}

describe("two server processes sharing one database", () => {
  const children: ChildProcess[] = [];
  afterAll(async () => {
    await Promise.all(
      children.map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null) return resolve();
            child.once("exit", () => resolve());
            child.kill("SIGTERM");
          }),
      ),
    );
  });

  async function startShop() {
    const shopPort = await freePort();
    let output = "";
    const child = spawn(process.execPath, [serverPath!], {
      env: {
        ...process.env,
        REMIX_BUILD_DIR: path.dirname(buildPath!),
        NODE_ENV: "",
        PORT: String(shopPort),
        SEED: "false",
        ACCESS_LOG: "false",
        WEB_CONCURRENCY: "1",
      } as Record<string, string | undefined> as NodeJS.ProcessEnv,
      stdio: ["ignore", "pipe", "pipe"],
    });
    children.push(child);
    child.stdout!.on("data", (chunk: Buffer) => (output += chunk));
    child.stderr!.on("data", (chunk: Buffer) => (output += chunk));
    await vi.waitFor(
      async () => {
        if (child.exitCode !== null) throw new Error(`the shop stopped:\n${output}`);
        expect((await send(shopPort, { path: "/healthz" })).status).toBe(200);
      },
      { timeout: 60_000, interval: 250 },
    );
    return shopPort;
  }

  it("a session signed out on one instance stops working on both at once, cached pages and API token included", async () => {
    const [a, b] = await Promise.all([startShop(), startShop()]);
    const user = await createUser();
    const laptop = await createSession(user.id, { userAgent: CHROME });
    const phone = await createSession(user.id, { userAgent: IPHONE });
    const api = await createSession(user.id, { userAgent: "curl/8.5.0" });
    const cookieOf = async (token: string) => (await sessionCookie().serialize(token)).split(";")[0];
    const [laptopCookie, phoneCookie] = await Promise.all([cookieOf(laptop), cookieOf(phone)]);

    // The phone's signed-in home page is kept by both instances.
    for (const shop of [a, b]) await send(shop, { path: "/", headers: { Cookie: phoneCookie } });
    for (const shop of [a, b]) {
      const answer = await send(shop, { path: "/", headers: { Cookie: phoneCookie } });
      expect(answer.headers["x-page-cache"]).toBe("hit");
      expect(answer.body).toContain(user.name);
    }

    // The laptop signs the phone out through A's Security page (a plain form post).
    const out = await send(a, {
      method: "POST",
      path: "/dashboard/user/security",
      headers: { Cookie: laptopCookie, Origin: `http://127.0.0.1:${a}`, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "sign-out-session", session: hashToken(phone) }).toString(),
    });
    expect(out.status).toBe(302);
    for (const shop of [b, a]) {
      const answer = await send(shop, { path: "/", headers: { Cookie: phoneCookie } });
      expect(answer.headers["x-page-cache"]).not.toBe("hit");
      expect(answer.body).not.toContain(user.name);
      expect((await send(shop, { path: "/dashboard/user/profile", headers: { Cookie: phoneCookie } })).status).toBe(401);
    }
    // The entry names who did it and from where (the server's actor context).
    const entry = await db.auditEntry.findFirstOrThrow({ where: { targetId: user.id, kind: "session.revoked" } });
    expect(entry).toMatchObject({ actorId: user.id, actorEmail: user.email, actorIp: "127.0.0.1" });

    // "Sign out everywhere else" through B: the API token stops on A at once.
    expect((await send(a, { path: "/api/v1/user/user-auth", headers: { Authorization: api } })).status).toBe(200);
    const everywhere = await send(b, {
      method: "POST",
      path: "/dashboard/user/security",
      headers: { Cookie: laptopCookie, Origin: `http://127.0.0.1:${b}`, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "sign-out-others" }).toString(),
    });
    expect(everywhere.status).toBe(302);
    expect((await send(a, { path: "/api/v1/user/user-auth", headers: { Authorization: api } })).status).toBe(401);
    expect((await send(a, { path: "/dashboard/user/security", headers: { Cookie: laptopCookie } })).status).toBe(200);
  });
});
