// An account's signed-in sessions: the list the Security page shows, and
// signing one (or every other) out. Deleting the row is the sign-out: the
// token stops working at the next lookup on every instance, and the trigger
// on "Session" tells every page cache (NOTIFY personal_changed) to drop what
// it kept for the account.
import type { Prisma, PrismaClient } from "@prisma/client";
import { db } from "~/utils/db.server";
import { hashToken } from "~/domain/accounts/session.server";
import { recordAudit } from "~/domain/audit/audit.server";

/** "unknown": no User-Agent was recorded (sessions from before the list existed, or a client that sends none). */
export type ClientKind = "browser" | "api" | "unknown";

export type SessionListItem = {
  id: string;
  kind: ClientKind;
  /** "Chrome on Linux", "curl/8.5.0"… */
  client: string;
  ip: string;
  createdAt: Date;
  lastSeenAt: Date;
  current: boolean;
};

const BROWSERS: [RegExp, string][] = [
  [/Edg\//, "Edge"],
  [/OPR\//, "Opera"],
  [/Firefox\//, "Firefox"],
  [/Chrom(e|ium)\//, "Chrome"],
  [/Safari\//, "Safari"],
];
const SYSTEMS: [RegExp, string][] = [
  [/Android/, "Android"],
  [/iPhone|iPad/, "iOS"],
  [/Windows/, "Windows"],
  [/Mac OS X|Macintosh/, "macOS"],
  [/CrOS/, "ChromeOS"],
  [/Linux/, "Linux"],
];

/** A browser (its name and system) or an API client (its own product token), from the User-Agent. */
export function describeClient(userAgent: string): { kind: ClientKind; client: string } {
  if (!userAgent.trim()) return { kind: "unknown", client: "Unknown client" };
  if (/^Mozilla\//.test(userAgent)) {
    const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1] ?? "Browser";
    const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
    return { kind: "browser", client: system ? `${browser} on ${system}` : browser };
  }
  return { kind: "api", client: `API client (${userAgent.trim().split(/\s/)[0].slice(0, 60)})` };
}

/** The account's live sessions, most recently used first; `currentToken`'s is marked. */
export async function listSessions(userId: string, currentToken: string | null): Promise<SessionListItem[]> {
  const currentId = currentToken ? hashToken(currentToken) : null;
  const rows = await db.session.findMany({
    where: { userId, expiresAt: { gt: new Date() } },
    select: { id: true, userAgent: true, ip: true, createdAt: true, lastSeenAt: true },
    orderBy: [{ lastSeenAt: "desc" }, { id: "asc" }],
    take: 100,
  });
  return rows.map((row) => ({ ...row, ...describeClient(row.userAgent), current: row.id === currentId }));
}

type SessionWriter = Pick<PrismaClient | Prisma.TransactionClient, "session">;

/**
 * Delete every session of the account but `keepToken`'s (all of them when it
 * is null). Returns the query, so a caller can put it in its own transaction
 * (a password change) or await it alone.
 */
export function signOutOtherSessions(userId: string, keepToken: string | null, client: SessionWriter = db) {
  return client.session.deleteMany({ where: { userId, ...(keepToken ? { id: { not: hashToken(keepToken) } } : {}) } });
}

const accountTarget = (user: { id: string; email: string }) => ({ type: "user", id: user.id, label: user.email });

/** Sign out one of the account's own sessions (not the current one: that is "Log out"). False when there is no such session. */
export async function signOutSession(
  user: { id: string; email: string },
  sessionId: string,
  currentToken: string | null,
): Promise<boolean> {
  if (currentToken && hashToken(currentToken) === sessionId) return false;
  return db.$transaction(async (tx) => {
    const removed = await tx.session.deleteMany({ where: { id: sessionId, userId: user.id } });
    if (removed.count === 0) return false;
    await recordAudit(tx, { kind: "session.revoked", target: accountTarget(user), changes: { sessions: { before: 1, after: 0 } } });
    return true;
  });
}

/** "Sign out everywhere else": how many sessions ended. */
export async function signOutEverywhereElse(user: { id: string; email: string }, currentToken: string | null): Promise<number> {
  return db.$transaction(async (tx) => {
    const removed = await signOutOtherSessions(user.id, currentToken, tx);
    if (removed.count > 0) {
      await recordAudit(tx, {
        kind: "session.others-revoked",
        target: accountTarget(user),
        changes: { sessions: { before: removed.count, after: 0 } },
      });
    }
    return removed.count;
  });
}
