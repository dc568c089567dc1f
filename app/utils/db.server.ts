// One Prisma client (one pg pool) per process, reused across dev rebuilds.
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@prisma/client";
import { env } from "./env.server";

declare global {
  var __prisma: PrismaClient | undefined;
}

function create() {
  const adapter = new PrismaPg({ connectionString: env().DATABASE_URL, max: 10, connectionTimeoutMillis: 5000 });
  return new PrismaClient({ adapter });
}

export const db: PrismaClient = (globalThis.__prisma ??= create());
