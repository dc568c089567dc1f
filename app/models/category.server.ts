import { db } from "~/utils/db.server";

export type CategorySummary = { id: string; name: string; slug: string };

export function listCategories(): Promise<CategorySummary[]> {
  return db.category.findMany({ select: { id: true, name: true, slug: true }, orderBy: { name: "asc" } });
}
