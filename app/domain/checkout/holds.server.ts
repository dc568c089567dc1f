// Stock held for a checkout: taken when the order is created, given back
// once when the attempt ends, taken again when a payment arrives after the
// hold ended. A unit of stock is a product's (one without options) or a
// variant's (ProductVariant.quantity; the product's own figure is their sum,
// kept by a trigger). Rows are always locked products first, then variants,
// each in id order, so concurrent writers never deadlock (the trigger's
// update of a product then finds its row already locked by this writer).
// Locking and moving units is catalog's (stock.server.ts): refunds move them too.
import { addStock, lockStock, stockKey, type StockUnits } from "~/domain/catalog/stock.server";
import { releaseDiscountUse } from "~/domain/discounts/discount.server";
import type { Tx } from "./rules.server";

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
