// Starting a checkout: the cart re-priced from the database, the stock
// reserved and the order created in one transaction, then Stripe's page.
import { db, TX_OPTIONS } from "~/utils/db.server";
import { formatPrice } from "~/utils/money";
import { stripe, type Stripe } from "~/domain/payments/stripe.server";
import { addressKey, AUTH_WINDOW_MS, limit, rateLimitMessage } from "~/domain/accounts/rate-limit.server";
import { env } from "~/utils/env.server";
import { MAX_CART_LINES, priceCart, type CartLine } from "~/domain/cart/cart.server";
import { reserveDiscountUse } from "~/domain/discounts/discount.server";
import { endAttempt, expireReplaced, replacePendingAttempts } from "./attempts.server";
import { cancelOpenAttempts } from "./cancel.server";
import { lineTitle } from "~/domain/catalog/variants/variants";
import type { ShipTo } from "~/domain/shipping/ship-to";
import { rememberShipTo } from "~/domain/shipping/ship-to.server";
import { formatRate } from "~/domain/tax/tax";
import { chargeOrder, MAX_CHARGE_CENTS, tooLargeMessage } from "~/domain/orders/money";
import { orderDeliveryFields, priceOrder, quoteCheckout, type OrderTerms, type Quote } from "./quote.server";
import { addStock, lockStock, stockKey, type StockUnits } from "~/domain/catalog/stock.server";
import {
  CHECKOUT_LIMIT,
  CURRENCY,
  MIN_CHARGE_CENTS,
  RESERVATION_MINUTES,
  REPLACED_MESSAGE,
  STRIPE_SESSION_FAILED,
  holderOf,
  type Buyer,
  type CheckoutOptions,
  type CheckoutStart,
  type Tx,
} from "./rules.server";
import { abandonedDelaySeconds, checkoutSettings } from "./settings.server";
import { normaliseEmail, subscribe } from "~/domain/mail/marketing.server";
import { enqueue, QUEUES } from "~/jobs/queue.server";
import { errorText } from "~/utils/text";

type ReserveLine = {
  productId: string;
  variantId: string | null;
  name: string;
  variantTitle: string | null;
  sku: string | null;
  priceCents: number;
  quantity: number;
};
class NotReserved extends Error {}
/** The discount code was refused under lock (used up, or used by this buyer meanwhile): its message is the shopper's. */
class DiscountRefused extends Error {}

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
  delivery: Delivery,
  extras: OrderExtras,
): Promise<
  { id: string; totalCents: number; discountCents: number; discountCode: string | null; quote: Quote } | { refused: string } | null
> {
  let replaced: string[] = [];
  try {
    const order = await db.$transaction(async (tx) => {
      const units: StockUnits = new Map(lines.map((line) => [stockKey(line.productId, line.variantId), line.quantity]));
      // Locks the rows of the replaced attempts and of this order in the one order (products, variants, codes) first.
      replaced = await replacePendingAttempts(tx, holderOf(buyer), { units, discountCode });
      const stock = await lockStock(tx, units);
      for (const line of lines) {
        const row = stock.sellable(stockKey(line.productId, line.variantId));
        if (!row || row.quantity < line.quantity || row.priceCents !== line.priceCents) throw new NotReserved();
      }
      await addStock(tx, units, -1);
      // --- discount code (discount.server.ts): one use reserved, locked after the products ---
      const discount = discountCode
        ? await reserveDiscountUse(tx, discountCode, subtotalCents, { buyerId: buyer.id, email: buyer.email })
        : null;
      if (discount && !discount.ok) throw new DiscountRefused(discount.message);
      const discountCents = discount?.ok ? discount.discountCents : 0;
      // --- end discount code ---
      // Delivery and tax on the discount as reserved (free-from thresholds count the goods after it).
      const priced = priceOrder(delivery.terms, { goodsCents: subtotalCents, discountCents, methodId: delivery.methodId });
      if (!priced.ok) throw new DiscountRefused(priced.message);
      const { quote } = priced;
      // What each line is charged, stored with it: refunds, pages, e-mails and exports read these (orders/money.ts).
      const charges = chargeOrder({
        lines: lines.map((line) => ({ unitPriceCents: line.priceCents, quantity: line.quantity })),
        discountCents,
        shippingCents: quote.shipping.selected?.amountCents ?? 0,
        taxCents: quote.tax.cents,
        taxIncluded: quote.tax.included,
        taxShipping: delivery.terms.tax.taxShipping,
      });
      if (charges.totalCents !== quote.totalCents)
        throw new Error(`Order money does not add up: ${charges.totalCents} ≠ ${quote.totalCents}`);
      if (quote.totalCents < MIN_CHARGE_CENTS) throw new DiscountRefused(minimumChargeMessage);
      if (quote.totalCents > MAX_CHARGE_CENTS) throw new DiscountRefused(tooLargeMessage(quote.totalCents));
      if (delivery.remember && delivery.shipTo && buyer.id) await rememberShipTo(tx, buyer.id, delivery.shipTo);
      if (extras.marketingOptIn) await subscribe(tx, buyer.email);
      const recoveredFromId = extras.recoveredFromId ? await claimRecovery(tx, extras.recoveredFromId) : null;
      const created = await tx.order.create({
        data: {
          buyerId: buyer.id,
          email: normaliseEmail(buyer.email),
          guestKey: buyer.id ? null : (buyer.guestKey ?? null),
          marketingOptIn: Boolean(extras.marketingOptIn),
          recoveredFromId,
          totalCents: quote.totalCents,
          subtotalCents,
          discountCents,
          discountCode: discount?.ok ? discount.discount.code : null,
          discountId: discount?.ok ? discount.discount.id : null,
          reservedUntil,
          // Where it ships, frozen now: a later profile edit does not move a placed order.
          shipName: buyer.name,
          shipAddress: buyer.address,
          shipPhone: buyer.phone,
          // ...or the ship-to given, with how it goes and its tax.
          ...orderDeliveryFields(quote, delivery.shipTo),
          shippingTaxCents: charges.shippingTaxCents,
          // Each line freezes what the shopper bought: name, full description, slug, unit price.
          lines: {
            create: lines.map((line, index) => {
              const { description, slug } = stock.products.get(line.productId)!;
              const { subtotalCents, discountCents, taxCents, totalCents } = charges.lines[index];
              return {
                subtotalCents,
                discountCents,
                taxCents,
                totalCents,
                productId: line.productId,
                variantId: line.variantId,
                variantTitle: line.variantTitle,
                sku: line.sku,
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
      // Its reminder, should it be abandoned: judged after the delay (abandoned.server.ts), on the queue with the order.
      if (created && extras.abandonedAfterSeconds !== null)
        await enqueue(tx, QUEUES.abandonedCheckout.name, { orderId: created.id }, { startAfter: extras.abandonedAfterSeconds });
      return { ...created, quote };
    }, TX_OPTIONS);
    await expireReplaced(replaced);
    return order;
  } catch (error) {
    if (error instanceof NotReserved) return null;
    if (error instanceof DiscountRefused) return { refused: error.message };
    throw error;
  }
}

type Delivery = { terms: OrderTerms; shipTo: ShipTo | null; remember: boolean; methodId: string | null };

/** What else the order records: the marketing opt-in, the checkout it recovers, and when its reminder is judged (null: never). */
type OrderExtras = { marketingOptIn?: boolean; recoveredFromId?: string | null; abandonedAfterSeconds: number | null };

/**
 * The abandoned checkout a reminder's link recovers, for the new attempt: an
 * earlier unpaid attempt that named it gives it up, and one already paid
 * through it keeps it (a recovery counts once).
 */
async function claimRecovery(tx: Tx, abandonedId: string): Promise<string | null> {
  await tx.order.updateMany({
    where: { recoveredFromId: abandonedId, paymentStatus: { not: "SUCCEEDED" } },
    data: { recoveredFromId: null },
  });
  const taken = await tx.order.count({ where: { recoveredFromId: abandonedId } });
  const exists = await tx.order.count({ where: { id: abandonedId } });
  return taken === 0 && exists === 1 ? abandonedId : null;
}

/** Shipping (when it costs something) and tax (when it is added) as Stripe line items. */
function chargeLines(quote: Quote) {
  const line = (name: string, cents: number) => ({
    quantity: 1,
    price_data: { currency: CURRENCY, unit_amount: cents, product_data: { name } },
  });
  const method = quote.shipping.selected;
  return [
    ...(method && method.amountCents > 0 ? [line(`Shipping: ${method.name}`, method.amountCents)] : []),
    ...(!quote.tax.included && quote.tax.cents > 0
      ? [line(`${quote.tax.name ?? "Tax"} (${formatRate(quote.tax.rateMilli)})`, quote.tax.cents)]
      : []),
  ];
}

const minimumChargeMessage = `The order total must be at least ${formatPrice(MIN_CHARGE_CENTS)}`;

/** What the shopper is told when the units went while they were looking. */
async function unavailableMessage(cartLines: CartLine[]) {
  const cart = await priceCart(cartLines);
  const problems = cart.lines.flatMap((line) => {
    if (line.problem === "deleted") return [`${line.productId} is no longer available`];
    if (line.problem === "out-of-stock") return [`${line.product!.title} has just sold out`];
    if (line.problem === "reduced") return [`only ${line.product!.stock} of ${line.product!.title} left`];
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

  const prepared = await quoteCheckout(buyer, cartLines, options);
  if (!prepared.ok) return prepared;
  const { cart, where, quote } = prepared;
  const totalCents = quote.totalCents;
  if (options.expectedTotalCents !== undefined && options.expectedTotalCents !== totalCents) {
    return {
      ok: false,
      status: 409,
      message: `Your cart changed (prices or stock): the total is now ${formatPrice(totalCents)}. Please review it and check out again.`,
    };
  }
  if (totalCents < MIN_CHARGE_CENTS) return { ok: false, status: 400, message: minimumChargeMessage };
  if (totalCents > MAX_CHARGE_CENTS) return { ok: false, status: 400, message: tooLargeMessage(totalCents) };

  const allowed = await limit(
    buyer.id ? `checkout:user:${buyer.id}` : `checkout:guest:${buyer.guestKey}`,
    CHECKOUT_LIMIT.max,
    CHECKOUT_LIMIT.windowMs,
  );
  if (!allowed.allowed) return { ok: false, status: 429, message: rateLimitMessage(allowed.retryAfter) };
  // A guest needs no account, so a bot could make a browser key per try: guests are counted per address too, as logins are.
  if (!buyer.id) {
    const fromAddress = options.clientIp
      ? await limit(`checkout:ip:${addressKey(options.clientIp)}`, env().RATE_LIMIT_IP_MAX, AUTH_WINDOW_MS)
      : null;
    if (fromAddress && !fromAddress.allowed) return { ok: false, status: 429, message: rateLimitMessage(fromAddress.retryAfter) };
  }

  // "Try again", or Back from Stripe and Checkout again: the earlier attempt ends here.
  await cancelOpenAttempts(holderOf(buyer));
  const settings = await checkoutSettings();

  // Stripe wants whole seconds; the hold ends when the session does.
  const expiresAt = Math.floor(Date.now() / 1000) + RESERVATION_MINUTES * 60;
  const lines = cart.lines.map((line) => ({
    productId: line.productId,
    variantId: line.variantId,
    name: line.product!.name,
    variantTitle: line.product!.variantTitle,
    sku: line.product!.sku,
    priceCents: line.product!.priceCents,
    quantity: line.quantity,
  }));
  const delivery = { ...where, methodId: options.shippingMethodId ?? quote.shipping.selected?.id ?? null };
  const order = await reserveAndCreateOrder(
    buyer,
    lines,
    cart.totalCents,
    new Date(expiresAt * 1000),
    options.discountCode ?? null,
    delivery,
    {
      marketingOptIn: options.marketingOptIn,
      recoveredFromId: options.recoveredFromId,
      abandonedAfterSeconds: buyer.email ? abandonedDelaySeconds(settings) : null,
    },
  );
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
        line_items: [
          ...lines.map((line) => ({
            quantity: line.quantity,
            price_data: {
              currency: CURRENCY,
              unit_amount: line.priceCents,
              product_data: { name: lineTitle(line.name, line.variantTitle) },
            },
          })),
          // Delivery and added tax as lines of their own: the session's amount_total is the order's total.
          ...chargeLines(order.quote),
        ],
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
