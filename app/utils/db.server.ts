// One Prisma client (one pg pool) per process, reused across dev rebuilds.
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@prisma/client";
import { env } from "./env.server";

declare global {
  var __prisma: PrismaClient | undefined;
}

function create() {
  // statement_timeout: no query (a pathological search, a lock wait) holds a connection past 10 s.
  const adapter = new PrismaPg({ connectionString: env().DATABASE_URL, max: 10, connectionTimeoutMillis: 5000, statement_timeout: 10_000 });
  return new PrismaClient({ adapter });
}

export const db: PrismaClient = (globalThis.__prisma ??= create());
