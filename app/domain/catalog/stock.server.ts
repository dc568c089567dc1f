// A product's or a variant's units of stock, locked and moved in one order:
// products first, then variants, each in id order, so concurrent writers
// never deadlock (the trigger's update of a product then finds its row
// already locked by this writer). Checkout's holds and refunds move them.
import { Prisma } from "@prisma/client";
import { catalogChanged } from "./catalog-events.server";

type Tx = Prisma.TransactionClient;

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
