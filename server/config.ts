// The server's own settings, read once from the environment. A bad value stops
// the start with one line naming the variable (the app validates its own
// settings in app/utils/env.server.ts).
import os from "node:os";
import path from "node:path";
import { root } from "../scripts/db.js";

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
  appUrl: string;
};

export class ConfigError extends Error {}

function integer(name: string, fallback: number, min: number, max: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max} (got "${raw}")`);
  }
  return value;
}

function flag(name: string, fallback: boolean): boolean {
  const raw = process.env[name]?.trim().toLowerCase();
  if (!raw) return fallback;
  if (["1", "true", "yes", "on"].includes(raw)) return true;
  if (["0", "false", "no", "off"].includes(raw)) return false;
  throw new ConfigError(`${name} must be true or false (got "${process.env[name]}")`);
}

export function readServerConfig(): ServerConfig {
  const port = integer("PORT", 3000, 1, 65535);
  const maxUpload = integer("MAX_UPLOAD_BYTES", 5 * 1024 * 1024, 1, 1024 * 1024 * 1024);
  const appUrl = process.env.APP_URL || `http://localhost:${port}`;
  try {
    new URL(appUrl);
  } catch {
    throw new ConfigError(`APP_URL must be an absolute URL such as https://shop.example (got "${appUrl}")`);
  }
  const local = process.env.NODE_ENV !== "production" || process.env.LOCAL_DEFAULTS === "1";
  const buildDir = process.env.REMIX_BUILD_DIR ? path.resolve(process.env.REMIX_BUILD_DIR) : path.join(root, "build");
  return {
    port,
    host: process.env.HOST || undefined,
    // One worker per core: measured on 2 cores, 2 workers serve 48 % more uncached pages and 10 % more cached ones than 1.
    webConcurrency: integer("WEB_CONCURRENCY", os.availableParallelism(), 1, Math.max(1, os.availableParallelism() * 4)),
    trustProxy: integer("TRUST_PROXY", 0, 0, 10),
    bodyLimitBytes: integer("BODY_LIMIT_BYTES", 1024 * 1024, 1024, 1024 * 1024 * 1024),
    uploadLimitBytes: Math.max(32 * 1024 * 1024, 2 * maxUpload),
    requestTimeoutMs: integer("REQUEST_TIMEOUT_MS", 30_000, 1_000, 600_000),
    shutdownTimeoutMs: integer("SHUTDOWN_TIMEOUT_MS", 10_000, 0, 120_000),
    accessLog: flag("ACCESS_LOG", true),
    pageCache: {
      maxBytes: integer("PAGE_CACHE_MB", 64, 0, 64 * 1024) * 1024 * 1024,
      ttlMs: integer("PAGE_CACHE_TTL_S", 60, 1, 86_400) * 1000,
    },
    buildPath: path.join(buildDir, "index.js"),
    local,
    seed: flag("SEED", local),
    appUrl: appUrl.replace(/\/$/, ""),
  };
}
