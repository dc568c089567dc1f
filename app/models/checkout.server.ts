// From a cart to a paid order. The server prices every line from the
// database, creates the order and a Stripe Checkout Session for exactly those
// lines, and fulfils the order (payment succeeded, stock decremented) from
// Stripe's signed webhook, exactly once per session.
//
// Stock is taken when the payment succeeds, not when checkout starts, so
// abandoned checkouts never hold stock. The price of that choice: two
// shoppers can pay for the last unit at the same moment. When that happens
// the payment stands (the money is taken and the order is real), stock stops
// at 0 rather than going negative, and the shortfall is logged so the shop
// can restock or refund; it is returned as `shortages` too.
import { Prisma } from "@prisma/client";
import { z } from "zod";
import { db } from "~/utils/db.server";
import { formatPrice } from "~/utils/money";
import { stripe, type Stripe } from "~/utils/stripe.server";
import { limit, rateLimitMessage } from "./rate-limit.server";
import { apiCartLinesSchema, MAX_CART_LINES, mergeLines, priceCart, type CartLine, type PricedLine } from "./cart.server";
import { catalogChanged } from "./catalog-events.server";

/** Checkouts one buyer may start per window: each makes an order and a Stripe session. */
export const CHECKOUT_LIMIT = { max: 20, windowMs: 10 * 60 * 1000 };

/** Stripe's smallest charge in US dollars. */
export const MIN_CHARGE_CENTS = 50;
export const STRIPE_SESSION_FAILED = "Failed to create Stripe session";

export type Buyer = { id: string; email: string; address: string };

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
};

/** POST /api/v1/product/payments: `{products: [{_id, quantity?}]}`; only ids and quantities are read. */
export const paymentsRequestSchema = z.object({ products: apiCartLinesSchema });

/** The API's product list as cart lines: a product listed twice (the old client's way) counts twice. */
export function linesFromPaymentsRequest(body: z.infer<typeof paymentsRequestSchema>): CartLine[] {
  return mergeLines(body.products.map((item) => ({ productId: item._id, quantity: item.quantity })));
}

const names = (lines: PricedLine[]) => lines.map((line) => line.product?.name ?? "A product").join(", ");

/**
 * Re-prices the cart, creates the order (Not Process, payment pending, lines
 * with their names and unit prices frozen) and the Stripe Checkout Session,
 * and returns the session's url to send the browser to. When Stripe fails,
 * the order is marked failed and the caller keeps the cart.
 */
export async function startCheckout(buyer: Buyer, cartLines: CartLine[], origin: string, options: CheckoutOptions = {}): Promise<CheckoutStart> {
  if (cartLines.length === 0) return { ok: false, status: 400, message: "Your cart is empty" };
  if (cartLines.length > MAX_CART_LINES) return { ok: false, status: 400, message: `At most ${MAX_CART_LINES} different products per order` };
  if (!buyer.address.trim()) return { ok: false, status: 400, message: "Add your address to your profile before checking out" };

  const cart = await priceCart(cartLines);
  const deleted = cart.lines.filter((line) => line.problem === "deleted");
  if (deleted.length) {
    return { ok: false, status: 400, message: `Unknown product${deleted.length > 1 ? "s" : ""}: ${deleted.map((line) => line.productId).join(", ")}. Remove ${deleted.length > 1 ? "them" : "it"} from your cart.` };
  }
  const outOfStock = cart.lines.filter((line) => line.problem === "out-of-stock");
  if (outOfStock.length) return { ok: false, status: 409, message: `Out of stock: ${names(outOfStock)}. Remove it from your cart to check out.` };
  const short = cart.lines.filter((line) => line.problem === "reduced");
  if (short.length && options.shortage !== "limit") {
    return { ok: false, status: 409, message: short.map((line) => `Only ${line.product!.stock} of ${line.product!.name} in stock`).join("; ") };
  }
  if (options.expectedTotalCents !== undefined && options.expectedTotalCents !== cart.totalCents) {
    return { ok: false, status: 409, message: `Your cart changed (prices or stock): the total is now ${formatPrice(cart.totalCents)}. Please review it and check out again.` };
  }
  if (cart.totalCents < MIN_CHARGE_CENTS) return { ok: false, status: 400, message: `The order total must be at least ${formatPrice(MIN_CHARGE_CENTS)}` };

  const allowed = await limit(`checkout:user:${buyer.id}`, CHECKOUT_LIMIT.max, CHECKOUT_LIMIT.windowMs);
  if (!allowed.allowed) return { ok: false, status: 429, message: rateLimitMessage(allowed.retryAfter) };

  // One statement with nested lines: PostgreSQL commits the order and its lines together.
  const order = await db.order.create({
    data: {
      buyerId: buyer.id,
      totalCents: cart.totalCents,
      lines: {
        create: cart.lines.map((line) => ({
          productId: line.productId,
          name: line.product!.name,
          unitPriceCents: line.product!.priceCents,
          quantity: line.quantity,
        })),
      },
    },
    select: { id: true },
  });

  let session: Stripe.Checkout.Session | undefined;
  try {
    session = await stripe().checkout.sessions.create(
      {
        mode: "payment",
        line_items: cart.lines.map((line) => ({
          quantity: line.quantity,
          price_data: { currency: "usd", unit_amount: line.product!.priceCents, product_data: { name: line.product!.name } },
        })),
        metadata: { orderId: order.id },
        payment_intent_data: { metadata: { orderId: order.id } },
        client_reference_id: order.id,
        customer_email: buyer.email,
        success_url: `${origin}/success?session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: `${origin}/cancel`,
      },
      // One session per order, even when the SDK retries after a lost response.
      { idempotencyKey: `checkout-order-${order.id}` },
    );
  } catch (error) {
    console.error(`Stripe session for order ${order.id} failed: ${error instanceof Error ? error.message : error}`);
  }
  if (!session?.id || !session.url) {
    await db.order.update({ where: { id: order.id }, data: { paymentStatus: "FAILED" } });
    return { ok: false, status: 502, message: STRIPE_SESSION_FAILED };
  }
  await db.order.update({ where: { id: order.id }, data: { stripeSessionId: session.id } });
  return { ok: true, orderId: order.id, sessionId: session.id, url: session.url };
}

// ---------- fulfilment ----------

export type Shortage = { productId: string; name: string; inStock: number; bought: number };

export type FulfilmentOutcome =
  | { outcome: "paid"; orderId: string; shortages: Shortage[] }
  | { outcome: "already-paid"; orderId: string }
  | { outcome: "failed"; orderId: string }
  | { outcome: "unchanged"; orderId: string; reason: string }
  | { outcome: "ignored"; reason: string };

type SessionLike = Pick<Stripe.Checkout.Session, "id" | "payment_status" | "metadata" | "client_reference_id">;

/** The order a session pays for: by the metadata we set, else by the stored session id. */
async function orderFor(session: SessionLike) {
  const orderId = session.metadata?.orderId ?? session.client_reference_id ?? null;
  const select = { id: true, stripeSessionId: true, paymentStatus: true } as const;
  const order =
    (orderId ? await db.order.findUnique({ where: { id: orderId }, select }) : null) ??
    (await db.order.findUnique({ where: { stripeSessionId: session.id }, select }));
  // A session that is not the one recorded for the order never changes it.
  if (order?.stripeSessionId && order.stripeSessionId !== session.id) return null;
  return order;
}

/**
 * Marks the order paid and takes its quantities from stock, once: the
 * conditional UPDATE claims the order inside the transaction, and a second
 * delivery (or a concurrent one, which waits on the row lock) finds it
 * already SUCCEEDED and changes nothing.
 */
async function markPaid(orderId: string, sessionId: string): Promise<FulfilmentOutcome> {
  return db.$transaction(async (tx) => {
    const claimed = await tx.order.updateMany({
      where: { id: orderId, paymentStatus: { not: "SUCCEEDED" } },
      data: { paymentStatus: "SUCCEEDED", paidAt: new Date(), stripeSessionId: sessionId },
    });
    if (claimed.count === 0) return { outcome: "already-paid", orderId } as const;
    // Rows locked in id order so concurrent fulfilments never deadlock; stock never below zero.
    const rows = await tx.$queryRaw<{ id: string; name: string; before: number; wanted: number }[]>(Prisma.sql`
      WITH wanted AS (
        SELECT "productId" AS id, SUM(quantity)::int AS qty
        FROM "OrderLine" WHERE "orderId" = ${orderId} AND "productId" IS NOT NULL
        GROUP BY "productId"
      ), locked AS (
        SELECT p.id, p.quantity AS before, w.qty
        FROM "Product" p JOIN wanted w ON w.id = p.id
        ORDER BY p.id
        FOR UPDATE OF p
      )
      UPDATE "Product" p SET quantity = GREATEST(l.before - l.qty, 0), "updatedAt" = now()
      FROM locked l WHERE p.id = l.id
      RETURNING p.id, p.name, l.before, l.qty AS wanted`);
    await catalogChanged(tx);
    const shortages = rows
      .filter((row) => row.before < row.wanted)
      .map((row) => ({ productId: row.id, name: row.name, inStock: row.before, bought: row.wanted }));
    if (shortages.length) {
      console.warn(`Order ${orderId} was paid for more than was in stock: ${shortages.map((s) => `${s.name} (${s.bought} bought, ${s.inStock} in stock)`).join("; ")}`);
    }
    return { outcome: "paid", orderId, shortages } as const;
  });
}

/** Pending → failed; a paid order is never downgraded, whatever arrives late. */
async function markFailed(orderId: string): Promise<FulfilmentOutcome> {
  const result = await db.order.updateMany({ where: { id: orderId, paymentStatus: "PENDING" }, data: { paymentStatus: "FAILED" } });
  return result.count ? { outcome: "failed", orderId } : { outcome: "unchanged", orderId, reason: "payment already settled" };
}

async function settle(session: SessionLike, paid: boolean): Promise<FulfilmentOutcome> {
  const order = await orderFor(session);
  if (!order) return { outcome: "ignored", reason: `no order for session ${session.id}` };
  return paid ? markPaid(order.id, session.id) : markFailed(order.id);
}

/**
 * Applies a verified Stripe event. Events may arrive twice or in any order:
 * each one only ever moves an order forward (pending → failed, anything →
 * paid), so a repeat changes nothing.
 */
export async function fulfilFromEvent(event: Pick<Stripe.Event, "type" | "data">): Promise<FulfilmentOutcome> {
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded": {
      const session = event.data.object as Stripe.Checkout.Session;
      // Delayed payment methods complete the session before the money arrives.
      if (session.payment_status !== "paid") return { outcome: "ignored", reason: `payment_status ${session.payment_status}` };
      return settle(session, true);
    }
    case "checkout.session.expired":
    case "checkout.session.async_payment_failed":
      return settle(event.data.object as Stripe.Checkout.Session, false);
    default:
      return { outcome: "ignored", reason: `event ${event.type}` };
  }
}

/**
 * The success page's check: when Stripe sends the shopper back before its
 * webhook arrived (or webhooks are not forwarded on a laptop), ask Stripe for
 * the session and fulfil from it — the same idempotent path. Only the
 * shopper's own order is shown.
 */
export async function confirmCheckoutSession(sessionId: string, buyerId: string) {
  if (!/^cs_[A-Za-z0-9_]{1,200}$/.test(sessionId)) return null;
  const find = () =>
    db.order.findFirst({
      where: { stripeSessionId: sessionId, buyerId },
      select: { id: true, paymentStatus: true, totalCents: true },
    });
  const order = await find();
  if (!order || order.paymentStatus !== "PENDING") return order;
  try {
    const session = await stripe().checkout.sessions.retrieve(sessionId);
    if (session.payment_status === "paid") {
      await settle(session, true);
      return find();
    }
  } catch (error) {
    console.error(`Could not check Stripe session ${sessionId}: ${error instanceof Error ? error.message : error}`);
  }
  return order;
}
