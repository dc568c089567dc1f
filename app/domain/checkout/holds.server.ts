// Stock held for a checkout: taken when the order is created, given back
// once when the attempt ends, taken again when a payment arrives after the
// hold ended. A unit of stock is a product's (one without options) or a
// variant's (ProductVariant.quantity; the product's own figure is their sum,
// kept by a trigger). Rows are always locked products first, then variants,
// each in id order, so concurrent writers never deadlock (the trigger's
// update of a product then finds its row already locked by this writer).
import { Prisma } from "@prisma/client";
import { catalogChanged } from "~/domain/catalog/catalog-events.server";
import { releaseDiscountUse } from "~/domain/discounts/discount.server";
import type { Tx } from "./rules.server";

/** Units per stock key: a product's id, or "productId/variantId" for a variant. */
export type StockUnits = Map<string, number>;

export const stockKey = (productId: string, variantId?: string | null) => (variantId ? `${productId}/${variantId}` : productId);

export function splitStockKey(key: string): { productId: string; variantId: string | null } {
  const [productId, variantId = null] = key.split("/");
  return { productId, variantId };
}

type LockedProduct = { id: string; quantity: number; priceCents: number; description: string; slug: string; hasOptions: boolean };
type LockedVariant = { id: string; productId: string; quantity: number; priceCents: number; archived: boolean };

/** Locks the products' rows in id order and reads their stock and price. */
export async function lockProducts(tx: Tx, ids: string[]) {
  if (!ids.length) return new Map<string, LockedProduct>();
  const rows = await tx.$queryRaw<LockedProduct[]>(Prisma.sql`
    SELECT id, quantity, "priceCents", description, slug, ("maxPriceCents" IS NOT NULL OR jsonb_array_length(options) > 0) AS "hasOptions"
    FROM "Product" WHERE id IN (${Prisma.join([...ids].sort())}) ORDER BY id FOR UPDATE`);
  return new Map(rows.map((row) => [row.id, row]));
}

/** Locks the rows of `units`: their products, then their variants; what each has now. */
export async function lockStock(tx: Tx, units: StockUnits) {
  const keys = [...units.keys()].map(splitStockKey);
  const products = await lockProducts(tx, [...new Set(keys.map((key) => key.productId))]);
  const variantIds = keys.flatMap((key) => (key.variantId ? [key.variantId] : [])).sort();
  const variants = variantIds.length
    ? await tx.$queryRaw<LockedVariant[]>(Prisma.sql`
        SELECT id, "productId", quantity, "priceCents", "archivedAt" IS NOT NULL AS archived
        FROM "ProductVariant" WHERE id IN (${Prisma.join(variantIds)}) ORDER BY id FOR UPDATE`)
    : [];
  const variantById = new Map(variants.map((row) => [row.id, row]));
  /** The locked row a key's units come from (null when gone, or not for sale that way): its stock and price. */
  const sellable = (key: string): { quantity: number; priceCents: number } | null => {
    const { productId, variantId } = splitStockKey(key);
    const product = products.get(productId);
    if (!product) return null;
    if (!variantId) return product.hasOptions ? null : product;
    const variant = variantById.get(variantId);
    return variant && variant.productId === productId && !variant.archived ? variant : null;
  };
  /** Whether units can go back to a key: its product, or its variant (archived or not), still exists. */
  const present = (key: string) => {
    const { productId, variantId } = splitStockKey(key);
    return products.has(productId) && (!variantId || variantById.get(variantId)?.productId === productId);
  };
  return { products, sellable, present };
}

/** The units an order wants per stock key; `deleted` counts lines whose product or variant no longer exists. */
export async function orderUnits(tx: Tx, orderId: string) {
  const lines = await tx.orderLine.findMany({
    where: { orderId },
    select: { productId: true, variantId: true, variantTitle: true, quantity: true },
  });
  const units: StockUnits = new Map();
  let deleted = 0;
  for (const line of lines) {
    if (!line.productId || (line.variantTitle !== null && !line.variantId)) deleted += 1;
    else {
      const key = stockKey(line.productId, line.variantId);
      units.set(key, (units.get(key) ?? 0) + line.quantity);
    }
  }
  return { units, deleted };
}

/** Adds (sign 1) or takes (-1) units; the rows must be locked (lockStock). */
export async function addStock(tx: Tx, units: StockUnits, sign: 1 | -1) {
  const keys = [...units.keys()].sort();
  for (const key of keys) {
    const { productId, variantId } = splitStockKey(key);
    const delta = sign * units.get(key)!;
    if (variantId)
      await tx.$executeRaw`UPDATE "ProductVariant" SET quantity = quantity + ${delta}, "updatedAt" = now() WHERE id = ${variantId}`;
    else await tx.$executeRaw`UPDATE "Product" SET quantity = quantity + ${delta}, "updatedAt" = now() WHERE id = ${productId}`;
  }
  // Stock shows on product pages and cards: every cached page must see the change once it commits.
  // Listings, their counts and order do not depend on it ("details").
  if (keys.length) await catalogChanged(tx, "details");
}

/** Gives an order's held stock back, once (the conditional update claims it). Products or variants deleted since are skipped. */
export async function releaseHold(tx: Tx, orderId: string): Promise<boolean> {
  const claimed = await tx.order.updateMany({ where: { id: orderId, reservedUntil: { not: null } }, data: { reservedUntil: null } });
  if (claimed.count === 0) return false;
  const { units } = await orderUnits(tx, orderId);
  const stock = await lockStock(tx, units);
  for (const key of units.keys()) if (!stock.present(key)) units.delete(key);
  await addStock(tx, units, 1);
  await releaseDiscountUse(tx, orderId); // the code's reserved use goes back with the stock (discount.server.ts)
  return true;
}

/** Takes an order's units from stock again, all or nothing; false when any is short or no longer for sale. */
export async function retakeStock(tx: Tx, orderId: string): Promise<boolean> {
  const { units, deleted } = await orderUnits(tx, orderId);
  if (deleted > 0) return false;
  const stock = await lockStock(tx, units);
  for (const [key, wanted] of units) if ((stock.sellable(key)?.quantity ?? 0) < wanted) return false;
  await addStock(tx, units, -1);
  return true;
}
