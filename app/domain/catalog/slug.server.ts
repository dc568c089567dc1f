// Unique slugs: the slug of the name, or with -2, -3, ... when taken.
import { randomBytes } from "node:crypto";
import { isUniqueViolation } from "~/utils/db-errors.server";
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

/** Tries with the next free numbered slug this often before adding a random suffix. */
const NUMBERED_ATTEMPTS = 3;
const MAX_ATTEMPTS = 10;

/**
 * Runs `write` with a free slug for `name` until no concurrent writer took it
 * first: the next numbered slug (base, base-2, ...) a few times, then the
 * base with a random suffix, which does not collide in practice. Only a
 * unique violation on the slug is retried; anything else (a duplicate name,
 * say) is thrown to the caller. So 30 creates with one name at once all succeed.
 */
export async function withUniqueSlug<T>(
  name: string,
  takenWithPrefix: (prefix: string) => Promise<string[]>,
  write: (slug: string) => Promise<T>,
): Promise<T> {
  const base = slugify(name);
  for (let attempt = 1; ; attempt += 1) {
    const slug =
      attempt <= NUMBERED_ATTEMPTS
        ? firstFreeSlug(base, await takenWithPrefix(base))
        : `${base.slice(0, 70)}-${randomBytes(4).toString("hex")}`;
    try {
      return await write(slug);
    } catch (error) {
      if (attempt >= MAX_ATTEMPTS || !isUniqueViolation(error, "slug")) throw error;
    }
  }
}
