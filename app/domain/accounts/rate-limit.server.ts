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

/** Forget a key's hits. */
export async function resetLimit(key: string) {
  await db.rateLimit.deleteMany({ where: { key } });
}

/** Take back one hit on each key (an attempt that turned out to be honest). */
async function refund(keys: string[]) {
  if (keys.length === 0) return;
  await db.rateLimit.updateMany({ where: { key: { in: keys }, count: { gt: 0 } }, data: { count: { decrement: 1 } } });
}

// ---------- the policy for account actions ----------
//
// Failed attempts are what count: every attempt is counted when it starts (so
// a burst of parallel requests cannot slip past a check), and an attempt that
// succeeds is taken back. Limits are keyed so that nobody can lock an owner
// out of their account:
//   - per address and account: 10 failures in 15 minutes;
//   - per address: RATE_LIMIT_IP_MAX failures (and registrations);
//   - per account, from everywhere: no lockout, but after 10 failures each
//     further attempt waits a little longer (up to 5 s), which slows a
//     distributed guesser without shutting the owner out.
// Only when the address is unknown (the build served by a server that does not
// say, e.g. remix-serve without TRUST_PROXY) does the per-account count become
// a hard limit, since nothing else would stop a guesser.

export const AUTH_WINDOW_MS = 15 * 60 * 1000;
export const AUTH_MAX_PER_ADDRESS_AND_ACCOUNT = 10;
export const AUTH_ACCOUNT_SLOWDOWN_AFTER = 10;
const AUTH_ACCOUNT_SLOWDOWN_MAX_MS = 5_000;

export type AuthAction = "login" | "register" | "forgot";

export const emailLimitKey = (action: AuthAction, email: string) => `${action}:email:${email}`;

/**
 * What a limit counts an address as: IPv4 (also when mapped into IPv6) as
 * itself; IPv6 by its /64, since one subscriber routinely holds a whole /64.
 */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1];
  if (!ip.includes(":")) return ip;
  const [head, tail = ""] = ip.toLowerCase().split("::");
  const headGroups = head ? head.split(":") : [];
  const tailGroups = tail ? tail.split(":") : [];
  const groups = [...headGroups, ...Array(Math.max(0, 8 - headGroups.length - tailGroups.length)).fill("0"), ...tailGroups];
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}

/** A counted attempt: whether it may go on, and what to take back if it succeeds. */
export type AuthAttempt = LimitResult & { delayMs: number; refundKeys: string[]; resetKeys: string[] };

/** Count one attempt at `action` for `email` from `ip` (null: unknown address). */
export async function limitAuthAttempt(action: AuthAction, email: string, ip: string | null): Promise<AuthAttempt> {
  const accountKey = emailLimitKey(action, email);
  const checks: Promise<LimitResult>[] = [];
  const refundKeys: string[] = [];
  const resetKeys: string[] = [];
  if (ip) {
    const address = addressKey(ip);
    const pairKey = `${action}:ip+email:${address}:${email}`;
    const ipKey = `${action}:ip:${address}`;
    checks.push(limit(pairKey, AUTH_MAX_PER_ADDRESS_AND_ACCOUNT, AUTH_WINDOW_MS), limit(ipKey, env().RATE_LIMIT_IP_MAX, AUTH_WINDOW_MS));
    // A registration counts for its address however it ends; a login or reset only when it fails.
    if (action !== "register") {
      refundKeys.push(ipKey);
      resetKeys.push(pairKey);
    }
  } else {
    checks.push(limit(accountKey, AUTH_MAX_PER_ADDRESS_AND_ACCOUNT, AUTH_WINDOW_MS));
  }
  const account = ip && action !== "register" ? limit(accountKey, Number.MAX_SAFE_INTEGER, AUTH_WINDOW_MS) : null;
  const [results, accountResult] = await Promise.all([Promise.all(checks), account]);
  if (accountResult) refundKeys.push(accountKey);
  else if (action !== "register") resetKeys.push(accountKey);
  const blocked = results.filter((result) => !result.allowed);
  const verdict = blocked.length === 0 ? results[0] : blocked.reduce((a, b) => (a.retryAfter >= b.retryAfter ? a : b));
  const excess = accountResult ? accountResult.count - AUTH_ACCOUNT_SLOWDOWN_AFTER : 0;
  const delayMs = excess > 0 ? Math.min(AUTH_ACCOUNT_SLOWDOWN_MAX_MS, excess * 250) : 0;
  return { ...verdict, delayMs, refundKeys, resetKeys };
}

/** The attempt succeeded: it does not count against the address or the account. */
export async function forgiveAuthAttempt(attempt: AuthAttempt) {
  await Promise.all([refund(attempt.refundKeys), ...attempt.resetKeys.map(resetLimit)]);
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
