// Unique slugs: the slug of the name, or with -2, -3, ... when taken.
import { Prisma } from "@prisma/client";
import { slugify } from "~/utils/text";

/** The first free slug among base, base-2, base-3, ... given the slugs already taken that start with base. */
export function firstFreeSlug(base: string, taken: Iterable<string>): string {
  const used = new Set(taken);
  if (!used.has(base)) return base;
  for (let n = 2; ; n += 1) {
    const candidate = `${base}-${n}`;
    if (!used.has(candidate)) return candidate;
  }
}

/**
 * A free slug for `name`. `takenWithPrefix` lists the slugs in use that start
 * with the base (excluding the row being renamed). Concurrent writers can
 * still collide; callers retry on a unique-constraint error (see isUniqueViolation).
 */
export async function uniqueSlug(name: string, takenWithPrefix: (prefix: string) => Promise<string[]>): Promise<string> {
  const base = slugify(name);
  return firstFreeSlug(base, await takenWithPrefix(base));
}

export function isUniqueViolation(error: unknown, field?: string): boolean {
  if (!(error instanceof Prisma.PrismaClientKnownRequestError) || error.code !== "P2002") return false;
  if (!field) return true;
  const target = (error.meta as { target?: unknown } | undefined)?.target;
  const text = Array.isArray(target) ? target.join(",") : String(target ?? JSON.stringify(error.meta ?? {}));
  return text.includes(field);
}

export function isForeignKeyViolation(error: unknown): boolean {
  return error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2003";
}

export function isNotFound(error: unknown): boolean {
  return error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2025";
}
