// The admin's list of accounts (never password or answer hashes), and the
// first admin an owner makes with `npm run create-admin`.
import { randomBytes } from "node:crypto";
import { db } from "~/utils/db.server";
import { pageOf } from "~/utils/paging";
import { hashAnswer, hashPassword } from "~/domain/accounts/password.server";
import { Role } from "./user";
import type { AdminAccountInput } from "./user.schema";

export const ADMIN_USERS_PAGE_SIZE = 25;

export async function listUsersForAdmin({ page = 1 }: { page?: number } = {}) {
  const [users, total] = await Promise.all([
    db.user.findMany({
      select: { id: true, name: true, email: true, role: true, createdAt: true, _count: { select: { orders: true } } },
      orderBy: [{ createdAt: "desc" }, { id: "asc" }],
      skip: (page - 1) * ADMIN_USERS_PAGE_SIZE,
      take: ADMIN_USERS_PAGE_SIZE,
    }),
    db.user.count(),
  ]);
  return pageOf(
    users.map(({ _count, ...user }) => ({ ...user, orderCount: _count.orders })),
    total,
    page,
    ADMIN_USERS_PAGE_SIZE,
  );
}

/** Makes the account with this e-mail an admin; what was there before (null: no such account). */
export async function promoteToAdmin(email: string): Promise<"promoted" | "already admin" | null> {
  const found = await db.user.findUnique({ where: { email }, select: { id: true, role: true } });
  if (!found) return null;
  if (found.role === Role.Admin) return "already admin";
  await db.user.update({ where: { id: found.id }, data: { role: Role.Admin } });
  return "promoted";
}

/**
 * A new admin account with the owner's own password. Its security answer is
 * random and shown to nobody, so no known answer resets its password through
 * the forgot-password form. Phone and address stay blank until the admin
 * fills them in on the profile.
 */
export async function createAdmin(input: AdminAccountInput): Promise<{ ok: true; id: string } | { ok: false; message: string }> {
  const [passwordHash, answerHash] = await Promise.all([hashPassword(input.password), hashAnswer(randomBytes(24).toString("base64url"))]);
  const created = await db.user.createMany({
    data: [{ name: input.name, email: input.email, passwordHash, answerHash, phone: "", address: "", role: Role.Admin }],
    skipDuplicates: true,
  });
  if (created.count === 0) return { ok: false, message: `An account with ${input.email} already exists` };
  const user = await db.user.findUniqueOrThrow({ where: { email: input.email }, select: { id: true } });
  return { ok: true, id: user.id };
}
