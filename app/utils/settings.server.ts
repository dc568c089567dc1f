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

/** An absolute URL without its trailing slash; unset or blank: undefined. */
export function absoluteUrl(name: string) {
  return z
    .string()
    .optional()
    .transform((raw, ctx) => {
      if (unset(raw)) return undefined;
      try {
        new URL(raw);
      } catch {
        ctx.addIssue({ code: "custom", message: `${name} must be an absolute URL such as https://shop.example (got "${raw}")` });
        return z.NEVER;
      }
      return raw.replace(/\/$/, "");
    });
}

/** Read by both the server and the app. */
export const sharedSettings = {
  PORT: wholeNumber("PORT", 3000, 1, 65535),
  /** Public origin; unset: http://localhost:$PORT (server/config.ts) or the request's own origin (the app). */
  APP_URL: absoluteUrl("APP_URL"),
  // How many reverse proxies append to X-Forwarded-For in front of the app
  // (0: none, so the header is ignored and the per-IP rate limit is off).
  TRUST_PROXY: wholeNumber("TRUST_PROXY", 0, 0, 10),
  MAX_UPLOAD_BYTES: wholeNumber("MAX_UPLOAD_BYTES", 5 * 1024 * 1024, 1, 1024 * 1024 * 1024),
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
  NODE_ENV: z.string().optional(),
  LOCAL_DEFAULTS: z.string().optional(),
  /** Read as a flag once its default (local or not) is known: see server/config.ts. */
  SEED: z.string().optional(),
});

/** The first problem of a failed parse, as one line naming the variable. */
export function settingsProblem(error: z.ZodError): string {
  const first = error.issues[0];
  const name = first.path.join(".");
  return first.message.startsWith(name) ? first.message : `${name}: ${first.message}`;
}
