// A buyer's checkout attempts: one pending at a time, and ending one that
// will not be paid (its hold goes back, the order is cancelled or failed).
import { db, TX_OPTIONS } from "~/utils/db.server";
import { stripe } from "~/domain/payments/stripe.server";
import { lockDiscounts } from "~/domain/discounts/discount.server";
import { lockStock, type StockUnits } from "~/domain/catalog/stock.server";
import { orderUnits, releaseHold } from "./holds.server";
import { errorText } from "~/utils/text";
import { type Holder, type Tx } from "./rules.server";

export const REPLACED_NOTE = "Replaced by a new checkout";

/**
 * One buyer's checkouts one at a time: the transaction that reserves takes
 * the buyer's advisory lock, then ends whatever attempt of theirs is still
 * pending (one started at the same moment, which cancelOpenAttempts could not
 * see yet) and gives its hold back, so a double submit or two tabs never hold
 * stock twice. Their sessions, if any, are expired at Stripe after the commit
 * (expireReplaced); one paid meanwhile goes the late-payment way (units taken
 * again, or refunded).
 *
 * Before anything changes, every row the checkout will touch is locked in
 * the one order all writers keep: the replaced attempts' and the new order's
 * products, then their variants, then the discount codes (old and new). Two
 * checkouts that cross (one giving back a code's use while the other takes
 * its products) then wait in line instead of in a circle (a deadlock).
 */
export async function replacePendingAttempts(
  tx: Tx,
  holder: Holder,
  wanted: { units: StockUnits; discountCode: string | null } = { units: new Map(), discountCode: null },
): Promise<string[]> {
  const key = typeof holder === "string" ? holder : `guest:${holder.guestKey}`;
  const buyerId = typeof holder === "string" ? holder : null;
  const guestKey = typeof holder === "string" ? null : holder.guestKey || "-";
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('checkout'), hashtext(${key}))`;
  // FOR UPDATE: an attempt recording its session id meanwhile waits, then sees itself replaced.
  const pending = await tx.$queryRaw<{ id: string; stripeSessionId: string | null; discountId: string | null }[]>`
    SELECT id, "stripeSessionId", "discountId" FROM "Order" WHERE ("buyerId" = ${buyerId} OR ("buyerId" IS NULL AND "guestKey" = ${guestKey})) AND "paymentStatus" = 'PENDING' ORDER BY id FOR UPDATE`;
  const units: StockUnits = new Map(wanted.units);
  for (const order of pending) {
    for (const [key, quantity] of (await orderUnits(tx, order.id)).units) units.set(key, (units.get(key) ?? 0) + quantity);
  }
  await lockStock(tx, units);
  await lockDiscounts(tx, {
    ids: pending.flatMap((order) => (order.discountId ? [order.discountId] : [])),
    code: wanted.discountCode,
  });
  for (const order of pending) await endAttemptIn(tx, order.id, "CANCELLED", REPLACED_NOTE);
  return pending.flatMap((order) => (order.stripeSessionId ? [order.stripeSessionId] : []));
}

/** After the commit: the replaced attempts' payment pages are closed (best effort; the order is already ended). */
export async function expireReplaced(sessionIds: string[]) {
  for (const id of sessionIds) {
    await stripe()
      .checkout.sessions.expire(id)
      .catch((error: unknown) => console.error(`Could not expire replaced Stripe session ${id}: ${errorText(error)}`));
  }
}

/**
 * A pending order that will not be paid through its session: its stock goes
 * back and it becomes CANCELLED (the shopper's list hides it) or FAILED, with
 * the order status Cancel. A settled payment is never touched.
 */
export async function endAttempt(orderId: string, outcome: "CANCELLED" | "FAILED", note: string): Promise<boolean> {
  return db.$transaction((tx) => endAttemptIn(tx, orderId, outcome, note), TX_OPTIONS);
}

export async function endAttemptIn(tx: Tx, orderId: string, outcome: "CANCELLED" | "FAILED", note: string): Promise<boolean> {
  const ended = await tx.order.updateMany({
    where: { id: orderId, paymentStatus: "PENDING" },
    data: { paymentStatus: outcome, status: "CANCEL", paymentNote: note },
  });
  if (ended.count === 0) return false;
  await releaseHold(tx, orderId);
  return true;
}
