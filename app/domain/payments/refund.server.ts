// Giving a paid order's money back: in full, or chosen lines and quantities,
// through Stripe, at most what is still refundable, once per request.
//
// 1. One transaction locks the order row (so two admins at once take turns),
//    checks what is left (money: Order.totalCents − Order.refundedCents; units:
//    each line's quantity less what other refunds took), records the Refund
//    as PENDING with its lines and adds its amount to Order.refundedCents, so
//    the next refund already sees it gone. A request key seen before returns
//    that refund instead (a double click, a retried request).
// 2. Stripe is asked with the refund's id as the idempotency key, so any retry
//    of the same refund (this request again, or retryPendingRefunds) refunds once.
// 3. completeRefund: in one transaction the refund becomes SUCCEEDED, its
//    units go back in stock when asked, and the order becomes REFUNDED once
//    nothing is left. A refusal by Stripe marks it FAILED and frees its amount;
//    no answer leaves it PENDING for the background job to try again.
//
// Why one file of over 400 lines: these three steps are one refund's life
// (its states, its row locks, its amounts); apart, each would have to trust
// the others with half-made rows.
import { recordAudit } from "~/domain/audit/audit.server";
import { notifyOrderStatus, notifyRefund } from "~/domain/mail/notifications.server";
import { Prisma, type PaymentStatus } from "@prisma/client";
import { db } from "~/utils/db.server";
import { formatPrice } from "~/utils/money";
import { stripe } from "~/domain/payments/stripe.server";
import { lineTitle } from "~/domain/catalog/variants/variants";
import { addStock, lockStock, splitStockKey, stockKey, type StockUnits } from "~/domain/catalog/stock.server";
import { failure, type Failure } from "~/domain/outcome";
import { lineChargeSelect, refundParts, shippingCharge, type RefundPart } from "~/domain/orders/money";
import { isFullRefund, type RefundInput, type RefundPreviewLine } from "./refund";

type Tx = Prisma.TransactionClient;
const TX_OPTIONS = { maxWait: 10_000, timeout: 15_000 } as const;
/** A pending refund is asked again after this (its first request may still be on its way). */
export const REFUND_RETRY_AFTER_MS = 60_000;

const refundSelect = {
  id: true,
  orderId: true,
  amountCents: true,
  status: true,
  stripeRefundId: true,
  failure: true,
  order: { select: { number: true } },
} as const;

export type RefundRecord = Prisma.RefundGetPayload<{ select: typeof refundSelect }>;

export type RefundOutcome =
  | { ok: true; refund: RefundRecord; replayed: boolean; message: string }
  | (Failure & { status: 400 | 404 | 409 })
  | {
      ok: false;
      status: 502;
      message: string;
      errors: Record<string, string>;
    };

/** What can still be refunded of an order: money, units per line, and the shipping (pending refunds count as given). */
export async function refundableOf(orderId: string, tx: Tx | typeof db = db) {
  const order = await tx.order.findUnique({
    where: { id: orderId },
    select: {
      totalCents: true,
      refundedCents: true,
      paymentStatus: true,
      stripePaymentIntentId: true,
      shippingMethod: true,
      shippingCents: true,
      shippingTaxCents: true,
      taxIncluded: true,
      lines: {
        select: {
          id: true,
          productId: true,
          variantId: true,
          name: true,
          variantTitle: true,
          unitPriceCents: true,
          quantity: true,
          ...lineChargeSelect,
        },
        orderBy: { id: "asc" },
      },
    },
  });
  if (!order) return null;
  const [taken, shippingGiven] = await Promise.all([
    tx.refundLine.groupBy({
      by: ["orderLineId"],
      where: { orderLine: { orderId }, refund: { status: { not: "FAILED" } } },
      _sum: { quantity: true },
    }),
    tx.refund.count({ where: { orderId, status: { not: "FAILED" }, shippingCents: { gt: 0 } } }),
  ]);
  const takenOf = new Map(taken.map((row) => [row.orderLineId, row._sum.quantity ?? 0]));
  // A variant's line is named as it was sold: "Tee — M / Red".
  const lines = order.lines.map(({ variantTitle, ...line }) => ({
    ...line,
    variantTitle,
    name: lineTitle(line.name, variantTitle),
    refunded: takenOf.get(line.id) ?? 0,
    refundable: line.quantity - (takenOf.get(line.id) ?? 0),
  }));
  const shippingPaid = shippingCharge(order);
  return {
    ...order,
    remainingCents: order.totalCents - order.refundedCents,
    lines,
    /** What the shipping cost the buyer, and what of it can still be given back (once, all of it). */
    shipping: { paidCents: shippingPaid, refundableCents: shippingGiven ? 0 : shippingPaid },
  };
}
export type Refundable = NonNullable<Awaited<ReturnType<typeof refundableOf>>>;

/** Only a payment that went through (and is not already given back in full) can be refunded. */
const REFUNDABLE_PAYMENTS: PaymentStatus[] = ["SUCCEEDED"];

export type PlannedLine = RefundPart & {
  orderLineId: string;
  productId: string | null;
  variantId: string | null;
  variantTitle: string | null;
  name: string;
  quantity: number;
};

/**
 * The lines, shipping and amount `input` asks for, checked against what is
 * left; a Failure when it cannot be had. Each line gives back what its units
 * were charged (orders/money.ts: refundParts), the shipping what it cost;
 * never more than what is left of the payment. In full: every unit and the
 * shipping still refundable, and all the money left.
 */
export function planRefund(refundable: Refundable, input: Pick<RefundInput, "lines" | "shipping">) {
  if (!REFUNDABLE_PAYMENTS.includes(refundable.paymentStatus) || refundable.remainingCents <= 0)
    return failure(409, "This order has no payment left to refund");
  const full = isFullRefund(input);
  const wanted = new Map<string, number>();
  if (full) for (const line of refundable.lines) if (line.refundable > 0) wanted.set(line.id, line.refundable);
  for (const line of input.lines ?? []) wanted.set(line.lineId, (wanted.get(line.lineId) ?? 0) + line.quantity);
  const lines: PlannedLine[] = [];
  for (const [lineId, quantity] of wanted) {
    const line = refundable.lines.find((candidate) => candidate.id === lineId);
    if (!line) return failure(400, "That item is not in this order", { lines: "That item is not in this order" });
    if (quantity > line.refundable) {
      const message = line.refundable
        ? `Only ${line.refundable} of ${line.name} can still be refunded`
        : `${line.name} has already been refunded`;
      return failure(409, message, { lines: message });
    }
    lines.push({
      orderLineId: line.id,
      productId: line.productId,
      variantId: line.variantId,
      variantTitle: line.variantTitle,
      name: line.name,
      quantity,
      ...refundParts(line, line.refunded, quantity, refundable.taxIncluded),
    });
  }
  let shippingCents = 0;
  if (full) shippingCents = refundable.shipping.refundableCents;
  else if (input.shipping) {
    if (refundable.shipping.refundableCents <= 0) {
      const message = refundable.shipping.paidCents > 0 ? "The shipping has already been refunded" : "This order's shipping cost nothing";
      return failure(409, message, { shipping: message });
    }
    shippingCents = refundable.shipping.refundableCents;
  }
  const partsCents = lines.reduce((sum, line) => sum + line.amountCents, 0) + shippingCents;
  // In full, what is left of the payment; else the parts, never above it.
  const amountCents = full ? refundable.remainingCents : Math.min(partsCents, refundable.remainingCents);
  if (amountCents <= 0) return failure(409, "These items cost nothing after the discount: there is no payment to give back for them");
  return { ok: true as const, lines, shippingCents, amountCents, full };
}

/**
 * Units that cannot go back to the stock they came from: a line sold before
 * its product had options names no variant, and the product's own figure is
 * now its variants' sum (a trigger would overwrite units added there).
 */
async function unrestockable(tx: Tx | typeof db, lines: PlannedLine[]): Promise<string | null> {
  const bare = lines.filter((line) => line.productId && !line.variantId && line.variantTitle === null);
  if (!bare.length) return null;
  const products = await tx.product.findMany({
    where: { id: { in: bare.map((line) => line.productId!) } },
    select: { id: true, name: true, maxPriceCents: true, options: true },
  });
  const now = products.filter(
    (product) => product.maxPriceCents !== null || (Array.isArray(product.options) && product.options.length > 0),
  );
  if (!now.length) return null;
  const names = now.map((product) => product.name).join(", ");
  return `${names} ${now.length > 1 ? "are" : "is"} now sold in options, and this order's units name none: refund without putting the units back in stock, then add them to the right variant on the product's Variants page.`;
}

/** The row lock every refund of an order takes first: two admins at once take turns. */
async function lockOrder(tx: Tx, orderId: string) {
  const rows = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM "Order" WHERE id = ${orderId} FOR UPDATE`;
  return rows.length > 0;
}

type Recorded = { ok: true; refundId: string; replayed: boolean } | Failure;

/** Step 1: the refund recorded as PENDING, its amount counted, all under the order's row lock. */
async function recordRefund(orderId: string, input: RefundInput, adminId: string | null): Promise<Recorded> {
  return db.$transaction(async (tx): Promise<Recorded> => {
    if (!(await lockOrder(tx, orderId))) return failure(404, "Order not found");
    if (input.requestKey) {
      const earlier = await tx.refund.findUnique({ where: { requestKey: input.requestKey }, select: { id: true, orderId: true } });
      if (earlier && earlier.orderId !== orderId) return failure(409, "This request key belongs to another order's refund");
      if (earlier) return { ok: true, refundId: earlier.id, replayed: true };
    }
    const refundable = await refundableOf(orderId, tx);
    if (!refundable) return failure(404, "Order not found");
    if (!refundable.stripePaymentIntentId) return failure(409, "Stripe named no payment for this order: refund it in the Stripe Dashboard");
    const plan = planRefund(refundable, input);
    if (!plan.ok) return plan;
    if (input.restock) {
      const refused = await unrestockable(tx, plan.lines);
      if (refused) return failure(409, refused, { restock: refused });
    }
    const refund = await tx.refund.create({
      data: {
        orderId,
        amountCents: plan.amountCents,
        shippingCents: plan.shippingCents,
        reason: input.reason,
        restocked: input.restock,
        byId: adminId,
        requestKey: input.requestKey ?? null,
        lines: {
          create: plan.lines.map((line) => ({
            orderLineId: line.orderLineId,
            quantity: line.quantity,
            amountCents: line.amountCents,
            taxCents: line.taxCents,
          })),
        },
      },
      select: { id: true },
    });
    const before = await tx.order.findUniqueOrThrow({
      where: { id: orderId },
      select: { number: true, status: true, refundedCents: true },
    });
    await tx.order.update({
      where: { id: orderId },
      data: { refundedCents: { increment: plan.amountCents }, ...(input.cancel ? { status: "CANCEL" } : {}) },
    });
    await recordAudit(tx, {
      kind: "order.refund",
      target: { type: "order", id: orderId, label: `#${before.number}`, path: `/dashboard/admin/orders/${before.number}` },
      changes: {
        refunded: { before: formatPrice(before.refundedCents), after: formatPrice(before.refundedCents + plan.amountCents) },
        reason: { before: null, after: input.reason },
        ...(input.cancel && before.status !== "CANCEL" ? { status: { before: before.status, after: "CANCEL" } } : {}),
      },
    });
    if (input.cancel && before.status !== "CANCEL") await notifyOrderStatus(tx, orderId, "CANCEL");
    return { ok: true, refundId: refund.id, replayed: false };
  }, TX_OPTIONS);
}

/**
 * Step 3, once per refund (the PENDING → SUCCEEDED update claims it): units
 * back in stock when asked, and the order REFUNDED when nothing is left.
 */
async function completeRefund(refundId: string, stripeRefundId: string) {
  await db.$transaction(async (tx) => {
    const refund = await tx.refund.findUnique({ where: { id: refundId }, select: { orderId: true } });
    if (!refund || !(await lockOrder(tx, refund.orderId))) return;
    const claimed = await tx.refund.updateMany({
      where: { id: refundId, status: "PENDING" },
      data: { status: "SUCCEEDED", stripeRefundId, failure: null },
    });
    if (claimed.count === 0) return;
    const done = await tx.refund.findUniqueOrThrow({
      where: { id: refundId },
      select: {
        amountCents: true,
        reason: true,
        restocked: true,
        lines: { select: { quantity: true, orderLine: { select: { productId: true, variantId: true, variantTitle: true } } } },
      },
    });
    // The buyer hears of the money once Stripe has it, in the transaction that records it.
    await notifyRefund(tx, refund.orderId, { amountCents: done.amountCents, reason: done.reason, refundKey: refundId });
    if (done.restocked) {
      // Back to where they came from: the product, or the variant (archived or not).
      const units: StockUnits = new Map();
      for (const { quantity, orderLine } of done.lines) {
        const variantGone = orderLine.variantTitle !== null && !orderLine.variantId;
        if (!orderLine.productId || variantGone) continue;
        const key = stockKey(orderLine.productId, orderLine.variantId);
        units.set(key, (units.get(key) ?? 0) + quantity);
      }
      // Products and variants deleted since have no stock to take units back, nor a product
      // given options since (its own figure is its variants' sum: recordRefund refuses that restock).
      const stock = await lockStock(tx, units);
      for (const key of units.keys()) {
        const { productId, variantId } = splitStockKey(key);
        if (!stock.present(key) || (!variantId && stock.products.get(productId)?.hasOptions)) units.delete(key);
      }
      await addStock(tx, units, 1);
    }
    // Given back in full, with nothing still on its way: the payment reads Refunded.
    const pending = await tx.refund.count({ where: { orderId: refund.orderId, status: "PENDING" } });
    const order = await tx.order.findUniqueOrThrow({ where: { id: refund.orderId }, select: { totalCents: true, refundedCents: true } });
    if (pending === 0 && order.refundedCents >= order.totalCents) {
      await tx.order.updateMany({ where: { id: refund.orderId, paymentStatus: "SUCCEEDED" }, data: { paymentStatus: "REFUNDED" } });
    }
  }, TX_OPTIONS);
}

/** Stripe said no: the refund is FAILED and its amount is refundable again. */
async function failRefund(refundId: string, reason: string) {
  await db.$transaction(async (tx) => {
    const refund = await tx.refund.findUnique({ where: { id: refundId }, select: { orderId: true, amountCents: true } });
    if (!refund || !(await lockOrder(tx, refund.orderId))) return;
    const claimed = await tx.refund.updateMany({ where: { id: refundId, status: "PENDING" }, data: { status: "FAILED", failure: reason } });
    if (claimed.count === 0) return;
    await tx.order.update({ where: { id: refund.orderId }, data: { refundedCents: { decrement: refund.amountCents } } });
  }, TX_OPTIONS);
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Step 2: asks Stripe for a PENDING refund (idempotent by the refund's id) and applies the answer. */
async function submitToStripe(refundId: string): Promise<void> {
  const refund = await db.refund.findUnique({
    where: { id: refundId },
    select: { status: true, amountCents: true, orderId: true, order: { select: { stripePaymentIntentId: true } } },
  });
  if (!refund || refund.status !== "PENDING") return;
  try {
    const answer = await stripe().refunds.create(
      {
        payment_intent: refund.order.stripePaymentIntentId!,
        amount: refund.amountCents,
        metadata: { orderId: refund.orderId, refundId },
      },
      { idempotencyKey: `refund-${refundId}` },
    );
    if (answer.status === "failed" || answer.status === "canceled")
      await failRefund(refundId, `Stripe reported the refund ${answer.status}`);
    else await completeRefund(refundId, answer.id);
  } catch (error) {
    const statusCode = (error as { statusCode?: number }).statusCode ?? 0;
    // A 4xx is Stripe's answer (over the charge, unknown payment): final. Anything else may not have reached it.
    if (statusCode >= 400 && statusCode < 500 && statusCode !== 429 && statusCode !== 409) await failRefund(refundId, errorText(error));
    else console.error(`Refund ${refundId} not confirmed by Stripe (will retry): ${errorText(error)}`);
  }
}

async function outcomeOf(refundId: string, replayed: boolean): Promise<RefundOutcome> {
  const refund = await db.refund.findUniqueOrThrow({ where: { id: refundId }, select: refundSelect });
  const amount = formatPrice(refund.amountCents);
  if (refund.status === "FAILED")
    return {
      ok: false,
      status: 502,
      message: `Stripe refused the refund of ${amount}: ${refund.failure ?? "no reason given"}`,
      errors: {},
    };
  const message =
    refund.status === "SUCCEEDED"
      ? `Refunded ${amount} on order #${refund.order.number}`
      : `Refund of ${amount} on order #${refund.order.number} recorded; Stripe has not confirmed it yet (it is asked again every minute)`;
  return { ok: true, refund, replayed, message };
}

/**
 * Refunds an order (admin): records it, asks Stripe, applies the answer. The
 * same `requestKey` again returns the first refund (asking Stripe again only
 * while it is pending, with the same idempotency key).
 */
export async function refundPaidOrder(orderId: string, input: RefundInput, adminId: string | null): Promise<RefundOutcome> {
  const recorded = await recordRefund(orderId, input, adminId);
  if (!recorded.ok) return recorded as RefundOutcome;
  await submitToStripe(recorded.refundId);
  return outcomeOf(recorded.refundId, recorded.replayed);
}

/** The background job: pending refunds Stripe has not confirmed, asked again (same idempotency key). */
export async function retryPendingRefunds(now = new Date(), batch = 100): Promise<number> {
  const pending = await db.refund.findMany({
    where: { status: "PENDING", createdAt: { lt: new Date(now.getTime() - REFUND_RETRY_AFTER_MS) } },
    select: { id: true },
    orderBy: { createdAt: "asc" },
    take: batch,
  });
  for (const refund of pending) await submitToStripe(refund.id).catch((error) => console.error(`Refund ${refund.id}: ${errorText(error)}`));
  return pending.length;
}

/** Whether setting Cancel would keep a shopper's money: paid, with some of it not refunded. */
export async function cancelKeepsPayment(orderId: string): Promise<{ number: number; remainingCents: number } | null> {
  const order = await db.order.findUnique({
    where: { id: orderId },
    select: { number: true, paymentStatus: true, totalCents: true, refundedCents: true },
  });
  if (!order || !REFUNDABLE_PAYMENTS.includes(order.paymentStatus)) return null;
  const remainingCents = order.totalCents - order.refundedCents;
  return remainingCents > 0 ? { number: order.number, remainingCents } : null;
}

export type RefundPreview =
  | {
      ok: true;
      amountCents: number;
      /** Each line's part: its goods, less its share of the discount, plus its tax (included: shown, not added). */
      lines: RefundPreviewLine[];
      shippingCents: number;
      taxIncluded: boolean;
      /** In full: what is left of the payment, whatever the parts say (an older order's earlier refunds). */
      full: boolean;
      input: RefundInput;
    }
  | { ok: false; message: string };

/** What a refund form asks for, checked but not made: the confirmation step shows it, part by part. */
export async function previewRefund(orderId: string, input: RefundInput): Promise<RefundPreview> {
  const refundable = await refundableOf(orderId);
  if (!refundable) return { ok: false, message: "Order not found" };
  const plan = planRefund(refundable, input);
  if (!plan.ok) return { ok: false, message: plan.message };
  if (input.restock) {
    const refused = await unrestockable(db, plan.lines);
    if (refused) return { ok: false, message: refused };
  }
  return {
    ok: true,
    amountCents: plan.amountCents,
    lines: plan.lines.map(({ orderLineId, name, quantity, subtotalCents, discountCents, taxCents, amountCents }) => ({
      orderLineId,
      name,
      quantity,
      subtotalCents,
      discountCents,
      taxCents,
      amountCents,
    })),
    shippingCents: plan.shippingCents,
    taxIncluded: refundable.taxIncluded,
    full: plan.full,
    input,
  };
}
