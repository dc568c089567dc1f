// Categories: listing for the header and filters, and the admin's writes.
// Names are unique regardless of case; slugs follow the name and stay unique.
import { z } from "zod";
import { db } from "~/utils/db.server";
import { isValidId } from "~/utils/api.server";
import { parseInput } from "~/utils/validation";
import { catalogCache } from "./catalog-cache.server";
import { catalogChanged } from "./catalog-events.server";
import { failure, fieldFailure, type Outcome } from "./outcome";
import { isForeignKeyViolation, isUniqueViolation, uniqueSlug } from "./slug.server";

export type CategorySummary = { id: string; name: string; slug: string };

const categoryList = catalogCache<CategorySummary[]>(1);

/** Every category by name, from memory while this process hears catalogue changes (the header and filters need it on every page). */
export function listCategories(): Promise<CategorySummary[]> {
  return categoryList.get("all", () => db.category.findMany({ select: { id: true, name: true, slug: true }, orderBy: { name: "asc" } }));
}

export const CATEGORY_NAME_MAX = 60;

/** The one input schema of create and rename, for the screens and the API. */
export const categoryInputSchema = z.object({
  name: z
    .string({ error: "Enter a category name" })
    .trim()
    .min(1, "Enter a category name")
    .max(CATEGORY_NAME_MAX, `The name must be at most ${CATEGORY_NAME_MAX} characters`),
});

const summarySelect = { id: true, name: true, slug: true } as const;

export function getCategory(id: string): Promise<CategorySummary | null> {
  if (!isValidId(id)) return Promise.resolve(null);
  return db.category.findUnique({ where: { id }, select: summarySelect });
}

async function nameTaken(name: string, exceptId?: string) {
  const found = await db.category.findFirst({
    where: { name: { equals: name, mode: "insensitive" }, ...(exceptId ? { id: { not: exceptId } } : {}) },
    select: { id: true },
  });
  return Boolean(found);
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

const duplicate = (name: string) => fieldFailure(409, "name", `A category named "${name}" already exists`);

/** Saves with a fresh slug, retrying when a concurrent write took the slug first. */
async function saveWithSlug(name: string, save: (slug: string) => Promise<CategorySummary>, exceptId?: string): Promise<Outcome<{ category: CategorySummary }>> {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    if (await nameTaken(name, exceptId)) return duplicate(name);
    const slug = await uniqueSlug(name, slugsTaken(exceptId));
    try {
      const category = await save(slug);
      await catalogChanged();
      return { ok: true, category };
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
  }
  return duplicate(name);
}

export async function createCategory(input: unknown): Promise<Outcome<{ category: CategorySummary }>> {
  const parsed = parseInput(categoryInputSchema, input);
  if (!parsed.success) return failure(400, parsed.message, parsed.errors);
  const { name } = parsed.data;
  return saveWithSlug(name, (slug) => db.category.create({ data: { name, slug }, select: summarySelect }));
}

export async function renameCategory(id: string, input: unknown): Promise<Outcome<{ category: CategorySummary }>> {
  const current = await getCategory(id);
  if (!current) return failure(404, "Category not found");
  const parsed = parseInput(categoryInputSchema, input);
  if (!parsed.success) return failure(400, parsed.message, parsed.errors);
  const { name } = parsed.data;
  if (name === current.name) return { ok: true, category: current };
  return saveWithSlug(
    name,
    // Slugs are picked excluding this category, so a change of case or spacing keeps its slug (and links).
    (slug) => db.category.update({ where: { id }, data: { name, slug }, select: summarySelect }),
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
    await db.category.delete({ where: { id } });
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
