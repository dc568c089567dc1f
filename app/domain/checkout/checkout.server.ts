// From a cart to a paid order. The server prices every line from the
// database, reserves the stock and creates the order in one transaction, then
// creates a Stripe Checkout Session for exactly those lines that expires when
// the reservation does, and fulfils the order from Stripe's signed webhook (or
// the success page's or the reconciler's check), exactly once per session.
//
// Stock rules:
// - Product.quantity is the stock still for sale. Starting checkout takes the
//   order's quantities from it (`quantity - n WHERE quantity >= n`, rows
//   locked in id order) in the transaction that creates the order; a shopper
//   who cannot get every unit is refused (409) before paying, and nothing is held.
// - The hold lasts as long as the Checkout Session (`expires_at`,
//   RESERVATION_MINUTES). Cancel, expiry (webhook, reconciler or the sweep in
//   reconcile.server.ts) or a failed payment gives the units back, once.
// - A payment for a held order sells the held units. A payment that arrives
//   after the hold was given back takes the units again if they are still
//   there; if not (or a product was deleted), the payment is refunded through
//   Stripe and the order marked REFUNDED: nobody pays for nothing.
// - A paid event whose session, amount or currency is not the order's is
//   never fulfilled: the order is flagged NEEDS_REVIEW with a note for the admin.
import { Prisma, type PaymentStatus } from "@prisma/client";
import { z } from "zod";
import { db } from "~/utils/db.server";
import { isValidId } from "~/utils/id";
import { formatPrice } from "~/utils/money";
import { stripe, type Stripe } from "~/domain/payments/stripe.server";
import { limit, rateLimitMessage } from "~/domain/accounts/rate-limit.server";
import { apiCartLinesSchema, MAX_CART_LINES, mergeLines, priceCart, type CartLine, type PricedLine } from "~/domain/cart/cart.server";
import { catalogChanged } from "~/domain/catalog/catalog-events.server";
import { checkDiscount, markDiscountUsePaid, releaseDiscountUse, reserveDiscountUse } from "~/domain/discounts/discount.server";
import { notifyNeedsReview, notifyOrderPaid, notifyRefund } from "~/domain/mail/notifications.server";

/** Checkouts one buyer may start per window: each makes an order and a Stripe session. */
export const CHECKOUT_LIMIT = { max: 20, windowMs: 10 * 60 * 1000 };

/** Stripe's smallest charge in US dollars. */
export const MIN_CHARGE_CENTS = 50;
export const STRIPE_SESSION_FAILED = "Failed to create Stripe session";
export const REPLACED_MESSAGE = "Another checkout of yours started at the same moment and replaced this one. Nothing was charged.";
export const CURRENCY = "usd";
/** How long a checkout holds its stock; Stripe's Checkout Session lives as long (its minimum is 30 minutes). */
export const RESERVATION_MINUTES = 31;

/** The signed-in shopper: the profile's name, address and phone become the order's ship-to. */
export type Buyer = { id: string; email: string; name: string; address: string; phone: string };

export type CheckoutStart =
  | { ok: true; orderId: string; sessionId: string; url: string }
  | { ok: false; status: 400 | 409 | 429 | 502; message: string };

export type CheckoutOptions = {
  /**
   * "limit": lines asking for more than is in stock are bought with what is
   * left (the screens show the shopper those quantities and that total
   * first). "refuse": they are refused (the API, whose caller saw nothing).
   */
  shortage?: "limit" | "refuse";
  /** The total the shopper was shown; when today's prices differ, nothing is charged and they review again. */
  expectedTotalCents?: number;
  /** The discount code the shopper applied (the cart's cookie, or the API's `discountCode`); its amount is computed here. */
  discountCode?: string | null;
};

/** POST /api/v1/product/payments: `{products: [{_id, quantity?}]}`; only ids and quantities are read. */
export const paymentsRequestSchema = z.object({
  products: apiCartLinesSchema,
  discountCode: z
    .string()
    .max(100)
    .optional()
    .describe("A discount code to apply; refused (409, or 400 when unknown) when it does not apply"),
});

/** The API's product list as cart lines: a product listed twice (the old client's way) counts twice. */
export function linesFromPaymentsRequest(body: z.infer<typeof paymentsRequestSchema>): CartLine[] {
  return mergeLines(body.products.map((item) => ({ productId: item._id, quantity: item.quantity })));
}

const names = (lines: PricedLine[]) => lines.map((line) => line.product?.name ?? "A product").join(", ");
const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

type Tx = Prisma.TransactionClient;
// Checkout transactions wait on row locks when many shoppers want one product.
const TX_OPTIONS = { maxWait: 10_000, timeout: 15_000 } as const;

/** Locks the products' rows in id order (so concurrent writers never deadlock) and reads their stock and price. */
export async function lockProducts(tx: Tx, ids: string[]) {
  type Locked = { id: string; quantity: number; priceCents: number; description: string; slug: string };
  if (!ids.length) return new Map<string, Locked>();
  const rows = await tx.$queryRaw<Locked[]>(Prisma.sql`
    SELECT id, quantity, "priceCents", description, slug FROM "Product" WHERE id IN (${Prisma.join(ids)}) ORDER BY id FOR UPDATE`);
  return new Map(rows.map((row) => [row.id, row]));
}

/** The units an order wants per product; `deleted` counts lines whose product no longer exists. */
async function orderUnits(tx: Tx, orderId: string) {
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
async function releaseHold(tx: Tx, orderId: string): Promise<boolean> {
  const claimed = await tx.order.updateMany({ where: { id: orderId, reservedUntil: { not: null } }, data: { reservedUntil: null } });
  if (claimed.count === 0) return false;
  const { units } = await orderUnits(tx, orderId);
  await lockProducts(tx, [...units.keys()].sort());
  await addStock(tx, units, 1);
  await releaseDiscountUse(tx, orderId); // the code's reserved use goes back with the stock (discount.server.ts)
  return true;
}

/** Takes an order's units from stock again, all or nothing; false when any is short or its product is gone. */
async function retakeStock(tx: Tx, orderId: string): Promise<boolean> {
  const { units, deleted } = await orderUnits(tx, orderId);
  if (deleted > 0) return false;
  const stock = await lockProducts(tx, [...units.keys()].sort());
  for (const [id, wanted] of units) if ((stock.get(id)?.quantity ?? 0) < wanted) return false;
  await addStock(tx, units, -1);
  return true;
}

type ReserveLine = { productId: string; name: string; priceCents: number; quantity: number };
class NotReserved extends Error {}
/** The discount code was refused under lock (used up, or used by this buyer meanwhile): its message is the shopper's. */
class DiscountRefused extends Error {}

const REPLACED_NOTE = "Replaced by a new checkout";

/**
 * One buyer's checkouts one at a time: the transaction that reserves takes
 * the buyer's advisory lock, then ends whatever attempt of theirs is still
 * pending (one started at the same moment, which cancelOpenAttempts could not
 * see yet) and gives its hold back, so a double submit or two tabs never hold
 * stock twice. Their sessions, if any, are expired at Stripe after the commit
 * (expireReplaced); one paid meanwhile goes the late-payment way (units taken
 * again, or refunded).
 */
async function replacePendingAttempts(tx: Tx, buyerId: string): Promise<string[]> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('checkout'), hashtext(${buyerId}))`;
  // FOR UPDATE: an attempt recording its session id meanwhile waits, then sees itself replaced.
  const pending = await tx.$queryRaw<{ id: string; stripeSessionId: string | null }[]>`
    SELECT id, "stripeSessionId" FROM "Order" WHERE "buyerId" = ${buyerId} AND "paymentStatus" = 'PENDING' ORDER BY id FOR UPDATE`;
  for (const order of pending) await endAttemptIn(tx, order.id, "CANCELLED", REPLACED_NOTE);
  return pending.flatMap((order) => (order.stripeSessionId ? [order.stripeSessionId] : []));
}

/** After the commit: the replaced attempts' payment pages are closed (best effort; the order is already ended). */
async function expireReplaced(sessionIds: string[]) {
  for (const id of sessionIds) {
    await stripe()
      .checkout.sessions.expire(id)
      .catch((error: unknown) => console.error(`Could not expire replaced Stripe session ${id}: ${errorText(error)}`));
  }
}

/**
 * One transaction: the buyer's other pending attempt ended (see
 * replacePendingAttempts), every line's units taken from stock (only where
 * the stock and today's price are still what the shopper was shown) and the
 * order created holding them. Null when any line cannot be had; nothing is
 * changed then.
 */
async function reserveAndCreateOrder(
  buyer: Buyer,
  lines: ReserveLine[],
  subtotalCents: number,
  reservedUntil: Date,
  discountCode: string | null,
): Promise<{ id: string; totalCents: number; discountCents: number; discountCode: string | null } | { refused: string } | null> {
  let replaced: string[] = [];
  try {
    const order = await db.$transaction(async (tx) => {
      replaced = await replacePendingAttempts(tx, buyer.id);
      const stock = await lockProducts(tx, lines.map((line) => line.productId).sort());
      for (const line of lines) {
        const row = stock.get(line.productId);
        if (!row || row.quantity < line.quantity || row.priceCents !== line.priceCents) throw new NotReserved();
      }
      await addStock(tx, new Map(lines.map((line) => [line.productId, line.quantity])), -1);
      // --- discount code (discount.server.ts): one use reserved, locked after the products ---
      const discount = discountCode ? await reserveDiscountUse(tx, discountCode, subtotalCents, buyer.id) : null;
      if (discount && !discount.ok) throw new DiscountRefused(discount.message);
      const discountCents = discount?.ok ? discount.discountCents : 0;
      if (subtotalCents - discountCents < MIN_CHARGE_CENTS) throw new DiscountRefused(minimumChargeMessage);
      // --- end discount code ---
      return tx.order.create({
        data: {
          buyerId: buyer.id,
          totalCents: subtotalCents - discountCents,
          subtotalCents,
          discountCents,
          discountCode: discount?.ok ? discount.discount.code : null,
          discountId: discount?.ok ? discount.discount.id : null,
          reservedUntil,
          // Where it ships, frozen now: a later profile edit does not move a placed order.
          shipName: buyer.name,
          shipAddress: buyer.address,
          shipPhone: buyer.phone,
          // Each line freezes what the shopper bought: name, full description, slug, unit price.
          lines: {
            create: lines.map((line) => {
              const { description, slug } = stock.get(line.productId)!;
              return {
                productId: line.productId,
                name: line.name,
                description,
                slug,
                unitPriceCents: line.priceCents,
                quantity: line.quantity,
              };
            }),
          },
        },
        select: { id: true, totalCents: true, discountCents: true, discountCode: true },
      });
    }, TX_OPTIONS);
    await expireReplaced(replaced);
    return order;
  } catch (error) {
    if (error instanceof NotReserved) return null;
    if (error instanceof DiscountRefused) return { refused: error.message };
    throw error;
  }
}

const minimumChargeMessage = `The order total must be at least ${formatPrice(MIN_CHARGE_CENTS)}`;

/** What the shopper is told when the units went while they were looking. */
async function unavailableMessage(cartLines: CartLine[]) {
  const cart = await priceCart(cartLines);
  const problems = cart.lines.flatMap((line) => {
    if (line.problem === "deleted") return [`${line.productId} is no longer available`];
    if (line.problem === "out-of-stock") return [`${line.product!.name} has just sold out`];
    if (line.problem === "reduced") return [`only ${line.product!.stock} of ${line.product!.name} left`];
    return [];
  });
  return problems.length
    ? `Sorry, ${problems.join("; ")}. Nothing was charged; please review your cart.`
    : "Your cart changed (prices or stock) while you were checking out. Nothing was charged; please review it and check out again.";
}

/**
 * Re-prices the cart, reserves the stock and creates the order (Not Process,
 * payment pending) in one transaction, then the Stripe Checkout Session
 * (expiring with the reservation), and returns the session's url to send
 * the browser to. The buyer's earlier unpaid attempts are cancelled first
 * (their stock goes back), so trying again never leaves two pending orders.
 * When Stripe fails, the reservation is given back and the attempt cancelled.
 */
export async function startCheckout(
  buyer: Buyer,
  cartLines: CartLine[],
  origin: string,
  options: CheckoutOptions = {},
): Promise<CheckoutStart> {
  if (cartLines.length === 0) return { ok: false, status: 400, message: "Your cart is empty" };
  if (cartLines.length > MAX_CART_LINES)
    return { ok: false, status: 400, message: `At most ${MAX_CART_LINES} different products per order` };
  if (!buyer.address.trim()) return { ok: false, status: 400, message: "Add your address to your profile before checking out" };

  const cart = await priceCart(cartLines, buyer.id);
  const deleted = cart.lines.filter((line) => line.problem === "deleted");
  if (deleted.length) {
    return {
      ok: false,
      status: 400,
      message: `Unknown product${deleted.length > 1 ? "s" : ""}: ${deleted.map((line) => line.productId).join(", ")}. Remove ${deleted.length > 1 ? "them" : "it"} from your cart.`,
    };
  }
  const outOfStock = cart.lines.filter((line) => line.problem === "out-of-stock");
  if (outOfStock.length)
    return { ok: false, status: 409, message: `Out of stock: ${names(outOfStock)}. Remove it from your cart to check out.` };
  const short = cart.lines.filter((line) => line.problem === "reduced");
  if (short.length && options.shortage !== "limit") {
    return {
      ok: false,
      status: 409,
      message: short.map((line) => `Only ${line.product!.stock} of ${line.product!.name} in stock`).join("; "),
    };
  }
  // --- discount code: checked now for a clear answer, reserved under lock below ---
  const discount = options.discountCode ? await checkDiscount(options.discountCode, cart.totalCents, { buyerId: buyer.id }) : null;
  if (discount && !discount.ok)
    return { ok: false, status: discount.reason === "unknown" ? 400 : 409, message: `${discount.message} Nothing was charged.` };
  const totalCents = cart.totalCents - (discount?.discountCents ?? 0);
  // --- end discount code ---
  if (options.expectedTotalCents !== undefined && options.expectedTotalCents !== totalCents) {
    return {
      ok: false,
      status: 409,
      message: `Your cart changed (prices or stock): the total is now ${formatPrice(totalCents)}. Please review it and check out again.`,
    };
  }
  if (totalCents < MIN_CHARGE_CENTS) return { ok: false, status: 400, message: minimumChargeMessage };

  const allowed = await limit(`checkout:user:${buyer.id}`, CHECKOUT_LIMIT.max, CHECKOUT_LIMIT.windowMs);
  if (!allowed.allowed) return { ok: false, status: 429, message: rateLimitMessage(allowed.retryAfter) };

  // "Try again", or Back from Stripe and Checkout again: the earlier attempt ends here.
  await cancelOpenAttempts(buyer.id);

  // Stripe wants whole seconds; the hold ends when the session does.
  const expiresAt = Math.floor(Date.now() / 1000) + RESERVATION_MINUTES * 60;
  const lines = cart.lines.map((line) => ({
    productId: line.productId,
    name: line.product!.name,
    priceCents: line.product!.priceCents,
    quantity: line.quantity,
  }));
  const order = await reserveAndCreateOrder(buyer, lines, cart.totalCents, new Date(expiresAt * 1000), options.discountCode ?? null);
  if (!order) return { ok: false, status: 409, message: await unavailableMessage(cartLines) };
  if ("refused" in order) return { ok: false, status: 409, message: `${order.refused} Nothing was charged.` };

  let session: Stripe.Checkout.Session | undefined;
  try {
    // The discount as a one-off coupon of exactly the order's amount off: Stripe charges order.totalCents.
    const coupon = order.discountCents
      ? await stripe().coupons.create(
          {
            amount_off: order.discountCents,
            currency: CURRENCY,
            duration: "once",
            max_redemptions: 1,
            name: order.discountCode ?? "Discount",
          },
          { idempotencyKey: `checkout-coupon-${order.id}` },
        )
      : null;
    session = await stripe().checkout.sessions.create(
      {
        mode: "payment",
        line_items: lines.map((line) => ({
          quantity: line.quantity,
          price_data: { currency: CURRENCY, unit_amount: line.priceCents, product_data: { name: line.name } },
        })),
        ...(coupon ? { discounts: [{ coupon: coupon.id }] } : {}),
        metadata: { orderId: order.id },
        payment_intent_data: { metadata: { orderId: order.id } },
        client_reference_id: order.id,
        customer_email: buyer.email,
        expires_at: expiresAt,
        success_url: `${origin}/success?session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: `${origin}/cancel?order=${order.id}`,
      },
      // One session per order, even when the SDK retries after a lost response.
      { idempotencyKey: `checkout-order-${order.id}` },
    );
  } catch (error) {
    console.error(`Stripe session for order ${order.id} failed: ${errorText(error)}`);
  }
  if (!session?.id || !session.url) {
    await endAttempt(order.id, "CANCELLED", "The payment page could not be opened (Stripe did not answer)");
    return { ok: false, status: 502, message: STRIPE_SESSION_FAILED };
  }
  const recorded = await db.order.update({
    where: { id: order.id },
    data: { stripeSessionId: session.id, origin },
    select: { paymentStatus: true },
  });
  // A checkout of the same buyer started at the same moment replaced this one: its page closes too.
  if (recorded.paymentStatus !== "PENDING") {
    await expireReplaced([session.id]);
    return { ok: false, status: 409, message: REPLACED_MESSAGE };
  }
  return { ok: true, orderId: order.id, sessionId: session.id, url: session.url };
}

// ---------- ending an unpaid attempt ----------

/**
 * A pending order that will not be paid through its session: its stock goes
 * back and it becomes CANCELLED (the shopper's list hides it) or FAILED, with
 * the order status Cancel. A settled payment is never touched.
 */
export async function endAttempt(orderId: string, outcome: "CANCELLED" | "FAILED", note: string): Promise<boolean> {
  return db.$transaction((tx) => endAttemptIn(tx, orderId, outcome, note), TX_OPTIONS);
}

async function endAttemptIn(tx: Tx, orderId: string, outcome: "CANCELLED" | "FAILED", note: string): Promise<boolean> {
  const ended = await tx.order.updateMany({
    where: { id: orderId, paymentStatus: "PENDING" },
    data: { paymentStatus: outcome, status: "CANCEL", paymentNote: note },
  });
  if (ended.count === 0) return false;
  await releaseHold(tx, orderId);
  return true;
}

/**
 * Expires an order's open Checkout Session at Stripe, then ends the attempt.
 * When Stripe says the session was paid after all, the payment is applied
 * instead. When Stripe cannot be reached the order stays pending (and holds
 * its stock) for the reconciler: a session that might still be paid is never
 * treated as cancelled.
 */
async function expireAndEnd(
  order: { id: string; stripeSessionId: string | null },
  note: string,
): Promise<"cancelled" | "paid" | "unchanged"> {
  if (!order.stripeSessionId) return (await endAttempt(order.id, "CANCELLED", note)) ? "cancelled" : "unchanged";
  let session: Stripe.Checkout.Session;
  try {
    session = await stripe().checkout.sessions.expire(order.stripeSessionId);
  } catch {
    try {
      session = await stripe().checkout.sessions.retrieve(order.stripeSessionId);
    } catch (error) {
      console.error(`Could not expire Stripe session ${order.stripeSessionId}: ${errorText(error)}`);
      return "unchanged";
    }
  }
  if (session.payment_status === "paid" || session.status === "complete") {
    if (session.payment_status === "paid") await settlePaid(session);
    return "paid";
  }
  if (session.status !== "expired") return "unchanged";
  if (await endAttempt(order.id, "CANCELLED", note)) return "cancelled";
  // The expiry's webhook may have ended it first.
  const now = await db.order.findUnique({ where: { id: order.id }, select: { paymentStatus: true } });
  return now?.paymentStatus === "CANCELLED" ? "cancelled" : "unchanged";
}

async function cancelOpenAttempts(buyerId: string) {
  const open = await db.order.findMany({ where: { buyerId, paymentStatus: "PENDING" }, select: { id: true, stripeSessionId: true } });
  for (const order of open) await expireAndEnd(order, REPLACED_NOTE);
}

export type CancelOutcome = "cancelled" | "paid" | "unchanged" | "not-found";

/** The Cancel button on Stripe's page: the buyer's own pending order only. */
export async function cancelCheckout(orderId: string, buyerId: string): Promise<CancelOutcome> {
  if (!isValidId(orderId)) return "not-found";
  const order = await db.order.findFirst({
    where: { id: orderId, buyerId },
    select: { id: true, stripeSessionId: true, paymentStatus: true },
  });
  if (!order) return "not-found";
  if (order.paymentStatus === "SUCCEEDED") return "paid";
  if (order.paymentStatus !== "PENDING") return order.paymentStatus === "CANCELLED" ? "cancelled" : "unchanged";
  return expireAndEnd(order, "Cancelled by the shopper on the payment page");
}

// ---------- fulfilment ----------

export type FulfilmentOutcome =
  | { outcome: "paid"; orderId: string }
  | { outcome: "already-paid"; orderId: string }
  | { outcome: "refunded"; orderId: string; refunded: boolean; reason: string }
  | { outcome: "mismatch"; orderId: string; reason: string }
  | { outcome: "failed"; orderId: string }
  | { outcome: "cancelled"; orderId: string }
  | { outcome: "unchanged"; orderId: string; reason: string }
  | { outcome: "ignored"; reason: string };

type SessionLike = Pick<Stripe.Checkout.Session, "id" | "payment_status" | "metadata" | "client_reference_id"> &
  Partial<Pick<Stripe.Checkout.Session, "amount_total" | "currency" | "payment_intent" | "status">>;

const SETTLED: PaymentStatus[] = ["SUCCEEDED", "REFUND_PENDING", "REFUNDED", "NEEDS_REVIEW"];

/**
 * The order a session pays for: found by the metadata we set (or the stored
 * session id), and only when the order's recorded session IS this session.
 */
async function orderFor(session: SessionLike) {
  const orderId = session.metadata?.orderId ?? session.client_reference_id ?? null;
  const select = { id: true, stripeSessionId: true } as const;
  const order =
    (isValidId(orderId) ? await db.order.findUnique({ where: { id: orderId }, select }) : null) ??
    (await db.order.findUnique({ where: { stripeSessionId: session.id }, select }));
  if (!order || order.stripeSessionId !== session.id) return null;
  return order;
}

const intentId = (session: SessionLike) =>
  typeof session.payment_intent === "string" ? session.payment_intent : (session.payment_intent?.id ?? null);

/**
 * Applies a paid session to its order, once: the order row is locked, so a
 * second delivery (or a concurrent one) finds it settled and changes nothing.
 * The amount and currency must be the order's; the held stock is sold, or
 * taken again if the hold had ended; otherwise the payment is refunded.
 */
async function settlePaid(session: SessionLike): Promise<FulfilmentOutcome> {
  const found = await orderFor(session);
  if (!found) return { outcome: "ignored", reason: `no order for session ${session.id}` };
  const orderId = found.id;
  const paymentIntent = intentId(session);
  const result = await db.$transaction(async (tx): Promise<FulfilmentOutcome> => {
    const [order] = await tx.$queryRaw<{ paymentStatus: PaymentStatus; totalCents: number; reservedUntil: Date | null }[]>`
      SELECT "paymentStatus", "totalCents", "reservedUntil" FROM "Order" WHERE id = ${orderId} FOR UPDATE`;
    if (SETTLED.includes(order.paymentStatus)) return { outcome: "already-paid", orderId };

    const currency = (session.currency ?? "").toLowerCase();
    if (session.amount_total !== order.totalCents || currency !== CURRENCY) {
      const reason = `Stripe reported ${session.amount_total ?? "no amount"} ${currency || "(no currency)"} for session ${session.id}; the order is ${order.totalCents} ${CURRENCY}. Not fulfilled: check the payment in Stripe.`;
      await releaseHold(tx, orderId);
      await tx.order.update({
        where: { id: orderId },
        data: { paymentStatus: "NEEDS_REVIEW", status: "NOT_PROCESS", paymentNote: reason, stripePaymentIntentId: paymentIntent },
      });
      await notifyNeedsReview(tx, orderId, reason);
      return { outcome: "mismatch", orderId, reason };
    }

    const { deleted } = await orderUnits(tx, orderId);
    const held = order.reservedUntil !== null;
    if (deleted === 0 && (held || (await retakeStock(tx, orderId)))) {
      await markDiscountUsePaid(tx, orderId, held);
      await tx.order.update({
        where: { id: orderId },
        data: {
          paymentStatus: "SUCCEEDED",
          status: "NOT_PROCESS",
          paidAt: new Date(),
          reservedUntil: null,
          stripePaymentIntentId: paymentIntent,
          paymentNote: held ? null : "Paid after its reservation had ended; the stock was still there",
        },
      });
      await notifyOrderPaid(tx, orderId);
      return { outcome: "paid", orderId };
    }
    const reason = deleted
      ? "a product in it was deleted before the payment arrived"
      : "the payment arrived after its reservation ended and the stock was sold";
    await releaseHold(tx, orderId);
    await tx.order.update({
      where: { id: orderId },
      data: {
        paymentStatus: "REFUND_PENDING",
        status: "CANCEL",
        paymentNote: `Refunding: ${reason}`,
        stripePaymentIntentId: paymentIntent,
      },
    });
    return { outcome: "refunded", orderId, refunded: false, reason };
  }, TX_OPTIONS);
  if (result.outcome === "refunded") {
    console.warn(`Order ${orderId} was paid but cannot be fulfilled (${result.reason}); refunding`);
    return { ...result, refunded: await refundOrder(orderId) };
  }
  if (result.outcome === "mismatch") console.error(`Order ${orderId}: ${result.reason}`);
  return result;
}

/**
 * Refunds a REFUND_PENDING order's payment in full through Stripe (one
 * refund per order, whatever the retries) and marks it REFUNDED. On failure
 * it stays REFUND_PENDING for the reconciler to try again.
 */
export async function refundOrder(orderId: string): Promise<boolean> {
  const order = await db.order.findUnique({
    where: { id: orderId },
    select: { paymentStatus: true, stripePaymentIntentId: true, paymentNote: true, totalCents: true },
  });
  if (!order || order.paymentStatus !== "REFUND_PENDING") return order?.paymentStatus === "REFUNDED";
  const reason = (order.paymentNote ?? "").replace(/^Refunding: /, "");
  if (!order.stripePaymentIntentId) {
    await db.order.updateMany({
      where: { id: orderId, paymentStatus: "REFUND_PENDING" },
      data: {
        paymentStatus: "NEEDS_REVIEW",
        paymentNote: `Paid but not fulfilled (${reason}), and Stripe named no payment to refund: refund it in the Stripe Dashboard.`,
      },
    });
    return false;
  }
  let refundId: string;
  try {
    const refund = await stripe().refunds.create(
      { payment_intent: order.stripePaymentIntentId, metadata: { orderId } },
      { idempotencyKey: `refund-order-${orderId}` },
    );
    refundId = refund.id;
  } catch (error) {
    if ((error as { code?: string }).code !== "charge_already_refunded") {
      console.error(`Refund for order ${orderId} failed (will retry): ${errorText(error)}`);
      return false;
    }
    refundId = "an earlier refund";
  }
  await db.$transaction(async (tx) => {
    const done = await tx.order.updateMany({
      where: { id: orderId, paymentStatus: "REFUND_PENDING" },
      data: { paymentStatus: "REFUNDED", refundedCents: order.totalCents, paymentNote: `Refunded automatically (${refundId}): ${reason}` },
    });
    if (done.count === 0) return;
    const { totalCents } = await tx.order.findUniqueOrThrow({ where: { id: orderId }, select: { totalCents: true } });
    await notifyRefund(tx, orderId, {
      amountCents: totalCents,
      reason: `We could not fulfil it: ${reason}.`,
      refundKey: `order-${orderId}`,
    });
  }, TX_OPTIONS);
  return true;
}

async function settleUnpaid(session: SessionLike, outcome: "CANCELLED" | "FAILED", note: string): Promise<FulfilmentOutcome> {
  const order = await orderFor(session);
  if (!order) return { outcome: "ignored", reason: `no order for session ${session.id}` };
  if (!(await endAttempt(order.id, outcome, note))) return { outcome: "unchanged", orderId: order.id, reason: "payment already settled" };
  return outcome === "FAILED" ? { outcome: "failed", orderId: order.id } : { outcome: "cancelled", orderId: order.id };
}

/**
 * Applies a verified Stripe event. Events may arrive twice or in any order:
 * each one only ever moves an order forward (pending → cancelled/failed,
 * anything unsettled → paid or refunded), so a repeat changes nothing.
 */
export async function fulfilFromEvent(event: Pick<Stripe.Event, "type" | "data">): Promise<FulfilmentOutcome> {
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded": {
      const session = event.data.object as Stripe.Checkout.Session;
      // Delayed payment methods complete the session before the money arrives.
      if (session.payment_status !== "paid") return { outcome: "ignored", reason: `payment_status ${session.payment_status}` };
      return settlePaid(session);
    }
    case "checkout.session.expired":
      return settleUnpaid(event.data.object as Stripe.Checkout.Session, "CANCELLED", "The payment page expired unpaid");
    case "checkout.session.async_payment_failed":
      return settleUnpaid(event.data.object as Stripe.Checkout.Session, "FAILED", "The payment failed");
    default:
      return { outcome: "ignored", reason: `event ${event.type}` };
  }
}

/**
 * Asks Stripe about one pending order's session and applies the answer:
 * paid → fulfil; expired → cancel; open past its expiry → expire, then cancel.
 */
export async function reconcileOrder(
  order: { id: string; stripeSessionId: string | null; reservedUntil: Date | null },
  now = new Date(),
): Promise<string> {
  if (!order.stripeSessionId) return "no session";
  const session = await stripe().checkout.sessions.retrieve(order.stripeSessionId);
  if (session.payment_status === "paid") return (await settlePaid(session)).outcome;
  if (session.status === "expired") return (await settleUnpaid(session, "CANCELLED", "The payment page expired unpaid")).outcome;
  const due = (session.expires_at ?? 0) * 1000 <= now.getTime() || (order.reservedUntil !== null && order.reservedUntil <= now);
  if (session.status === "open" && due) return expireAndEnd(order, "The payment page expired unpaid");
  return "open";
}

/**
 * The success page's check: only the signed-in buyer's own order, and only
 * what Stripe itself reports (asked when the webhook has not arrived yet,
 * e.g. webhooks not forwarded on a laptop) — the same idempotent path.
 */
export async function confirmCheckoutSession(sessionId: string, buyerId: string) {
  if (!/^cs_[A-Za-z0-9_]{1,200}$/.test(sessionId)) return null;
  const find = () =>
    db.order.findFirst({
      where: { stripeSessionId: sessionId, buyerId },
      select: {
        id: true,
        number: true,
        paymentStatus: true,
        totalCents: true,
        paymentNote: true,
        discountCents: true,
        discountCode: true,
      },
    });
  const order = await find();
  if (!order || SETTLED.includes(order.paymentStatus)) return order;
  try {
    const session = await stripe().checkout.sessions.retrieve(sessionId);
    if (session.payment_status === "paid") {
      await settlePaid(session);
      return find();
    }
  } catch (error) {
    console.error(`Could not check Stripe session ${sessionId}: ${errorText(error)}`);
  }
  return order;
}
