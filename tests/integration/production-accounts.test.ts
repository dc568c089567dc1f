// No account with a known password in production: the built server started
// as a deployment runs it (NODE_ENV=production, no local defaults) seeds
// nothing unless SEED=true, and even then no demo account; the owner makes
// the first admin with `npm run create-admin` (scripts/create-admin.ts).
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import http from "node:http";
import path from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { freePort, root, seed } from "../../scripts/db.js";
import { DEMO_ACCOUNTS } from "../../prisma/seed-accounts";
import { authenticate } from "~/domain/accounts/user.server";
import { Role } from "~/domain/accounts/user";
import { readServerConfig } from "../../server/config";
import { db } from "~/utils/db.server";

const serverPath = process.env.TEST_SERVER_BUILD;
const appBuild = process.env.TEST_REMIX_BUILD;
if (!serverPath || !appBuild) throw new Error("Run with `node scripts/test.js unit`: it builds the app and the server first.");

vi.setConfig({ testTimeout: 120_000 });
const tag = () => randomBytes(4).toString("hex");

/** Runs a command to its end with this file's database; its exit code and output. */
function run(command: string, args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(command, args, {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk));
    child.on("exit", (code) => resolve({ code, output }));
  });
}

const healthy = (port: number) =>
  new Promise<boolean>((resolve) => {
    http
      .get({ host: "127.0.0.1", port, path: "/healthz", agent: false }, (response) => {
        response.resume();
        resolve(response.statusCode === 200);
      })
      .on("error", () => resolve(false));
  });

const running: ReturnType<typeof spawn>[] = [];
afterAll(() => {
  for (const child of running) child.kill("SIGKILL");
});

/** The built server as a deployment starts it, against this file's database; stopped (SIGTERM) once it answered. */
async function productionStart(env: Record<string, string>) {
  const port = await freePort();
  const child = spawn(process.execPath, [serverPath!], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      LOCAL_DEFAULTS: "",
      PORT: String(port),
      WEB_CONCURRENCY: "1",
      ACCESS_LOG: "false",
      REMIX_BUILD_DIR: path.dirname(appBuild!),
      SESSION_SECRET: randomBytes(24).toString("hex"),
      STRIPE_SECRET_KEY: "sk_test_never_called",
      STRIPE_WEBHOOK_SECRET: "whsec_production_accounts_test",
      // Required in production; nothing is sent in these tests.
      SMTP_URL: "smtp://127.0.0.1:2525",
      ...env,
    } as NodeJS.ProcessEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  running.push(child);
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  const until = Date.now() + 90_000;
  while (!(await healthy(port))) {
    if (Date.now() > until || child.exitCode !== null) throw new Error(`the shop did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill("SIGTERM");
  expect(await exited).toBe(0);
  return output;
}

describe("seeding in production", () => {
  it("is off unless asked for, and on by default locally", () => {
    const saved = { NODE_ENV: process.env.NODE_ENV, LOCAL_DEFAULTS: process.env.LOCAL_DEFAULTS, SEED: process.env.SEED };
    try {
      Object.assign(process.env, { NODE_ENV: "production", LOCAL_DEFAULTS: "", SEED: "" });
      expect(readServerConfig().seed).toBe(false);
      process.env.SEED = "true";
      expect(readServerConfig().seed).toBe(true);
      Object.assign(process.env, { LOCAL_DEFAULTS: "1", SEED: "" });
      expect(readServerConfig().seed).toBe(true);
      Object.assign(process.env, { NODE_ENV: "development", LOCAL_DEFAULTS: "" });
      expect(readServerConfig().seed).toBe(true);
    } finally {
      for (const [name, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    }
  });

  it("a production start seeds nothing by default: no account, no demo shop", async () => {
    await productionStart({});
    expect(await db.user.count()).toBe(0);
    expect(await db.product.count()).toBe(0);
  });

  // The seed draws every product's photo: slow on a busy machine, hence the long timeout.
  it("with SEED=true, production seeds the catalogue and no account with a known password", { timeout: 300_000 }, async () => {
    await seed(process.env.DATABASE_URL!, { NODE_ENV: "production", LOCAL_DEFAULTS: "" });
    expect(await db.product.count()).toBeGreaterThan(0);
    for (const account of Object.values(DEMO_ACCOUNTS)) {
      expect(await db.user.findUnique({ where: { email: account.email } })).toBeNull();
      expect(await authenticate(account.email, account.password)).toBeNull();
    }
    expect(await db.user.count()).toBe(0);
  });
});

describe("npm run create-admin", () => {
  const createAdmin = (env: Record<string, string>) =>
    run(process.execPath, [path.join(root, "node_modules/tsx/dist/cli.mjs"), "scripts/create-admin.ts"], env);

  it("creates an admin with the password from the environment, held to the shop's rules", async () => {
    const email = `owner-${tag()}@shop.test`;
    const weak = await createAdmin({ ADMIN_EMAIL: email, ADMIN_PASSWORD: "short" });
    expect(weak.code).toBe(1);
    expect(weak.output).toContain("Password must be at least 8 characters");
    expect(await db.user.findUnique({ where: { email } })).toBeNull();

    const made = await createAdmin({ ADMIN_EMAIL: email, ADMIN_PASSWORD: "A long secret 1" });
    expect(made.code, made.output).toBe(0);
    const admin = await authenticate(email, "A long secret 1");
    expect(admin?.role).toBe(Role.Admin);
  });

  it("promotes an existing account and leaves its password alone", async () => {
    const email = `shopper-${tag()}@shop.test`;
    await db.user.create({ data: { name: "Shopper", email, passwordHash: "x", phone: "1", address: "a", answerHash: "x" } });
    const promoted = await createAdmin({ ADMIN_EMAIL: email, ADMIN_PASSWORD: "Another secret 2" });
    expect(promoted.code, promoted.output).toBe(0);
    expect(promoted.output).toContain("is now an admin");
    expect(await db.user.findUniqueOrThrow({ where: { email } })).toMatchObject({ role: Role.Admin, passwordHash: "x" });
  });

  it("asks for what the environment does not give, and says so without a terminal", async () => {
    const missing = await createAdmin({ ADMIN_EMAIL: `nobody-${tag()}@shop.test` });
    expect(missing.code).toBe(1);
    expect(missing.output).toMatch(/Password is needed: set ADMIN_PASSWORD/);
  });
});
