// The audit trail: who changed what, written by the domain functions in the
// same transaction as the change (so a rolled-back write leaves no entry and
// a committed one always has its entry), whatever screen, API call or script
// made it. The actor comes from the request's context (app/utils/actor-context.ts).
// The table is append-only: a trigger refuses UPDATE, DELETE and TRUNCATE.
import { Prisma } from "@prisma/client";
import { currentActor } from "~/utils/actor-context";
import { db } from "~/utils/db.server";
import { pageOf } from "~/utils/paging";
import { z } from "~/utils/zod";
import { AUDIT_KINDS } from "./audit";

export { AUDIT_KINDS };

/** The actor of writes made outside any request (scripts, the seed, jobs). */
export const SYSTEM_ACTOR = "system/script";

/** Other modules may add kinds of their own (refunds, discounts): any short dotted name is accepted. */
export type AuditKind = (typeof AUDIT_KINDS)[number] | (string & {});

export type FieldChange = { before: unknown; after: unknown };

export type AuditEntryInput = {
  kind: AuditKind;
  target: { type: string; id: string; label: string; path?: string | null };
  /** Per field: the value before and after (a creation has before = null, a deletion after = null). */
  changes?: Record<string, FieldChange>;
};

/** What can write an entry: a transaction's `tx` (or `db` itself, for a write that is one statement). */
export type AuditWriter = Pick<Prisma.TransactionClient, "auditEntry">;

/** Record one entry, inside the caller's transaction `tx`, as the current actor. */
export async function recordAudit(tx: AuditWriter, entry: AuditEntryInput): Promise<void> {
  const actor = currentActor();
  await tx.auditEntry.create({
    data: {
      actorId: actor?.user?.id ?? null,
      actorEmail: actor?.user?.email ?? SYSTEM_ACTOR,
      actorIp: actor?.ip ?? "",
      kind: entry.kind,
      targetType: entry.target.type,
      targetId: entry.target.id,
      targetLabel: entry.target.label.slice(0, 200),
      targetPath: entry.target.path ?? null,
      changes: (entry.changes ?? {}) as Prisma.InputJsonObject,
    },
  });
}

/** The fields whose value differs between `before` and `after` (only the keys of `after` that are not undefined). */
export function changedFields<T extends Record<string, unknown>>(before: Partial<T>, after: Partial<T>): Record<string, FieldChange> {
  const changes: Record<string, FieldChange> = {};
  for (const [field, value] of Object.entries(after)) {
    if (value === undefined) continue;
    const old = before[field];
    if (JSON.stringify(old) !== JSON.stringify(value)) changes[field] = { before: old ?? null, after: value };
  }
  return changes;
}

/** Every field of a row as "after" (a creation) or as "before" (a deletion). */
export function allFields(row: Record<string, unknown>, as: "after" | "before"): Record<string, FieldChange> {
  return Object.fromEntries(
    Object.entries(row).map(([field, value]) => [field, as === "after" ? { before: null, after: value } : { before: value, after: null }]),
  );
}

// ---------- the admin's list ----------

export const AUDIT_PAGE_SIZE = 50;

export const auditFilterSchema = z.object({
  account: z.string().trim().max(200).optional().default(""),
  kind: z.string().trim().max(60).optional().default(""),
  target: z.string().trim().max(200).optional().default(""),
  page: z.coerce.number().int().min(1).max(10_000).catch(1).default(1),
});
export type AuditFilter = z.infer<typeof auditFilterSchema>;

/** Entries newest first, one page; `account` matches the e-mail (or part of it), `target` the id or the label. */
export async function listAuditEntries(filter: AuditFilter) {
  const where: Prisma.AuditEntryWhereInput = {
    ...(filter.account ? { actorEmail: { contains: filter.account.toLowerCase() } } : {}),
    ...(filter.kind ? { kind: filter.kind } : {}),
    ...(filter.target
      ? { OR: [{ targetId: filter.target }, { targetLabel: { contains: filter.target, mode: "insensitive" as const } }] }
      : {}),
  };
  const [entries, total] = await Promise.all([
    db.auditEntry.findMany({
      where,
      orderBy: [{ at: "desc" }, { id: "desc" }],
      skip: (filter.page - 1) * AUDIT_PAGE_SIZE,
      take: AUDIT_PAGE_SIZE,
    }),
    db.auditEntry.count({ where }),
  ]);
  return pageOf(entries, total, filter.page, AUDIT_PAGE_SIZE);
}
