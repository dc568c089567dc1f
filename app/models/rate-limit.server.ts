// Fixed-window attempt counters in PostgreSQL, so a limit holds across every
// app instance. One atomic upsert per hit: no read-then-write race.
import { db } from "~/utils/db.server";
import { env } from "~/utils/env.server";

export type LimitResult = { allowed: boolean; count: number; retryAfter: number };

/**
 * Count one hit on `key` in a window of `windowMs`; allowed while the count is
 * at most `max`. `retryAfter` is the number of seconds until the window resets.
 */
export async function limit(key: string, max: number, windowMs: number): Promise<LimitResult> {
  sweepExpiredSoon();
  // Timestamps are UTC wall-clock values, as Prisma stores DateTime columns.
  const [row] = await db.$queryRaw<{ count: number; retryAfter: number }[]>`
    INSERT INTO "RateLimit" (key, count, "resetAt")
    VALUES (${key}::text, 1, (now() AT TIME ZONE 'UTC') + make_interval(secs => ${windowMs / 1000}::float8))
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN "RateLimit"."resetAt" <= (now() AT TIME ZONE 'UTC') THEN 1 ELSE "RateLimit".count + 1 END,
      "resetAt" = CASE WHEN "RateLimit"."resetAt" <= (now() AT TIME ZONE 'UTC') THEN EXCLUDED."resetAt" ELSE "RateLimit"."resetAt" END
    RETURNING count,
      GREATEST(1, CEIL(EXTRACT(EPOCH FROM ("resetAt" - (now() AT TIME ZONE 'UTC')))))::int AS "retryAfter"`;
  return { allowed: row.count <= max, count: row.count, retryAfter: row.retryAfter };
}

/** Forget a key's hits (e.g. the per-e-mail login counter after a successful login). */
export async function resetLimit(key: string) {
  await db.rateLimit.deleteMany({ where: { key } });
}

// ---------- the policy for account actions ----------

export const AUTH_WINDOW_MS = 15 * 60 * 1000;
export const AUTH_MAX_PER_EMAIL = 10;

export type AuthAction = "login" | "register" | "forgot";

export const emailLimitKey = (action: AuthAction, email: string) => `${action}:email:${email}`;

/**
 * The client address, or null when we cannot know it. remix-serve does not
 * expose the socket address, so the only source is X-Forwarded-For, and only
 * when TRUST_PROXY says how many proxies of ours append to it: the entry that
 * many places from the right was written by our outermost proxy; anything to
 * its left is whatever the client chose to send.
 */
export function clientIp(request: Request): string | null {
  const hops = env().TRUST_PROXY;
  if (hops < 1) return null;
  const entries = (request.headers.get("X-Forwarded-For") ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  const ip = entries[entries.length - hops];
  return ip && ip.length <= 100 ? ip : null;
}

/**
 * One attempt at `action` for `email` from `ip`: 10 per e-mail and
 * RATE_LIMIT_IP_MAX per IP in each 15-minute window. Without a known IP only
 * the per-e-mail limit applies.
 */
export async function limitAuthAttempt(action: AuthAction, email: string, ip: string | null): Promise<LimitResult> {
  const checks = [limit(emailLimitKey(action, email), AUTH_MAX_PER_EMAIL, AUTH_WINDOW_MS)];
  if (ip) checks.push(limit(`${action}:ip:${ip}`, env().RATE_LIMIT_IP_MAX, AUTH_WINDOW_MS));
  const results = await Promise.all(checks);
  const blocked = results.filter((result) => !result.allowed);
  if (blocked.length === 0) return results[0];
  return blocked.reduce((a, b) => (a.retryAfter >= b.retryAfter ? a : b));
}

export function rateLimitMessage(retryAfter: number) {
  const minutes = Math.ceil(retryAfter / 60);
  return `Too many attempts. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`;
}

// ---------- housekeeping ----------

const SWEEP_EVERY_MS = 10 * 60 * 1000;
let lastSweep = 0;

/** Delete expired rate-limit rows and sessions (both indexed on expiry), at most every 10 minutes per instance. */
function sweepExpiredSoon() {
  const now = Date.now();
  if (now - lastSweep < SWEEP_EVERY_MS) return;
  lastSweep = now;
  sweepExpired().catch((error) => console.error("sweeping expired rows failed", error));
}

export async function sweepExpired() {
  const now = new Date();
  const [rateLimits, sessions] = await Promise.all([
    db.rateLimit.deleteMany({ where: { resetAt: { lt: now } } }),
    db.session.deleteMany({ where: { expiresAt: { lt: now } } }),
  ]);
  return { rateLimits: rateLimits.count, sessions: sessions.count };
}
