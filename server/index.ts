// `npm start`: the whole shop. The primary process owns the life cycle: it
// starts the database (supervised when embedded), applies migrations and seeds
// (under a lock, so replicas started together take turns),
// runs the local Stripe stand-in when no key is set, and keeps WEB_CONCURRENCY
// HTTP workers (server/worker.ts) running on one port. SIGTERM/SIGINT drain the
// workers, then stop the stand-in and PostgreSQL; SIGHUP replaces the workers
// one at a time (a rolling restart with no failed request). Every start-up
// failure ends the process with exit code 1 and one line that says what and where.
import cluster, { type Worker } from "node:cluster";
import { randomBytes } from "node:crypto";
import { freePort, prepareDatabase } from "./db-lifecycle.js";
import { ConfigError, readServerConfig, type ServerConfig } from "./config";
import { startDatabase } from "./database";
import { serveClusterMetrics } from "./metrics";
import { runWorker, type WorkerMessage } from "./worker";

// How long one start-up step may take (the database, migrations, a worker's start): a step, not
// the whole start, so replicas started together on a busy machine, each waiting its turn for the
// migration lock and then starting its workers, are not stopped for the sum of their steps.
const STEP_DEADLINE_MS = 55_000;

/** Under `npm run dev` our parent is remix dev, which would otherwise wait for a server that never comes. */
function stopDevServer() {
  if (process.env.REMIX_DEV_ORIGIN && cluster.isPrimary) process.kill(process.ppid, "SIGTERM");
}

function failAndExit(error: unknown): never {
  console.error(`Storefront could not start: ${error instanceof Error ? error.message : String(error)}`);
  stopDevServer();
  process.exit(1);
}

/** This machine's address as the shop listens on it (HOST, or loopback when it listens on every interface). */
function webhookHost(host: string | undefined): string {
  if (!host || host === "0.0.0.0" || host === "::") return "127.0.0.1";
  return host.includes(":") ? `[${host}]` : host;
}

async function runPrimary(config: ServerConfig) {
  const env = process.env;
  if (config.local) env.LOCAL_DEFAULTS = "1";
  // Under `npm run dev` (remix dev) development, so React and <LiveReload /> run in their dev form.
  env.NODE_ENV = config.devServerOrigin ? "development" : "production";
  env.PORT = String(config.port);
  // APP_URL stays unset unless configured: then each request's own origin is the shop's (server/middleware/public-origin.ts).
  if (config.appUrl) env.APP_URL = config.appUrl;
  else delete env.APP_URL;
  const localUrl = `http://localhost:${config.port}`;

  const stops: (() => Promise<void>)[] = [];
  let stopping = false;
  let step = "reading the configuration";
  // Slot → worker; a slot keeps its number across restarts (slot 0 runs the background jobs).
  const workers = new Map<number, Worker>();
  const replacing = new Set<Worker>();
  const crashes: number[] = [];

  const waitForExit = (worker: Worker, ms: number) =>
    new Promise<void>((resolve) => {
      if (worker.isDead()) return resolve();
      const timer = setTimeout(() => {
        worker.process.kill("SIGKILL");
        resolve();
      }, ms);
      worker.once("exit", () => {
        clearTimeout(timer);
        resolve();
      });
    });

  async function shutdown(code: number) {
    if (stopping) return;
    stopping = true;
    const all = [...(cluster.workers ? Object.values(cluster.workers) : [])].filter((w): w is Worker => !!w && !w.isDead());
    for (const worker of all) worker.send("shutdown");
    await Promise.all(all.map((worker) => waitForExit(worker, config.shutdownTimeoutMs + 2_000)));
    for (const stop of stops.reverse()) {
      try {
        await stop();
      } catch (error) {
        console.error(error instanceof Error ? error.message : error);
      }
    }
    process.exit(code);
  }

  /** Fork a worker for `slot` and wait until it listens; a worker that cannot start rejects with its reason. */
  function fork(slot: number): Promise<Worker> {
    // Slot 0 runs the background jobs itself; no worker's build starts them on import.
    const worker = cluster.fork({ WORKER_SLOT: String(slot), RUN_BACKGROUND_JOBS: slot === 0 ? "1" : "0", BACKGROUND_JOBS: "false" });
    return new Promise((resolve, reject) => {
      worker.on("message", (message: WorkerMessage) => {
        if (message.type === "ready") resolve(worker);
        if (message.type === "fatal") reject(new Error(message.message));
      });
      worker.once("exit", (code, signal) => {
        reject(new Error(`a worker exited during start-up (${signal ?? `code ${code}`})`));
        if (stopping || replacing.has(worker)) return;
        if (workers.get(slot) !== worker) return;
        // A running worker died: note it and start another in its place.
        const now = Date.now();
        crashes.push(now);
        while (crashes.length && crashes[0] < now - 60_000) crashes.shift();
        if (crashes.length > 5) {
          console.error("Storefront stopped: workers crashed more than 5 times in a minute");
          void shutdown(1);
          return;
        }
        console.error(`Worker ${slot} stopped (${signal ?? `code ${code}`}); starting another`);
        setTimeout(() => {
          if (stopping) return;
          fork(slot).then(
            (fresh) => workers.set(slot, fresh),
            (error) => console.error(`Worker ${slot} could not start again: ${error.message}`),
          );
        }, 500);
      });
    }).then((ready) => {
      workers.set(slot, ready as Worker);
      return ready as Worker;
    });
  }

  /** SIGHUP: each worker in turn is replaced by a fresh one, which listens before the old one drains. */
  let rolling = false;
  async function rollingRestart() {
    if (rolling || stopping) return;
    rolling = true;
    try {
      for (const [slot, old] of [...workers.entries()]) {
        const fresh = await fork(slot);
        replacing.add(old);
        workers.set(slot, fresh);
        old.send("shutdown");
        await waitForExit(old, config.shutdownTimeoutMs + 2_000);
        replacing.delete(old);
      }
      console.log("All workers restarted");
    } catch (error) {
      console.error(`Rolling restart failed: ${error instanceof Error ? error.message : error}`);
    } finally {
      rolling = false;
    }
  }

  for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => void shutdown(0));
  process.on("SIGHUP", () => void rollingRestart());

  let deadline: NodeJS.Timeout | undefined;
  /** The step now under way, with a deadline of its own. */
  const begin = (name: string, { timed = true }: { timed?: boolean } = {}) => {
    step = name;
    clearTimeout(deadline);
    if (!timed) return;
    deadline = setTimeout(() => {
      console.error(`Storefront could not start: still ${step} after ${STEP_DEADLINE_MS / 1000} s`);
      void shutdown(1);
    }, STEP_DEADLINE_MS);
  };
  begin(step);

  try {
    begin("starting the database");
    const database = await startDatabase(config, config.port);
    stops.push(database.stop);
    env.DATABASE_URL = database.url;
    // Under the start-up lock: instances started together take turns, and only the first finds work to do.
    const migrating = config.seed ? "applying migrations and seeding the demo shop" : "applying migrations";
    begin(migrating);
    // Waiting for another instance's migrations has no deadline of its own: that instance has one.
    await prepareDatabase(database.url, {
      seed: config.seed,
      onWait: () => begin("waiting for another instance's migrations", { timed: false }),
      onTurn: () => begin(migrating),
    });
    if (!env.STRIPE_SECRET_KEY) {
      if (!config.local) throw new Error("STRIPE_SECRET_KEY is required in production (the local Stripe stand-in is for development only)");
      begin("starting the local Stripe stand-in");
      const { startFakeStripe } = await import("../dev/stripe-fake.js");
      env.STRIPE_SECRET_KEY = "sk_test_local_fake";
      // A secret of this run only: nobody can forge the stand-in's events with a published one.
      env.STRIPE_WEBHOOK_SECRET ||= `whsec_local_${randomBytes(24).toString("hex")}`;
      const fake = await startFakeStripe({
        port: config.stripeFakePort || (await freePort()),
        // Server to server: the stand-in posts to this machine whatever address the shopper used.
        webhookUrl: `${config.appUrl ?? `http://${webhookHost(config.host)}:${config.port}`}/api/v1/payments/webhook`,
        webhookSecret: env.STRIPE_WEBHOOK_SECRET,
      });
      stops.push(fake.stop);
      env.STRIPE_API_BASE = fake.url;
      console.log(`Local Stripe stand-in at ${fake.url}`);
    }
    if (!env.SMTP_URL) {
      if (!config.local)
        throw new Error(
          "SMTP_URL is required in production (smtp://user:pass@host:587 or smtps://…; the local inbox is for development only)",
        );
      begin("starting the local mail inbox");
      const { startMailCatcher } = await import("../dev/mail-catcher.js");
      const inbox = await startMailCatcher({ webPort: config.mailInboxPort });
      stops.push(inbox.stop);
      env.SMTP_URL = inbox.smtpUrl;
      console.log(`Local mail inbox at ${inbox.inboxUrl} (every e-mail the shop sends lands there)`);
    }
    // Every worker's metrics, added up: for /metrics (with METRICS_TOKEN) and on METRICS_PORT.
    const metrics = serveClusterMetrics(config.metricsPort, config.host, (listener) => cluster.on("message", listener));
    stops.push(metrics.stop);
    if (metrics.listening) {
      begin(`serving metrics on port ${config.metricsPort}`);
      await metrics.listening;
      console.log(`Metrics at http://localhost:${config.metricsPort}/metrics`);
    }
    begin(`starting ${config.webConcurrency} worker(s) on port ${config.port}`);
    await Promise.all(Array.from({ length: config.webConcurrency }, (_, slot) => fork(slot)));
    clearTimeout(deadline);
    console.log(
      `Storefront ready at ${config.appUrl ?? localUrl} (${config.webConcurrency} worker${config.webConcurrency === 1 ? "" : "s"})`,
    );
  } catch (error) {
    clearTimeout(deadline);
    console.error(`Storefront could not start: ${error instanceof Error ? error.message : String(error)}`);
    stopDevServer();
    await shutdown(1);
  }
}

async function runWorkerProcess(config: ServerConfig) {
  try {
    await runWorker(config, { runJobs: config.runBackgroundJobs });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (process.send) process.send({ type: "fatal", message } satisfies WorkerMessage, () => process.exit(1));
    else failAndExit(error);
  }
}

let config: ServerConfig;
try {
  config = readServerConfig();
} catch (error) {
  failAndExit(error instanceof ConfigError ? error : new Error(String(error)));
}
if (cluster.isPrimary) await runPrimary(config);
else await runWorkerProcess(config);
