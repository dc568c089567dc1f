// The admin's list of accounts (never password or answer hashes).
import { db } from "~/utils/db.server";
import { pageOf } from "~/utils/paging";

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
