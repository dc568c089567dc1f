// The settings read from the environment, as zod fields: a variable's rule,
// default and message are written once here. server/config.ts parses the
// server's (`serverSettings`) and app/utils/env.server.ts the app's, which
// spread `sharedSettings` for the ones both read (PORT, TRUST_PROXY,
// MAX_UPLOAD_BYTES, APP_URL). A new variable is one line in the object that
// its reader parses. Each message names the variable and what was given.
import os from "node:os";
import { z } from "zod";

const unset = (raw: string | undefined): raw is undefined => raw === undefined || raw.trim() === "";

/** A whole number from `min` to `max`; unset or blank: `fallback`. */
export function wholeNumber(name: string, fallback: number, min: number, max: number) {
  return z
    .string()
    .optional()
    .transform((raw, ctx) => {
      if (unset(raw)) return fallback;
      const value = Number(raw);
      if (Number.isInteger(value) && value >= min && value <= max) return value;
      ctx.addIssue({ code: "custom", message: `${name} must be a whole number from ${min} to ${max} (got "${raw}")` });
      return z.NEVER;
    });
}

/** true/false (also 1/0, yes/no, on/off); unset or blank: `fallback`. */
export function flag(name: string, fallback: boolean) {
  return z
    .string()
    .optional()
    .transform((raw, ctx) => {
      if (unset(raw)) return fallback;
      const word = raw.trim().toLowerCase();
      if (["1", "true", "yes", "on"].includes(word)) return true;
      if (["0", "false", "no", "off"].includes(word)) return false;
      ctx.addIssue({ code: "custom", message: `${name} must be true or false (got "${raw}")` });
      return z.NEVER;
    });
}

/** An origin (http or https scheme, host, port; no path, query or credentials); unset or blank: undefined. */
export function origin(name: string) {
  return z
    .string()
    .optional()
    .transform((raw, ctx) => {
      if (unset(raw)) return undefined;
      let url: URL;
      try {
        url = new URL(raw.trim());
      } catch {
        ctx.addIssue({ code: "custom", message: `${name} must be an absolute URL such as https://shop.example (got "${raw}")` });
        return z.NEVER;
      }
      if ((url.protocol !== "http:" && url.protocol !== "https:") || url.pathname !== "/" || url.search || url.hash || url.username) {
        ctx.addIssue({ code: "custom", message: `${name} must be an origin such as https://shop.example, with no path (got "${raw}")` });
        return z.NEVER;
      }
      return url.origin;
    });
}

/** A secret of at least `minLength` characters; unset or blank: undefined. */
export function secret(name: string, minLength: number) {
  return z
    .string()
    .optional()
    .transform((raw, ctx) => {
      if (unset(raw)) return undefined;
      if (raw.trim().length >= minLength) return raw.trim();
      ctx.addIssue({ code: "custom", message: `${name} must be at least ${minLength} characters` });
      return z.NEVER;
    });
}

/** A postgresql:// (or postgres://) URL; unset or blank: undefined. */
export function postgresUrl(name: string) {
  return z
    .string()
    .optional()
    .transform((raw, ctx) => {
      if (unset(raw)) return undefined;
      if (/^postgres(ql)?:\/\/\S+$/.test(raw.trim())) return raw.trim();
      ctx.addIssue({ code: "custom", message: `${name} must be a postgresql:// URL` });
      return z.NEVER;
    });
}

/** One of `options` (any case); unset or blank: `fallback`. */
export function oneOf<T extends string>(name: string, options: readonly T[], fallback: T) {
  return z
    .string()
    .optional()
    .transform((raw, ctx) => {
      if (unset(raw)) return fallback;
      const word = raw.trim().toLowerCase() as T;
      if (options.includes(word)) return word;
      ctx.addIssue({ code: "custom", message: `${name} must be one of ${options.join(", ")} (got "${raw}")` });
      return z.NEVER;
    });
}

/** Read by both the server and the app. */
export const sharedSettings = {
  PORT: wholeNumber("PORT", 3000, 1, 65535),
  /** The canonical public origin; unset: each request's own origin (server/middleware/public-origin.ts). */
  APP_URL: origin("APP_URL"),
  // How many reverse proxies append to X-Forwarded-For in front of the app
  // (0: none, so the header is ignored and the per-IP rate limit is off).
  TRUST_PROXY: wholeNumber("TRUST_PROXY", 0, 0, 10),
  MAX_UPLOAD_BYTES: wholeNumber("MAX_UPLOAD_BYTES", 5 * 1024 * 1024, 1, 1024 * 1024 * 1024),
};

/**
 * Password hashing (app/domain/accounts/password.server.ts, which the seed
 * uses outside the app too): bcrypt's cost (10 keeps a login under ~100 ms on
 * a small server; raise it as hardware improves) and the threads that hash
 * (one core less than the machine has, at most 4, at least 1).
 */
export const passwordSettings = {
  BCRYPT_COST: wholeNumber("BCRYPT_COST", 10, 10, 15),
  PASSWORD_HASH_THREADS: wholeNumber("PASSWORD_HASH_THREADS", Math.max(1, Math.min(4, os.availableParallelism() - 1)), 1, 64),
};

/** Read by the server (server/config.ts) alone. */
export const serverSettings = z.object({
  ...sharedSettings,
  HOST: z.string().optional(),
  // One worker per core: measured on 2 cores, 2 workers serve 48 % more uncached pages and 10 % more cached ones than 1.
  WEB_CONCURRENCY: wholeNumber("WEB_CONCURRENCY", os.availableParallelism(), 1, Math.max(1, os.availableParallelism() * 4)),
  BODY_LIMIT_BYTES: wholeNumber("BODY_LIMIT_BYTES", 1024 * 1024, 1024, 1024 * 1024 * 1024),
  REQUEST_TIMEOUT_MS: wholeNumber("REQUEST_TIMEOUT_MS", 30_000, 1_000, 600_000),
  SHUTDOWN_TIMEOUT_MS: wholeNumber("SHUTDOWN_TIMEOUT_MS", 10_000, 0, 120_000),
  ACCESS_LOG: flag("ACCESS_LOG", true),
  PAGE_CACHE_MB: wholeNumber("PAGE_CACHE_MB", 64, 0, 64 * 1024),
  PAGE_CACHE_TTL_S: wholeNumber("PAGE_CACHE_TTL_S", 60, 1, 86_400),
  REMIX_BUILD_DIR: z.string().optional(),
  /** Set by `remix dev` (`npm run dev`, scripts/dev.js) for the server it runs: development mode. */
  REMIX_DEV_ORIGIN: origin("REMIX_DEV_ORIGIN"),
  NODE_ENV: z.string().optional(),
  LOCAL_DEFAULTS: z.string().optional(),
  /** Read as a flag once its default (local or not) is known: see server/config.ts. */
  SEED: z.string().optional(),
  /** Any PostgreSQL URL; unset: the embedded server (server/database.ts), whose data lives in EMBEDDED_PG_DIR. */
  DATABASE_URL: postgresUrl("DATABASE_URL"),
  EMBEDDED_PG_DIR: z.string().optional(),
  /** The local stand-ins' ports (`npm start` without STRIPE_SECRET_KEY or SMTP_URL): 0, a free port. */
  STRIPE_FAKE_PORT: wholeNumber("STRIPE_FAKE_PORT", 0, 0, 65535),
  MAIL_INBOX_PORT: wholeNumber("MAIL_INBOX_PORT", 1080, 0, 65535),
  /** Set by the primary for each worker it forks: slot 0 runs the background jobs. */
  RUN_BACKGROUND_JOBS: flag("RUN_BACKGROUND_JOBS", true),
  METRICS_TOKEN: secret("METRICS_TOKEN", 16),
  METRICS_PORT: wholeNumber("METRICS_PORT", 0, 0, 65535),
  LOG_FORMAT: oneOf("LOG_FORMAT", ["text", "json"] as const, "text"),
  // 0: no crawler budget (the default until it is measured under a real crawl; see server/middleware/bot-budget.ts).
  BOT_CONCURRENCY: wholeNumber("BOT_CONCURRENCY", 1, 0, 1000),
  BOT_QUEUE: wholeNumber("BOT_QUEUE", 32, 0, 10_000),
});

/** The first problem of a failed parse, as one line naming the variable. */
export function settingsProblem(error: z.ZodError): string {
  const first = error.issues[0];
  const name = first.path.join(".");
  return first.message.startsWith(name) ? first.message : `${name}: ${first.message}`;
}
