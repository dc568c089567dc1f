// Categories: listing for the header and filters, and the admin's writes.
// Names are unique regardless of case; slugs follow the name and stay unique.
import { Prisma } from "@prisma/client";
import { db } from "~/utils/db.server";
import { isValidId } from "~/utils/id";
import { parseInput } from "~/utils/validation";
import { allFields, changedFields, recordAudit } from "~/domain/audit/audit.server";
import { catalogCache } from "./catalog-cache.server";
import { catalogChanged } from "./catalog-events.server";
import { failure, fieldFailure, type Outcome } from "~/domain/outcome";
import { isForeignKeyViolation, isUniqueViolation } from "~/utils/db-errors.server";
import { withUniqueSlug } from "./slug.server";

export type CategorySummary = { id: string; name: string; slug: string };

const categoryList = catalogCache<CategorySummary[]>(1);

/** Every category by name, from memory while this process hears catalogue changes (the header and filters need it on every page). */
export function listCategories(): Promise<CategorySummary[]> {
  return categoryList.get("all", () => db.category.findMany({ select: { id: true, name: true, slug: true }, orderBy: { name: "asc" } }));
}

export { CATEGORY_NAME_MAX, categoryInputSchema, categoryUpdateSchema } from "./category.schema";
import { categoryInputSchema, categoryUpdateSchema } from "./category.schema";

const summarySelect = { id: true, name: true, slug: true } as const;

export function getCategory(id: string): Promise<CategorySummary | null> {
  if (!isValidId(id)) return Promise.resolve(null);
  return db.category.findUnique({ where: { id }, select: summarySelect });
}

/**
 * Whether another category has this name, ignoring case. Compared with
 * lower() = lower(), not Prisma's `mode: "insensitive"` equals: that becomes
 * an ILIKE pattern, in which `%` and `_` match anything and a trailing
 * backslash is an error (a 500 for the name `a\`).
 */
async function nameTaken(name: string, exceptId?: string) {
  const rows = await db.$queryRaw<{ id: string }[]>(Prisma.sql`
    SELECT id FROM "Category" WHERE lower(name) = lower(${name}) ${exceptId ? Prisma.sql`AND id <> ${exceptId}` : Prisma.empty} LIMIT 1`);
  return rows.length > 0;
}

function slugsTaken(exceptId?: string) {
  return async (prefix: string) =>
    (
      await db.category.findMany({
        where: { slug: { startsWith: prefix }, ...(exceptId ? { id: { not: exceptId } } : {}) },
        select: { slug: true },
      })
    ).map((row) => row.slug);
}

/** How the audit trail names a category, with a link to its admin page. */
const auditTarget = (category: CategorySummary) => ({
  type: "category",
  id: category.id,
  label: category.name,
  path: `/dashboard/admin/category/${category.id}`,
});

const duplicate = (name: string) => fieldFailure(409, "name", `A category named "${name}" already exists`);

/** Saves with a fresh slug (retrying when a concurrent write took it); a concurrent write of the same name is a 409. */
async function saveWithSlug(
  name: string,
  save: (slug: string) => Promise<CategorySummary>,
  exceptId?: string,
): Promise<Outcome<{ category: CategorySummary }>> {
  if (await nameTaken(name, exceptId)) return duplicate(name);
  try {
    const category = await withUniqueSlug(name, slugsTaken(exceptId), save);
    await catalogChanged();
    return { ok: true, category };
  } catch (error) {
    if (isUniqueViolation(error, "name")) return duplicate(name);
    throw error;
  }
}

export async function createCategory(input: unknown): Promise<Outcome<{ category: CategorySummary }>> {
  const parsed = parseInput(categoryInputSchema, input);
  if (!parsed.success) return failure(400, parsed.message, parsed.errors);
  const { name } = parsed.data;
  return saveWithSlug(name, (slug) =>
    db.$transaction(async (tx) => {
      const category = await tx.category.create({ data: { name, slug }, select: summarySelect });
      await recordAudit(tx, { kind: "category.created", target: auditTarget(category), changes: allFields({ name, slug }, "after") });
      return category;
    }),
  );
}

export async function renameCategory(id: string, input: unknown): Promise<Outcome<{ category: CategorySummary }>> {
  const current = await getCategory(id);
  if (!current) return failure(404, "Category not found");
  const parsed = parseInput(categoryUpdateSchema, input);
  if (!parsed.success) return failure(400, parsed.message, parsed.errors);
  const { name } = parsed.data;
  if (name === undefined || name === current.name) return { ok: true, category: current };
  return saveWithSlug(
    name,
    // Slugs are picked excluding this category, so a change of case or spacing keeps its slug (and links).
    (slug) =>
      db.$transaction(async (tx) => {
        const category = await tx.category.update({ where: { id }, data: { name, slug }, select: summarySelect });
        await recordAudit(tx, { kind: "category.renamed", target: auditTarget(category), changes: changedFields(current, { name, slug }) });
        return category;
      }),
    id,
  );
}

/** Refused while products still use the category: they would point at nothing. */
export async function deleteCategory(id: string): Promise<Outcome<{ category: CategorySummary }>> {
  const current = await getCategory(id);
  if (!current) return failure(404, "Category not found");
  const inUse = await db.product.count({ where: { categoryId: id } });
  if (inUse > 0) return failure(409, stillUsedMessage(current.name, inUse));
  try {
    await db.$transaction(async (tx) => {
      await tx.category.delete({ where: { id } });
      await recordAudit(tx, {
        kind: "category.deleted",
        target: { ...auditTarget(current), path: null },
        changes: allFields({ name: current.name, slug: current.slug }, "before"),
      });
    });
    await catalogChanged();
  } catch (error) {
    // A product was added to it in the meantime (the foreign key refuses).
    if (isForeignKeyViolation(error)) return failure(409, stillUsedMessage(current.name, 1));
    throw error;
  }
  return { ok: true, category: current };
}

function stillUsedMessage(name: string, count: number) {
  return `"${name}" still has ${count === 1 ? "a product" : `${count} products`}: move or delete ${count === 1 ? "it" : "them"} first`;
}
