// Logins are rows in PostgreSQL (revocable, shared by every app instance).
// The browser holds a random token in a signed HttpOnly cookie; API clients
// hold the same kind of token. Only its SHA-256 is stored. The cookie itself
// is HTTP's: app/http/session-cookie.server.ts.
import { createHash, randomBytes } from "node:crypto";
import { Prisma } from "@prisma/client";
import { db } from "~/utils/db.server";
import { readRows } from "~/utils/sql.server";
import { noteActorUser } from "~/utils/actor-context";
import { noteSessionLookup } from "~/utils/personal-bus";

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** Where a login came from, for the account's list of its sessions. */
export type SessionOrigin = { ip?: string | null; userAgent?: string | null };

export async function createSession(userId: string, origin: SessionOrigin = {}): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await db.session.create({
    data: {
      id: hashToken(token),
      userId,
      expiresAt: new Date(Date.now() + SESSION_TTL_MS),
      ip: (origin.ip ?? "").slice(0, 100),
      userAgent: (origin.userAgent ?? "").slice(0, 300),
    },
  });
  return token;
}

/** "Last seen" is written at most this often per session, so a busy visitor costs no write per request. */
export const LAST_SEEN_EVERY_MS = 60_000;

export const publicUserSelect = {
  id: true,
  name: true,
  email: true,
  phone: true,
  address: true,
  role: true,
  createdAt: true,
  totpEnabledAt: true,
} as const;

export type PublicUser = {
  id: string;
  name: string;
  email: string;
  phone: string;
  address: string;
  role: number;
  createdAt: Date;
  /** When two-factor sign-in was turned on (null: off). */
  totpEnabledAt: Date | null;
};

export async function userForToken(token: string | null | undefined): Promise<PublicUser | null> {
  if (!token || typeof token !== "string" || token.length > 200) return null;
  // Every signed-in page asks this: one statement (Prisma's nested select sends two).
  const sessionId = hashToken(token);
  const rows = await readRows<PublicUser & { expiresAt: Date; lastSeenAt: Date }>(Prisma.sql`
    SELECT u.id, u.name, u.email, u.phone, u.address, u.role, u."createdAt", u."totpEnabledAt", s."expiresAt", s."lastSeenAt"
    FROM "Session" s JOIN "User" u ON u.id = s."userId"
    WHERE s.id = ${sessionId}`);
  const row = rows[0];
  const live = row && new Date(row.expiresAt) >= new Date();
  // Tells the signed-in page cache whose page this is, and until when (app/utils/personal-bus.ts).
  noteSessionLookup(live ? { userId: row.id, expiresAt: new Date(row.expiresAt) } : null);
  if (!live) return null;
  noteActorUser(row);
  if (Date.now() - new Date(row.lastSeenAt).getTime() > LAST_SEEN_EVERY_MS) touchSession(sessionId);
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    address: row.address,
    role: Number(row.role),
    createdAt: new Date(row.createdAt),
    totpEnabledAt: row.totpEnabledAt ? new Date(row.totpEnabledAt) : null,
  };
}

/** Note that a session was used, without holding up the request (the Session triggers ignore this column). */
function touchSession(sessionId: string) {
  db.session
    .updateMany({ where: { id: sessionId }, data: { lastSeenAt: new Date() } })
    .catch((error) => console.error("noting a session's last use failed", error));
}

export async function revokeSession(token: string | null | undefined) {
  if (!token) return;
  await db.session.deleteMany({ where: { id: hashToken(token) } });
}

export async function revokeAllSessions(userId: string) {
  await db.session.deleteMany({ where: { userId } });
}
