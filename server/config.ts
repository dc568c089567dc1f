// The server's own settings, read once from the environment (their rules and
// defaults: app/utils/settings.server.ts, which the app's settings share). A
// bad value stops the start with one line naming the variable.
import path from "node:path";
import type { z } from "zod";
import { flag, serverSettings, settingsProblem } from "../app/utils/settings.server";
import { root } from "./db-lifecycle.js";

export type ServerConfig = {
  port: number;
  /** Interface to listen on; undefined: all. */
  host: string | undefined;
  /** Worker processes sharing the port. */
  webConcurrency: number;
  /** Proxies in front of us that append to X-Forwarded-For (0: the socket address is the client). */
  trustProxy: number;
  /** Largest request body outside uploads. */
  bodyLimitBytes: number;
  /**
   * Largest multipart upload the server lets through. Generous on purpose: up
   * to this size the app reads an oversized photo away itself and answers with
   * the form, its values kept and "The photo must be at most 5 MB" beside the
   * field; only beyond it does the server's bare 413 page answer.
   */
  uploadLimitBytes: number;
  /** A request still unanswered after this long gets 503. */
  requestTimeoutMs: number;
  /** How long a stopping worker waits for requests in flight. */
  shutdownTimeoutMs: number;
  accessLog: boolean;
  /** The page cache (anonymous and signed-in entries): memory and the longest any answer is kept. */
  pageCache: { maxBytes: number; ttlMs: number };
  /** The Remix server build (index.js). */
  buildPath: string;
  /** `npm start` on a laptop: local defaults for secrets, the embedded database and the Stripe stand-in. */
  local: boolean;
  /** Seed the demo shop at start: by default locally only (production seeds no account with a known password even then). */
  seed: boolean;
  /** APP_URL, the canonical public origin; unset, each request's own origin is used (server/middleware/public-origin.ts). */
  appUrl: string | undefined;
  /** Bearer token that opens GET /metrics on the shop's port; undefined: closed there. */
  metricsToken: string | undefined;
  /** A port of its own for the metrics (the primary serves every worker's, added up); undefined: none. */
  metricsPort: number | undefined;
  /** Crawlers' requests rendered at once per worker, and how many may wait for a turn (and how long). */
  botBudget: { concurrency: number; queue: number; maxWaitMs: number } | undefined;
  /** "json": the access log as one JSON object per line, for log collectors. */
  logFormat: "text" | "json";
  /**
   * `npm run dev`: the origin of the Remix dev server (REMIX_DEV_ORIGIN, set by `remix dev`), whose
   * websocket reloads the browser. Then one worker, no page cache, and the build is reloaded when it
   * changes (server/dev-build.ts). Undefined: production behaviour.
   */
  devServerOrigin: string | undefined;
  /** A worker the primary forked with RUN_BACKGROUND_JOBS=0: another worker runs the jobs. */
  runBackgroundJobs: boolean;
  /** DATABASE_URL; undefined: the embedded PostgreSQL, with its data in `embeddedPgDir`. */
  databaseUrl: string | undefined;
  embeddedPgDir: string;
  /** The local stand-ins' ports (0: any free one). */
  stripeFakePort: number;
  mailInboxPort: number;
};

export class ConfigError extends Error {}

/** The parsed value, or a ConfigError naming the variable. */
function parsed<T>(result: z.ZodSafeParseResult<T>): T {
  if (!result.success) throw new ConfigError(settingsProblem(result.error));
  return result.data;
}

export function readServerConfig(): ServerConfig {
  const settings = parsed(serverSettings.safeParse(process.env));
  const local = settings.NODE_ENV !== "production" || settings.LOCAL_DEFAULTS === "1";
  const dev = settings.REMIX_DEV_ORIGIN;
  const buildDir = settings.REMIX_BUILD_DIR ? path.resolve(settings.REMIX_BUILD_DIR) : path.join(root, "build");
  return {
    port: settings.PORT,
    host: settings.HOST || undefined,
    // In development one worker, so a rebuild is loaded once.
    webConcurrency: dev ? 1 : settings.WEB_CONCURRENCY,
    trustProxy: settings.TRUST_PROXY,
    bodyLimitBytes: settings.BODY_LIMIT_BYTES,
    uploadLimitBytes: Math.max(32 * 1024 * 1024, 2 * settings.MAX_UPLOAD_BYTES),
    requestTimeoutMs: settings.REQUEST_TIMEOUT_MS,
    shutdownTimeoutMs: settings.SHUTDOWN_TIMEOUT_MS,
    accessLog: settings.ACCESS_LOG,
    // In development nothing is kept (a page made by the last build is never served after a rebuild).
    pageCache: { maxBytes: dev ? 0 : settings.PAGE_CACHE_MB * 1024 * 1024, ttlMs: settings.PAGE_CACHE_TTL_S * 1000 },
    buildPath: path.join(buildDir, "index.js"),
    local,
    seed: parsed(flag("SEED", local).safeParse(settings.SEED)),
    appUrl: settings.APP_URL,
    metricsToken: settings.METRICS_TOKEN,
    metricsPort: settings.METRICS_PORT || undefined,
    logFormat: settings.LOG_FORMAT,
    devServerOrigin: dev,
    runBackgroundJobs: settings.RUN_BACKGROUND_JOBS,
    stripeFakePort: settings.STRIPE_FAKE_PORT,
    mailInboxPort: settings.MAIL_INBOX_PORT,
    databaseUrl: settings.DATABASE_URL,
    embeddedPgDir: settings.EMBEDDED_PG_DIR ? path.resolve(settings.EMBEDDED_PG_DIR) : path.join(root, ".data/postgres"),
    botBudget: settings.BOT_CONCURRENCY
      ? { concurrency: settings.BOT_CONCURRENCY, queue: settings.BOT_QUEUE, maxWaitMs: 10_000 }
      : undefined,
  };
}
