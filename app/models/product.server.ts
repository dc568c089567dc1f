// Products as the admin manages them: one input schema for the form and the
// API, unique slugs, photos checked from their bytes and saved in the same
// write as the product, so a refused or failed upload never leaves half a product.
import { z } from "zod";
import { db } from "~/utils/db.server";
import { isValidId } from "~/utils/api.server";
import { env } from "~/utils/env.server";
import { dollarsToCents } from "~/utils/money";
import { formatMegabytes } from "~/utils/upload.server";
import { hasForbiddenCharacters, parseInput, type ParseResult } from "~/utils/validation";
import { normalizeKeyword, productPhotoPath } from "./catalog";
import { catalogChanged } from "./catalog-events.server";
import { escapeLike, listedSelect, type ListedRow } from "./catalog.server";
import { failure, fieldFailure, type Outcome } from "./outcome";
import { InvalidImageError, processPhoto, type ProcessedPhoto } from "./photo.server";
import { isNotFound, withUniqueSlug } from "./slug.server";

export const PRODUCT_NAME_MAX = 120;
export const PRODUCT_DESCRIPTION_MAX = 5000;
export const PRICE_MAX_DOLLARS = 1_000_000;
export const QUANTITY_MAX = 1_000_000;
export const ADMIN_PRODUCTS_PAGE_SIZE = 24;

export const photoTooLargeMessage = (limit = env().MAX_UPLOAD_BYTES) => `The photo must be at most ${formatMegabytes(limit)}`;

const asText = (value: unknown) => (typeof value === "number" ? String(value) : typeof value === "string" ? value.trim() : undefined);

/** A number field's text when present and not negative; otherwise the issue is added and the result is undefined. */
function nonNegativeText(value: unknown, ctx: z.RefinementCtx, noun: string): string | undefined {
  const text = asText(value);
  if (!text) {
    ctx.addIssue({ code: "custom", message: `Enter a ${noun}` });
    return undefined;
  }
  if (text.startsWith("-")) {
    ctx.addIssue({ code: "custom", message: `The ${noun} cannot be negative` });
    return undefined;
  }
  return text;
}

/** Dollars as typed ("19.99", 19.99): non-negative, at most two decimals; out comes integer cents. */
const priceField = z
  .unknown()
  .optional()
  .transform((value, ctx) => {
    const text = nonNegativeText(value, ctx, "price");
    if (text === undefined) return z.NEVER;
    if (!/^(\d+(\.\d{0,2})?|\.\d{1,2})$/.test(text)) {
      ctx.addIssue({ code: "custom", message: "Enter the price in dollars with at most two decimals, e.g. 19.99" });
      return z.NEVER;
    }
    const dollars = Number(text);
    if (dollars > PRICE_MAX_DOLLARS) {
      ctx.addIssue({ code: "custom", message: `The price must be at most $${PRICE_MAX_DOLLARS.toLocaleString("en-US")}` });
      return z.NEVER;
    }
    return dollarsToCents(dollars);
  })
  .meta({ type: "string", description: `US dollars, at most two decimals, at most ${PRICE_MAX_DOLLARS}`, examples: ["19.99"] });

const quantityField = z
  .unknown()
  .optional()
  .transform((value, ctx) => {
    const text = nonNegativeText(value, ctx, "quantity");
    if (text === undefined) return z.NEVER;
    if (!/^\d+$/.test(text) || Number(text) > QUANTITY_MAX) {
      ctx.addIssue({ code: "custom", message: `Enter a whole number from 0 to ${QUANTITY_MAX.toLocaleString("en-US")}` });
      return z.NEVER;
    }
    return Number(text);
  })
  .meta({ type: "string", description: `Whole number from 0 to ${QUANTITY_MAX}` });

/** "0"/"1", "no"/"yes", "false"/"true" or a boolean; absent or blank means no shipping on create (on update, absent keeps it). */
const shippingField = z
  .unknown()
  .optional()
  .transform((value, ctx) => {
    if (value === undefined || value === null || value === "") return false;
    if (typeof value === "boolean") return value;
    const text = String(value).trim().toLowerCase();
    if (["1", "yes", "true"].includes(text)) return true;
    if (["0", "no", "false"].includes(text)) return false;
    ctx.addIssue({ code: "custom", message: "Choose Yes or No" });
    return z.NEVER;
  })
  .meta({ type: "string", enum: ["0", "1", "no", "yes", "false", "true"], description: "On create, absent or blank means no shipping" });

/** A chosen file, or nothing (an empty file input sends a nameless, empty part). */
const photoField = z
  .unknown()
  .optional()
  .transform((value, ctx): Blob | undefined => {
    if (value === undefined || value === null || value === "") return undefined;
    if (value instanceof Blob) return value.size === 0 ? undefined : value;
    ctx.addIssue({ code: "custom", message: "Send the photo as a file upload" });
    return z.NEVER;
  })
  .meta({ type: "string", format: "binary", description: "JPEG, PNG, WebP or GIF; at most MAX_UPLOAD_BYTES (5 MB by default)" });

/** The one product input schema, shared by the create and update screens and API routes. */
export const productInputSchema = z
  .object({
    name: z
      .string({ error: "Enter a name" })
      .trim()
      .min(1, "Enter a name")
      .max(PRODUCT_NAME_MAX, `The name must be at most ${PRODUCT_NAME_MAX} characters`),
    description: z
      .string({ error: "Enter a description" })
      .trim()
      .min(1, "Enter a description")
      .max(PRODUCT_DESCRIPTION_MAX, `The description must be at most ${PRODUCT_DESCRIPTION_MAX} characters`),
    price: priceField,
    quantity: quantityField,
    shipping: shippingField,
    category: z.string({ error: "Choose a category" }).trim().min(1, "Choose a category"),
    photo: photoField,
  })
  // For the API's description (zod counts the number fields optional: they validate any input themselves).
  .meta({ required: ["name", "description", "price", "quantity", "category"] });
export type ProductInput = z.output<typeof productInputSchema>;

/**
 * An update changes only the fields it sends: each field is optional, a sent
 * one is validated as on create, and one left out keeps its stored value
 * (an old client that never sends `shipping` must not reset it to No). This
 * holds for the API and the admin form alike, because the form always sends
 * every field: shipping is a No/Yes <select>, never a checkbox, so its
 * absence is never a deliberate "No". (A checkbox added to this form one day
 * would need a hidden marker field to tell "unchecked" from "not on the page".)
 * An empty photo part, as a form with no file chosen sends, keeps the photo too.
 */
export const productUpdateSchema = productInputSchema.partial();
export type ProductUpdateInput = z.output<typeof productUpdateSchema>;

/** A product as the admin screens and the product API answer it: the listed columns with the photo's etag. */
export type AdminProduct = ListedRow;

type ProductOutcome = Outcome<{ product: AdminProduct }>;

/** After validation, the category check (when one is sent) and the photo check: everything before any write. */
async function prepare<T extends ProductUpdateInput>(
  parsed: ParseResult<T>,
): Promise<{ ok: true; data: T; photo?: ProcessedPhoto } | Exclude<ProductOutcome, { ok: true }>> {
  if (!parsed.success) return failure(400, parsed.message, parsed.errors);
  const data = parsed.data;
  if (data.category !== undefined) {
    const category = isValidId(data.category) ? await db.category.findUnique({ where: { id: data.category }, select: { id: true } }) : null;
    if (!category) return fieldFailure(400, "category", "Choose a category that exists");
  }
  if (!data.photo) return { ok: true, data };
  const limit = env().MAX_UPLOAD_BYTES;
  if (data.photo.size > limit) return fieldFailure(413, "photo", photoTooLargeMessage(limit));
  try {
    return { ok: true, data, photo: await processPhoto(new Uint8Array(await data.photo.arrayBuffer())) };
  } catch (error) {
    if (error instanceof InvalidImageError) return fieldFailure(400, "photo", error.message);
    throw error;
  }
}

function productSlugsTaken(exceptId?: string) {
  return async (prefix: string) =>
    (
      await db.product.findMany({
        where: { slug: { startsWith: prefix }, ...(exceptId ? { id: { not: exceptId } } : {}) },
        select: { slug: true },
      })
    ).map((row) => row.slug);
}

/** Runs `write` with a free slug, picking again if a concurrent write took it first. */
function withFreeSlug<T>(name: string, exceptId: string | undefined, write: (slug: string) => Promise<T>): Promise<T> {
  return withUniqueSlug(name, productSlugsTaken(exceptId), write);
}

/** The columns of the input; on update, a field left out is undefined, which Prisma leaves unchanged. */
const fieldsOf = <T extends ProductUpdateInput>(
  data: T,
): {
  name: T["name"];
  description: T["description"];
  priceCents: T["price"];
  quantity: T["quantity"];
  shipping: T["shipping"];
  categoryId: T["category"];
} => ({
  name: data.name,
  description: data.description,
  priceCents: data.price,
  quantity: data.quantity,
  shipping: data.shipping,
  categoryId: data.category,
});

export async function createProduct(input: unknown): Promise<ProductOutcome> {
  const prepared = await prepare(parseInput(productInputSchema, input));
  if (!prepared.ok) return prepared;
  const { data, photo } = prepared;
  // One INSERT statement pair in one transaction: the product and its photo, or neither.
  const product = await withFreeSlug(data.name, undefined, (slug) =>
    db.product.create({
      data: { ...fieldsOf(data), slug, ...(photo ? { photo: { create: photo } } : {}) },
      select: listedSelect,
    }),
  );
  await catalogChanged();
  return { ok: true, product };
}

/** Only the fields sent change (see productUpdateSchema); the photo is replaced only when a new one is sent; the slug changes only with the name. */
export async function updateProduct(id: string, input: unknown): Promise<ProductOutcome> {
  const current = isValidId(id) ? await db.product.findUnique({ where: { id }, select: { id: true, name: true, slug: true } }) : null;
  if (!current) return failure(404, "Product not found");
  const prepared = await prepare(parseInput(productUpdateSchema, input));
  if (!prepared.ok) return prepared;
  const { data, photo } = prepared;
  const update = (slug: string) =>
    db.product.update({
      where: { id },
      data: { ...fieldsOf(data), slug, ...(photo ? { photo: { upsert: { create: photo, update: photo } } } : {}) },
      select: listedSelect,
    });
  const product =
    data.name === undefined || data.name === current.name ? await update(current.slug) : await withFreeSlug(data.name, id, update);
  await catalogChanged();
  return { ok: true, product };
}

/** Orders keep their lines: OrderLine.productId becomes NULL, the name and price stay. */
export async function deleteProduct(id: string): Promise<Outcome<{ product: { id: string; name: string } }>> {
  if (!isValidId(id)) return failure(404, "Product not found");
  try {
    const product = await db.product.delete({ where: { id }, select: { id: true, name: true } });
    await catalogChanged();
    return { ok: true, product };
  } catch (error) {
    if (isNotFound(error)) return failure(404, "Product not found");
    throw error;
  }
}

export function getProductForAdmin(slug: string): Promise<AdminProduct | null> {
  // A path segment with a control character (NUL cannot even be sent to PostgreSQL) names nothing.
  if (typeof slug !== "string" || slug.length > 200 || hasForbiddenCharacters(slug)) return Promise.resolve(null);
  return db.product.findUnique({ where: { slug }, select: listedSelect });
}

export async function listProductsForAdmin({ page = 1, query = "" }: { page?: number; query?: string } = {}) {
  const q = normalizeKeyword(query).slice(0, 100);
  // Prisma's `contains` is a LIKE pattern as given: escaped, so %, _ and \ match themselves.
  const where = q ? { name: { contains: escapeLike(q), mode: "insensitive" as const } } : {};
  const [products, total] = await Promise.all([
    db.product.findMany({
      where,
      select: {
        id: true,
        name: true,
        slug: true,
        description: true,
        priceCents: true,
        quantity: true,
        category: { select: { name: true } },
        photo: { select: { etag: true } },
      },
      orderBy: [{ createdAt: "desc" }, { id: "asc" }],
      skip: (page - 1) * ADMIN_PRODUCTS_PAGE_SIZE,
      take: ADMIN_PRODUCTS_PAGE_SIZE,
    }),
    db.product.count({ where }),
  ]);
  return { products, total, page, pageSize: ADMIN_PRODUCTS_PAGE_SIZE, query: q };
}

/** The photo URL versioned by its content hash (the photo route caches versioned URLs for good), so a replaced photo is never shown stale. */
export function adminPhotoUrl(product: { id: string; photo: { etag: string } | null }, size?: "thumb") {
  return product.photo ? productPhotoPath(product.id, product.photo.etag, size) : null;
}
