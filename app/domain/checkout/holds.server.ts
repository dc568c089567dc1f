// Stock held for a checkout: taken from Product.quantity when the order is
// created, given back once when the attempt ends, taken again when a payment
// arrives after the hold ended. Rows are always locked in id order.
import { Prisma } from "@prisma/client";
import { catalogChanged } from "~/domain/catalog/catalog-events.server";
import { releaseDiscountUse } from "~/domain/discounts/discount.server";
import type { Tx } from "./rules.server";

/** Locks the products' rows in id order (so concurrent writers never deadlock) and reads their stock and price. */
export async function lockProducts(tx: Tx, ids: string[]) {
  type Locked = { id: string; quantity: number; priceCents: number; description: string; slug: string };
  if (!ids.length) return new Map<string, Locked>();
  const rows = await tx.$queryRaw<Locked[]>(Prisma.sql`
    SELECT id, quantity, "priceCents", description, slug FROM "Product" WHERE id IN (${Prisma.join(ids)}) ORDER BY id FOR UPDATE`);
  return new Map(rows.map((row) => [row.id, row]));
}

/** The units an order wants per product; `deleted` counts lines whose product no longer exists. */
export async function orderUnits(tx: Tx, orderId: string) {
  const lines = await tx.orderLine.findMany({ where: { orderId }, select: { productId: true, quantity: true } });
  const units = new Map<string, number>();
  let deleted = 0;
  for (const line of lines) {
    if (!line.productId) deleted += 1;
    else units.set(line.productId, (units.get(line.productId) ?? 0) + line.quantity);
  }
  return { units, deleted };
}

export async function addStock(tx: Tx, units: Map<string, number>, sign: 1 | -1) {
  const ids = [...units.keys()].sort();
  for (const id of ids) {
    await tx.$executeRaw`UPDATE "Product" SET quantity = quantity + ${sign * units.get(id)!}, "updatedAt" = now() WHERE id = ${id}`;
  }
  // Stock shows on product pages and cards: every cached page must see the change once it commits.
  // Listings, their counts and order do not depend on it ("details").
  if (ids.length) await catalogChanged(tx, "details");
}

/** Gives an order's held stock back, once (the conditional update claims it). Products deleted since are skipped. */
export async function releaseHold(tx: Tx, orderId: string): Promise<boolean> {
  const claimed = await tx.order.updateMany({ where: { id: orderId, reservedUntil: { not: null } }, data: { reservedUntil: null } });
  if (claimed.count === 0) return false;
  const { units } = await orderUnits(tx, orderId);
  await lockProducts(tx, [...units.keys()].sort());
  await addStock(tx, units, 1);
  await releaseDiscountUse(tx, orderId); // the code's reserved use goes back with the stock (discount.server.ts)
  return true;
}

/** Takes an order's units from stock again, all or nothing; false when any is short or its product is gone. */
export async function retakeStock(tx: Tx, orderId: string): Promise<boolean> {
  const { units, deleted } = await orderUnits(tx, orderId);
  if (deleted > 0) return false;
  const stock = await lockProducts(tx, [...units.keys()].sort());
  for (const [id, wanted] of units) if ((stock.get(id)?.quantity ?? 0) < wanted) return false;
  await addStock(tx, units, -1);
  return true;
}
