// The database's life cycle, in production as on a laptop: where the project
// is, a free port, creating the database when missing, the start-up lock,
// applying the committed migrations (ours, then the job queue's) and the
// idempotent seed. The server (server/) and the scripts (scripts/db.js, the
// test runner, the benchmarks) share it; the local stand-ins live in dev/.
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The project folder: the nearest one up with this project's package.json (this file may be bundled into server-build/). */
export const root = (() => {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    try {
      if (JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8")).name === "storefront") return dir;
    } catch {
      // No package.json here: keep looking up.
    }
    const parent = path.dirname(dir);
    if (parent === dir) return path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
    dir = parent;
  }
})();

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Run a SQL statement on a server (for CREATE DATABASE and friends). */
export async function adminQuery(url, sql) {
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  await client.connect();
  try {
    return await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Where a URL points, for messages (never its password). */
export function describeDatabase(url) {
  try {
    const { hostname, port, pathname } = new URL(url);
    return `${hostname}:${port || 5432}${pathname}`;
  } catch {
    return "an unreadable DATABASE_URL";
  }
}

// Errors that mean the server was never reached (or would not let us in), as against a statement it refused.
const UNREACHABLE = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "ETIMEDOUT", "EHOSTUNREACH", "ENETUNREACH", "ECONNRESET"]);

function unreachableReason(error) {
  if (error?.code === "ECONNREFUSED") return "connection refused";
  if (error?.code === "ENOTFOUND") return "no such host";
  if (UNREACHABLE.has(error?.code) || /timeout|terminated unexpectedly/i.test(error?.message ?? "")) return error.message || error.code;
  return null;
}

/**
 * Create the URL's database when it is missing. Several instances may start at
 * once on an empty server: each may find it missing, and the ones that lose the
 * race get "already exists" (42P04) or, when two CREATEs overlap, a unique
 * violation on pg_database's name index (23505); both mean it is there now.
 */
export async function ensureDatabaseExists(url) {
  try {
    await createDatabaseIfMissing(url);
  } catch (error) {
    const unreachable = unreachableReason(error);
    if (unreachable)
      throw new Error(`Cannot reach PostgreSQL at ${describeDatabase(url)} (DATABASE_URL): ${unreachable}`, { cause: error });
    throw new Error(`Could not create the database at ${describeDatabase(url)}: ${error?.message || String(error)}`, { cause: error });
  }
}

async function createDatabaseIfMissing(url) {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  const admin = new URL(url);
  admin.pathname = "/postgres";
  const existing = await adminQuery(admin.toString(), {
    text: "SELECT 1 FROM pg_database WHERE datname = $1",
    values: [name],
  });
  if (existing.rowCount > 0) return;
  try {
    await adminQuery(admin.toString(), `CREATE DATABASE "${name.replace(/"/g, '""')}"`);
  } catch (error) {
    const raced = error?.code === "42P04" || (error?.code === "23505" && /pg_database/.test(error?.constraint ?? error?.message ?? ""));
    if (!raced) throw error;
  }
}

/**
 * Run `work` holding the shop's start-up lock in `databaseUrl`: a session
 * advisory lock, so instances started together migrate and seed one after
 * another and the later ones find nothing left to do. (Prisma's own migrate
 * lock gives up after 10 s and does not cover the job queue or the seed.)
 * `onWait` is told once when another instance holds it.
 */
export async function withStartupLock(databaseUrl, work, { onWait = () => {}, onTurn = () => {} } = {}) {
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 10_000, application_name: "storefront-start" });
  client.on("error", () => {});
  try {
    await client.connect();
  } catch (error) {
    const unreachable = unreachableReason(error);
    throw new Error(`Cannot reach PostgreSQL at ${describeDatabase(databaseUrl)}: ${unreachable ?? error?.message ?? String(error)}`, {
      cause: error,
    });
  }
  try {
    const [classId, objectId] = STARTUP_LOCK;
    const { rows } = await client.query("SELECT pg_try_advisory_lock($1, $2) AS locked", [classId, objectId]);
    if (!rows[0].locked) {
      onWait();
      await client.query("SELECT pg_advisory_lock($1, $2)", [classId, objectId]);
    }
    onTurn();
    return await work();
  } finally {
    // Ending the session releases the lock, also when `work` failed.
    await client.end().catch(() => {});
  }
}

/** The start-up lock's key: two int4s, so it never meets Prisma's one-bigint migrate lock. */
const STARTUP_LOCK = [0x53544f52, 0x53544152]; // "STOR", "STAR"

/**
 * Bring a database up to date for this checkout under the start-up lock:
 * migrations (ours, then the job queue's) and, when `seedIt`, the idempotent seed.
 */
export async function prepareDatabase(databaseUrl, { seed: seedIt = false, log = console.log, onWait = () => {}, onTurn = () => {} } = {}) {
  await withStartupLock(
    databaseUrl,
    async () => {
      await migrate(databaseUrl);
      if (seedIt) await seed(databaseUrl);
    },
    {
      onWait: () => {
        log("Another instance is migrating this database; waiting for it");
        onWait();
      },
      onTurn,
    },
  );
}

function run(command, args, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env }, stdio: "inherit" });
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(" ")} exited with ${code}`))));
  });
}

/** The migrations this checkout ships (prisma/migrations' folder names), oldest first. */
export function shippedMigrations() {
  const dir = path.join(root, "prisma/migrations");
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && fs.existsSync(path.join(dir, entry.name, "migration.sql")))
    .map((entry) => entry.name)
    .sort();
}

export async function migrate(databaseUrl) {
  await run(
    process.execPath,
    ["-r", path.join(root, "prisma/preload.cjs"), path.join(root, "node_modules/prisma/build/index.js"), "migrate", "deploy"],
    { DATABASE_URL: databaseUrl, CHECKPOINT_DISABLE: "1", PRISMA_HIDE_UPDATE_MESSAGE: "1" },
  ).catch((error) => {
    throw new Error(`prisma migrate deploy failed (its output is above): ${error.message}`, { cause: error });
  });
  await installJobQueue(databaseUrl).catch((error) => {
    throw new Error(`installing the job queue's tables failed: ${error?.message ?? error}`, { cause: error });
  });
}

/**
 * The job queue's tables (pg-boss, schema "pgboss"; see app/jobs/queue.server.ts)
 * are pg-boss's own migrations, applied with ours so that no app process
 * waits on them (it only checks the version and creates missing queues).
 */
export async function installJobQueue(databaseUrl) {
  const { default: PgBoss } = await import("pg-boss");
  const boss = new PgBoss({ connectionString: databaseUrl, schema: "pgboss", max: 1, supervise: false, schedule: false });
  boss.on("error", () => {});
  await boss.start();
  await boss.stop({ graceful: false, timeout: 1000, wait: true });
}

export function seed(databaseUrl, extraEnv = {}) {
  return run(path.join(root, "node_modules/.bin/tsx"), [path.join(root, "prisma/seed.ts")], {
    DATABASE_URL: databaseUrl,
    ...extraEnv,
  }).catch((error) => {
    throw new Error(`the seed failed (its output is above): ${error.message}`, { cause: error });
  });
}
