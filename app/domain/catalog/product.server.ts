// Products as the admin manages them: one input schema for the form and the
// API, unique slugs, photos checked from their bytes and saved in the same
// write as the product, so a refused or failed upload never leaves half a product.
import type { Prisma } from "@prisma/client";
import { db } from "~/utils/db.server";
import { pageOf } from "~/utils/paging";
import { isValidId } from "~/utils/id";
import { env } from "~/utils/env.server";
import { formatMegabytes } from "~/http/request-input.server";
import { parseInput, type ParseResult } from "~/utils/validation";
import { normalizeKeyword, productPhotoPath } from "./catalog";
import { allFields, changedFields, recordAudit } from "~/domain/audit/audit.server";
import { catalogChanged } from "./catalog-events.server";
import { failure, fieldFailure, type Failure, type Outcome } from "~/domain/outcome";
import { InvalidImageError, photoWrite, processPhoto, type ProcessedPhoto } from "./photo.server";
import { getProductBySlug, type ProductDetail } from "./product-page.server";
import { escapeLike } from "./search.server";
import { isNotFound, isUniqueViolation } from "~/utils/db-errors.server";
import { withUniqueSlug } from "./slug.server";
import { staleStockMessage } from "./variants/variants.server";

export const ADMIN_PRODUCTS_PAGE_SIZE = 24;

export const photoTooLargeMessage = (limit = env().MAX_UPLOAD_BYTES) => `The photo must be at most ${formatMegabytes(limit)}`;

export {
  PRICE_MAX_DOLLARS,
  PRODUCT_DESCRIPTION_MAX,
  PRODUCT_NAME_MAX,
  productInputSchema,
  productUpdateSchema,
  QUANTITY_MAX,
  type ProductInput,
  type ProductUpdateInput,
} from "./product.schema";
import { productInputSchema, productUpdateSchema, type ProductUpdateInput } from "./product.schema";

/** The columns a product write answers with: never the photo's bytes, only its etag. */
const productSelect = {
  id: true,
  name: true,
  slug: true,
  description: true,
  priceCents: true,
  quantity: true,
  shipping: true,
  createdAt: true,
  updatedAt: true,
  category: { select: { id: true, name: true, slug: true } },
  photo: { select: { etag: true } },
} satisfies Prisma.ProductSelect;

/** A product as the admin screens and the product API answer it: the listed columns with the photo's etag. */
export type AdminProduct = Prisma.ProductGetPayload<{ select: typeof productSelect }>;

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

/**
 * Two products with one name would be told apart only by a "-2" slug the
 * admin never sees (D19): a taken name (ignoring case) is a field error.
 */
async function productNameTaken(name: string, exceptId?: string) {
  // lower() = lower(), not ILIKE: a name holding % or _ means itself. The unique index on lower(name) answers it.
  const found = await db.$queryRaw<unknown[]>`
    SELECT 1 FROM "Product" WHERE lower(name) = lower(${name}) AND id <> ${exceptId ?? ""} LIMIT 1`;
  return found.length > 0;
}
const nameTakenFailure = (name: string) => fieldFailure(409, "name", `A product named “${name}” already exists: choose another name`);

/**
 * Runs a write that may lose a race for the name: the unique index on
 * lower(name) refuses the second of two concurrent writers, which answers
 * null (the caller's 409) instead of a 500.
 */
async function catchNameTaken<T>(name: string | undefined, write: () => Promise<T>): Promise<T | null> {
  try {
    return await write();
  } catch (error) {
    if (name !== undefined && isUniqueViolation(error, "name")) return null;
    throw error;
  }
}

/** The columns the audit trail compares, before and after a change. */
const auditedSelect = {
  name: true,
  slug: true,
  description: true,
  priceCents: true,
  quantity: true,
  shipping: true,
  categoryId: true,
} as const;

const auditTarget = (product: { id: string; name: string; slug: string }, exists = true) => ({
  type: "product",
  id: product.id,
  label: product.name,
  path: exists ? `/dashboard/admin/product/${product.slug}` : null,
});

export async function createProduct(input: unknown): Promise<ProductOutcome> {
  const prepared = await prepare(parseInput(productInputSchema, input));
  if (!prepared.ok) return prepared;
  const { data, photo } = prepared;
  if (await productNameTaken(data.name)) return nameTakenFailure(data.name);
  // One INSERT statement pair in one transaction: the product and its photo, or neither.
  const product = await catchNameTaken(data.name, () =>
    withFreeSlug(data.name, undefined, (slug) =>
      db.$transaction(async (tx) => {
        const created = await tx.product.create({
          data: { ...fieldsOf(data), slug, ...(photo ? { photo: { create: photoWrite(photo).create } } : {}) },
          select: productSelect,
        });
        await recordAudit(tx, {
          kind: "product.created",
          target: auditTarget(created),
          changes: allFields({ ...fieldsOf(data), slug, photo: photo ? photo.etag : null }, "after"),
        });
        return created;
      }),
    ),
  );
  if (!product) return nameTakenFailure(data.name);
  await catalogChanged();
  return { ok: true, product };
}

/** A stock edit that would undo a change made since the form was read (see updateProduct). */
class StaleStockError extends Error {
  constructor(
    readonly shown: number,
    readonly live: number,
    readonly typed: number,
  ) {
    super("stale stock");
  }
}

/**
 * A refused stock edit (409): the message names both figures; `refreshed` is
 * what the form must now carry to be saved again (the stock it shows).
 */
export type StaleProductStock = Failure & { refreshed: Record<string, string> };

/**
 * Only the fields sent change (see productUpdateSchema); the photo is replaced
 * only when a new one is sent; the slug changes only with the name.
 *
 * Stock edits never undo a sale: with `expectedQuantity` (the stock the form
 * showed), a `quantity` equal to it leaves the live stock alone (not written),
 * and another figure is refused with both numbers (409, nothing saved) when
 * the stock has changed since; checked and written under the row's lock.
 */
export async function updateProduct(id: string, input: unknown): Promise<ProductOutcome | StaleProductStock> {
  const current = isValidId(id)
    ? await db.product.findUnique({ where: { id }, select: { id: true, maxPriceCents: true, ...auditedSelect } })
    : null;
  if (!current) return failure(404, "Product not found");
  const prepared = await prepare(parseInput(productUpdateSchema, input));
  if (!prepared.ok) return prepared;
  const { photo } = prepared;
  // A product sold in options has its variants' price and stock (variants.server.ts): its own are not set here.
  const data = current.maxPriceCents === null ? prepared.data : { ...prepared.data, price: undefined, quantity: undefined };
  const update = (slug: string) =>
    db.$transaction(async (tx) => {
      // Read again under the row lock: "before" is what this update replaces, even with two admins at once.
      await tx.$executeRaw`SELECT 1 FROM "Product" WHERE id = ${id} FOR UPDATE`;
      const before = (await tx.product.findUnique({ where: { id }, select: auditedSelect })) ?? current;
      const fields = { ...fieldsOf(data), quantity: stockToWrite(data.quantity, data.expectedQuantity, before.quantity) };
      const updated = await tx.product.update({
        where: { id },
        data: { ...fields, slug, ...(photo ? { photo: { upsert: photoWrite(photo) } } : {}) },
        select: productSelect,
      });
      const changes = changedFields<Record<string, unknown>>(before, { ...fields, slug });
      if (photo) changes.photo = { before: null, after: photo.etag };
      if (Object.keys(changes).length > 0) await recordAudit(tx, { kind: "product.changed", target: auditTarget(updated), changes });
      return updated;
    });
  const renamed = data.name !== undefined && data.name.toLowerCase() !== current.name.toLowerCase();
  if (renamed && (await productNameTaken(data.name!, id))) return nameTakenFailure(data.name!);
  let product: AdminProduct | null;
  try {
    product = await catchNameTaken(data.name, () =>
      data.name === undefined || data.name === current.name ? update(current.slug) : withFreeSlug(data.name, id, update),
    );
  } catch (error) {
    if (!(error instanceof StaleStockError)) throw error;
    const message = staleStockMessage({ title: "", shown: error.shown, live: error.live, typed: error.typed });
    return { ...fieldFailure(409, "quantity", message), refreshed: { expectedQuantity: String(error.live) } };
  }
  if (!product) return nameTakenFailure(data.name!);
  await catalogChanged();
  return { ok: true, product };
}

/**
 * The stock an update writes (undefined: leave the live figure): `quantity`
 * as sent without `expected`; with it, nothing when the figure was not
 * changed, and a StaleStockError when it was and the live stock moved since.
 */
function stockToWrite(quantity: number | undefined, expected: number | undefined, live: number): number | undefined {
  if (quantity === undefined || expected === undefined) return quantity;
  if (quantity === expected) return undefined;
  if (live !== expected) throw new StaleStockError(expected, live, quantity);
  return quantity;
}

/** Orders keep their lines: OrderLine.productId becomes NULL, the name and price stay. */
export async function deleteProduct(id: string): Promise<Outcome<{ product: { id: string; name: string } }>> {
  if (!isValidId(id)) return failure(404, "Product not found");
  try {
    const product = await db.$transaction(async (tx) => {
      const deleted = await tx.product.delete({ where: { id }, select: { id: true, ...auditedSelect } });
      const { id: _id, ...fields } = deleted;
      await recordAudit(tx, { kind: "product.deleted", target: auditTarget(deleted, false), changes: allFields(fields, "before") });
      return { id: deleted.id, name: deleted.name };
    });
    await catalogChanged();
    return { ok: true, product };
  } catch (error) {
    if (isNotFound(error)) return failure(404, "Product not found");
    throw error;
  }
}

/** The product the admin edits or deletes, read as the shop reads it (getProductBySlug). */
export function getProductForAdmin(slug: string): Promise<ProductDetail | null> {
  return getProductBySlug(slug);
}

export async function listProductsForAdmin({ page = 1, query = "" }: { page?: number; query?: string } = {}) {
  const q = normalizeKeyword(query).slice(0, 100);
  // Prisma's `contains` is a LIKE pattern as given: escaped, so %, _ and \ match themselves.
  const where = q ? { name: { contains: escapeLike(q), mode: "insensitive" as const } } : {};
  const [products, total] = await Promise.all([
    db.product.findMany({
      where,
      select: productSelect,
      orderBy: [{ createdAt: "desc" }, { id: "asc" }],
      skip: (page - 1) * ADMIN_PRODUCTS_PAGE_SIZE,
      take: ADMIN_PRODUCTS_PAGE_SIZE,
    }),
    db.product.count({ where }),
  ]);
  return { ...pageOf(products, total, page, ADMIN_PRODUCTS_PAGE_SIZE), query: q };
}

/** The photo URL versioned by its content hash (the photo route caches versioned URLs for good), so a replaced photo is never shown stale. */
export function adminPhotoUrl(product: { id: string; photo: { etag: string } | null }, size?: "thumb") {
  return product.photo ? productPhotoPath(product.id, product.photo.etag, size) : null;
}
