// A product's options and variants as the admin and the API change them:
// replaced in one transaction from one checked input. A variant that was
// ordered is archived, never deleted, so old orders keep their lines and a
// refund can still put units back. Product.quantity and priceCents follow
// the variants by a trigger (the variants migration), so listings, filters
// and sorts read the product row as before.
import { Prisma } from "@prisma/client";
import { db } from "~/utils/db.server";
import { isValidId } from "~/utils/id";
import { parseInput } from "~/utils/validation";
import { recordAudit } from "~/domain/audit/audit.server";
import { failure, type Failure, type Outcome } from "~/domain/outcome";
import { catalogChanged } from "~/domain/catalog/catalog-events.server";
import type { ProcessedPhoto } from "~/domain/catalog/photo.server";
import { isUniqueViolation } from "~/utils/db-errors.server";
import { choiceKey, variantTitle, type ProductOption, type VariantChoice, type VariantView } from "./variants";
import { variantsInputSchema, type VariantsInput } from "./variants.schema";

type Tx = Prisma.TransactionClient;

/** The options a product declares, as stored (JSON), read defensively. */
export function optionsOf(stored: unknown): ProductOption[] {
  if (!Array.isArray(stored)) return [];
  return stored.flatMap((option) =>
    option && typeof option.name === "string" && Array.isArray(option.values)
      ? [{ name: option.name, values: option.values.filter((value: unknown): value is string => typeof value === "string") }]
      : [],
  );
}

/** A variant row with its photo's tag and size, as every read shows it. */
const variantSelect = {
  id: true,
  sku: true,
  title: true,
  options: true,
  priceCents: true,
  quantity: true,
  photo: { select: { etag: true, width: true, height: true } },
} satisfies Prisma.ProductVariantSelect;

function toView(row: Prisma.ProductVariantGetPayload<{ select: typeof variantSelect }>): VariantView {
  return { ...row, options: (row.options ?? {}) as VariantChoice, photo: row.photo };
}

/** The variants on sale of some products, in their order, per product id (the API's lists). */
export async function variantsOfProducts(productIds: string[]): Promise<Map<string, VariantView[]>> {
  const out = new Map<string, VariantView[]>();
  if (!productIds.length) return out;
  const rows = await db.productVariant.findMany({
    where: { productId: { in: productIds }, archivedAt: null },
    select: { ...variantSelect, productId: true },
    orderBy: [{ productId: "asc" }, { position: "asc" }],
  });
  for (const { productId, ...row } of rows) out.set(productId, [...(out.get(productId) ?? []), toView(row)]);
  return out;
}

/** A product's options and its variants on sale, for the admin's form; null for an unknown product. */
export async function variantsForAdmin(productId: string) {
  if (!isValidId(productId)) return null;
  const product = await db.product.findUnique({ where: { id: productId }, select: { options: true, priceCents: true } });
  if (!product) return null;
  const variants = (await variantsOfProducts([productId])).get(productId) ?? [];
  return { options: optionsOf(product.options), variants, basePriceCents: product.priceCents };
}

export type VariantPhotos = Map<number, ProcessedPhoto>;

/** A variant whose stock changed while the form showed it, and the admin typed a new figure. */
export type StaleStock = { index: number; title: string; shown: number; live: number; typed: number };

/**
 * A save refused because stock changed meanwhile (409): `stale` names each
 * such variant; `live` is every input variant's stock now (by index; null
 * for a new combination), for the form to show afresh.
 */
export type StaleStockFailure = Failure & { stale: StaleStock[]; live: (number | null)[] };

export const staleStockMessage = (stale: Omit<StaleStock, "index">) =>
  `${stale.title ? `${stale.title}: stock` : "Stock"} changed from ${stale.shown} to ${stale.live} while you were editing; your ${stale.typed} was not saved. Check and save again.`;

/**
 * Replaces a product's options and variants with `input` (variantsInputSchema):
 * a variant whose combination stays, or that the input names by its `id`
 * (a renamed value), is updated in place (its id, and so the carts and order
 * lines that name it, stay); a new combination is created;
 * one left out is deleted, or archived when an order names it. `photos`
 * (from the admin's form) are by the input's variant index.
 *
 * Stock edits never undo a sale: a variant sent with `expectedQuantity` (the
 * stock the form showed) keeps its live stock when its quantity equals that
 * (not written at all), and is refused with both figures (409, nothing saved)
 * when the admin typed another figure and the stock has changed since. The
 * check and the write happen under the product's and its variants' row locks,
 * taken in the checkout's order (product, then variants by id), so no sale
 * or hold slips between. Without `expectedQuantity`, `quantity` is set as sent.
 */
export async function replaceVariants(
  productId: string,
  input: unknown,
  photos: VariantPhotos = new Map(),
): Promise<Outcome<{ product: { id: string; slug: string } }> | StaleStockFailure> {
  // An unknown product is a 404 whatever its body says (its SKUs would all be "another product's").
  if (!isValidId(productId) || !(await db.product.findUnique({ where: { id: productId }, select: { id: true } }))) {
    return failure(404, "Product not found");
  }
  const parsed = parseInput(variantsInputSchema, input);
  if (!parsed.success) return failure(400, parsed.message, parsed.errors);
  const { options, variants } = parsed.data;
  const taken = await skuTakenElsewhere(
    productId,
    variants.flatMap((variant) => (variant.sku ? [variant.sku] : [])),
  );
  if (taken) return skuTaken(taken);
  try {
    const product = await db.$transaction(async (tx) => {
      const locked = await tx.$queryRaw<
        { id: string; slug: string; name: string; options: unknown; quantity: number; priceCents: number }[]
      >`
        SELECT id, slug, name, options, quantity, "priceCents" FROM "Product" WHERE id = ${productId} FOR UPDATE`;
      if (!locked.length) return null;
      // The variants' rows too, in id order as checkout takes them: their stock is read and written under these locks.
      await tx.$queryRaw`SELECT id FROM "ProductVariant" WHERE "productId" = ${productId} ORDER BY id FOR UPDATE`;
      const existing = await tx.productVariant.findMany({
        where: { productId },
        select: { id: true, options: true, quantity: true, archivedAt: true, _count: { select: { orderLines: true } } },
        orderBy: { archivedAt: { sort: "desc", nulls: "first" } },
      });
      // A variant named by its id (this product's) is that row, whatever its values now (a renamed value keeps its id);
      // any other is matched by its combination among the rows no entry named.
      const byId = new Map(existing.map((row) => [row.id, row]));
      const named = new Set(variants.flatMap((variant) => (variant.id && byId.has(variant.id) ? [variant.id] : [])));
      const byKey = new Map<string, (typeof existing)[number]>();
      for (const row of existing) {
        const key = choiceKey(options, row.options as VariantChoice);
        if (!named.has(row.id) && !byKey.has(key)) byKey.set(key, row);
      }
      const found = variants.map((variant) =>
        variant.id && named.has(variant.id) ? byId.get(variant.id) : byKey.get(choiceKey(options, variant.options)),
      );
      const stock = stockWrites(options, variants, found);
      if (!Array.isArray(stock)) return stock;
      const kept = new Set(found.map((row) => row?.id).filter(Boolean));
      // Out first, and every SKU let go, so SKUs may move between this product's variants.
      for (const row of existing) {
        if (kept.has(row.id) || row.archivedAt) continue;
        if (row._count.orderLines > 0) await archive(tx, row.id);
        else await tx.productVariant.delete({ where: { id: row.id } });
      }
      await tx.productVariant.updateMany({ where: { productId, sku: { not: null } }, data: { sku: null } });
      for (const [position, variant] of variants.entries()) {
        const fields = {
          sku: variant.sku,
          title: variantTitle(options, variant.options),
          options: variant.options,
          position,
          priceCents: variant.price,
          archivedAt: null,
        };
        const row = found[position];
        const saved = row
          ? await tx.productVariant.update({ where: { id: row.id }, data: { ...fields, quantity: stock[position] }, select: { id: true } })
          : await tx.productVariant.create({ data: { ...fields, quantity: variant.quantity, productId }, select: { id: true } });
        const photo = photos.get(position);
        if (photo)
          await tx.variantPhoto.upsert({
            where: { variantId: saved.id },
            create: { variantId: saved.id, ...photoFields(photo) },
            update: photoFields(photo),
          });
      }
      await tx.product.update({
        where: { id: productId },
        // Without options the product is simple again: its price and stock are its own, what its variants added up to.
        data: {
          options,
          ...(variants.length ? {} : { maxPriceCents: null, quantity: locked[0].quantity, priceCents: locked[0].priceCents }),
        },
      });
      await recordAudit(tx, {
        kind: "product.variants",
        target: { type: "product", id: productId, label: locked[0].name, path: `/dashboard/admin/product/${locked[0].slug}` },
        changes: {
          options: {
            before: optionsOf(locked[0].options).map(describe).join("; ") || null,
            after: options.map(describe).join("; ") || null,
          },
          variants: { before: existing.filter((row) => !row.archivedAt).length, after: variants.length },
        },
      });
      return { id: productId, slug: locked[0].slug };
    });
    if (!product) return failure(404, "Product not found");
    if ("stale" in product) return product;
    await catalogChanged();
    return { ok: true, product };
  } catch (error) {
    if (isUniqueViolation(error))
      return failure(409, "variants: a SKU given is already another product's variant's", {
        variants: "A SKU given is already used by another product",
      });
    throw error;
  }
}

/**
 * The stock to write per input variant (undefined: leave the live figure), or
 * the refusal when a figure the admin typed would undo a change made since
 * the form was read. `found` is each input variant's row, read under its lock.
 */
function stockWrites(
  options: ProductOption[],
  variants: VariantsInput["variants"],
  found: ({ quantity: number } | undefined)[],
): (number | undefined)[] | StaleStockFailure {
  const stale: StaleStock[] = [];
  const writes = variants.map((variant, index) => {
    const row = found[index];
    const shown = variant.expectedQuantity;
    if (!row || shown === undefined) return variant.quantity;
    if (variant.quantity === shown) return undefined;
    if (row.quantity !== shown)
      stale.push({ index, title: variantTitle(options, variant.options), shown, live: row.quantity, typed: variant.quantity });
    return variant.quantity;
  });
  if (!stale.length) return writes;
  const message = stale.map(staleStockMessage).join(" ");
  return {
    ...failure(409, message, { variants: message }),
    stale,
    live: found.map((row) => row?.quantity ?? null),
  };
}

/** A SKU of `skus` that another product's variant on sale has (any case), or null. */
async function skuTakenElsewhere(productId: string, skus: string[]): Promise<string | null> {
  if (!skus.length) return null;
  const rows = await db.$queryRaw<{ sku: string }[]>`
    SELECT sku FROM "ProductVariant"
    WHERE lower(sku) IN (${Prisma.join(skus.map((sku) => sku.toLowerCase()))}) AND "archivedAt" IS NULL AND "productId" <> ${productId}
    LIMIT 1`;
  return rows[0]?.sku ?? null;
}

function skuTaken(sku: string) {
  const message = `The SKU ${sku} is already another product's`;
  return failure(400, `variants: ${message}`, { variants: message });
}

const describe = (option: ProductOption) => `${option.name}: ${option.values.join(", ")}`;

async function archive(tx: Tx, id: string) {
  await tx.productVariant.update({ where: { id }, data: { archivedAt: new Date() } });
}

function photoFields(photo: ProcessedPhoto) {
  const { variants: _copies, ...fields } = photo;
  return fields;
}
