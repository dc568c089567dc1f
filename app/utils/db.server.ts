// One Prisma client (one pg pool) per process, reused across dev rebuilds.
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@prisma/client";
import pg from "pg";
import { startDbStatement } from "./request-timing";
import { env } from "./env.server";

declare global {
  var __prisma: PrismaClient | undefined;
  /** The pool behind it, for the server's metrics (in use, idle, waiting). */
  var __pgPool: pg.Pool | undefined;
}

function create() {
  // statement_timeout: no query (a pathological search, a lock wait) holds a connection past 10 s.
  const pool = new pg.Pool({ connectionString: env().DATABASE_URL, max: 10, connectionTimeoutMillis: 5000, statement_timeout: 10_000 });
  globalThis.__pgPool = pool;
  const client = new PrismaClient({ adapter: new PrismaPg(pool, { disposeExternalPool: true }) });
  // Every statement's time counts toward its request's Server-Timing "db" (app/utils/request-timing.ts).
  const timed = client.$extends({
    query: {
      async $allOperations({ args, query }) {
        const ended = startDbStatement();
        try {
          return await query(args);
        } finally {
          ended();
        }
      },
    },
  });
  // The extension changes what a query does around it, not its types.
  return timed as unknown as PrismaClient;
}

export const db: PrismaClient = (globalThis.__prisma ??= create());

/** The pool behind `db`, for the reads that skip the ORM (app/utils/sql.server.ts). */
export function pgPool(): pg.Pool {
  if (!globalThis.__pgPool) throw new Error("the database pool is not set up");
  return globalThis.__pgPool;
}

/** A transaction's limits where a write may wait on locked rows (checkout, settling, refunds). */
export const TX_OPTIONS = { maxWait: 10_000, timeout: 15_000 } as const;
