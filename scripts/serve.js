// `npm start`: the whole shop on one machine. Starts the embedded PostgreSQL
// (unless DATABASE_URL is set), applies migrations, seeds the demo shop
// (unless SEED=false), starts the local Stripe stand-in (unless
// STRIPE_SECRET_KEY is set), then runs remix-serve, forwarding signals and
// stopping everything it started.
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { ensureDatabase, freePort, migrate, root, seed } from "./db.js";

const env = { ...process.env };
const port = Number(env.PORT) || 3000;
env.PORT = String(port);
const local = env.NODE_ENV !== "production";
if (local) env.LOCAL_DEFAULTS = "1";
env.NODE_ENV = "production";
const appUrl = env.APP_URL || `http://localhost:${port}`;

const stops = [];
let child;
let stopping = false;

async function shutdown(code) {
  if (stopping) return;
  stopping = true;
  if (child && child.exitCode === null) {
    child.kill("SIGTERM");
    await new Promise((resolve) => {
      const timer = setTimeout(() => { child.kill("SIGKILL"); resolve(); }, 5000);
      child.once("exit", () => { clearTimeout(timer); resolve(); });
    });
  }
  for (const stop of stops.reverse()) {
    try { await stop(); } catch (error) { console.error(error); }
  }
  process.exit(code);
}
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(signal, () => shutdown(0));

try {
  const db = await ensureDatabase();
  stops.push(db.stop);
  env.DATABASE_URL = db.url;
  await migrate(db.url);
  if (env.SEED !== "false") await seed(db.url);

  if (!env.STRIPE_SECRET_KEY) {
    if (!local) throw new Error("STRIPE_SECRET_KEY is required in production (the local Stripe stand-in is for development only)");
    const { startFakeStripe } = await import("./stripe-fake.js");
    env.STRIPE_SECRET_KEY = "sk_test_local_fake";
    // A fresh secret per run: a published one would let anyone forge payment events.
    env.STRIPE_WEBHOOK_SECRET ||= `whsec_local_${(await import("node:crypto")).randomBytes(24).toString("hex")}`;
    const fake = await startFakeStripe({
      port: Number(env.STRIPE_FAKE_PORT) || (await freePort()),
      webhookUrl: `${appUrl.replace(/\/$/, "")}/api/v1/payments/webhook`,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET,
    });
    stops.push(fake.stop);
    env.STRIPE_API_BASE = fake.url;
    console.log(`Local Stripe stand-in at ${fake.url}`);
  }

  const build = env.REMIX_BUILD_DIR ? path.join(env.REMIX_BUILD_DIR, "index.js") : path.join(root, "build/index.js");
  if (!fs.existsSync(build)) throw new Error(`No server build at ${build}: run \`npm run build\` first`);
  const preload = path.join(root, "scripts/remix-serve-preload.cjs");
  child = spawn(process.execPath, ["-r", preload, path.join(root, "node_modules/@remix-run/serve/dist/cli.js"), build], {
    cwd: root,
    env,
    stdio: "inherit",
  });
  child.on("exit", (code) => shutdown(code ?? 1));
  console.log(`Storefront starting at ${appUrl}`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  await shutdown(1);
}
