// The one call every catalogue write makes: category and product create,
// update, delete, photo change, and stock taken by a payment. It tells every
// instance (NOTIFY catalog_changed; each server process LISTENs, see
// server/cache/catalog-listener.ts) and this process at once (the anonymous
// page cache, the category list, the listing counts) to drop what they hold.
//
// Call it after the write has committed, or inside the write's transaction
// with its client (`await catalogChanged(tx)`): PostgreSQL delivers a NOTIFY
// only when its transaction commits, and never when it rolls back.
import { randomUUID } from "node:crypto";
import type { Prisma } from "@prisma/client";
import { CATALOG_CHANNEL, changePayload, markChangePending, type CatalogChangeKind } from "~/utils/catalog-bus";
import { db } from "~/utils/db.server";

type Executor = { $executeRaw: (query: TemplateStringsArray | Prisma.Sql, ...values: unknown[]) => Prisma.PrismaPromise<number> };

/** `kind`: "details" when only stock, shipping or addresses changed (see CatalogChangeKind). */
export async function catalogChanged(client: Executor = db, kind: CatalogChangeKind = "catalog"): Promise<void> {
  const payload = changePayload(kind, randomUUID());
  // Local caches stand aside until this change comes back through LISTEN
  // (so this process never answers from before it either).
  markChangePending(payload);
  // pg_notify returns void, which $executeRaw reads as a row count.
  await client.$executeRaw`SELECT pg_notify(${CATALOG_CHANNEL}, ${payload})`;
}
