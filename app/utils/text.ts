/**
 * The spec's card preview: the first 30 characters followed by '...', the
 * dots only when something was cut (a short description is shown whole).
 */
export function preview(text: string, length = 30): string {
  return text.length > length ? `${text.substring(0, length)}...` : text;
}

/** URL slug from a name: lower case ASCII words joined by '-'. */
export function slugify(name: string): string {
  const slug = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/g, "");
  return slug || "item";
}

/** An error's message, for a log line or a stored reason. */
export const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));
