// Abandoned checkouts: a checkout (an order attempt) that reached the payment
// page and was not paid. Every attempt queues its judgement when it is made
// (start.server.ts, the checkout.abandoned job, run after the owner's delay);
// the judge marks it abandoned and sends its one reminder when it may:
//
// - abandoned: it got a Stripe session, was never paid, nothing was paid
//   with that e-mail since it started, and no later attempt with that e-mail
//   exists (that one has its own judgement): marked `abandonedAt`, once;
// - reminded: reminders are on, the address may get marketing e-mail
//   (marketing.server.ts: never after an unsubscribe; "subscribers" needs the
//   "Send me news and offers" tick), and every line can still be bought as it
//   was (on sale, enough stock). The e-mail is queued and `remindedAt` set in
//   one transaction holding the order's row, so two runs send one e-mail.
//
// The reminder's link restores the cart (restoreAbandonedCart) and the
// recovery cookie makes the next attempt record `recoveredFromId`; an order
// paid with it is a recovered sale (recoveredSales), counted once.
import { Prisma } from "@prisma/client";
import { db } from "~/utils/db.server";
import { lineOf, mergeLines, priceCart, type CartLine } from "~/domain/cart/cart.server";
import { queueEmail } from "~/domain/mail/email.server";
import { mayMarketTo, unsubscribeToken } from "~/domain/mail/marketing.server";
import { abandonedCheckoutEmail } from "~/domain/mail/templates/abandoned-checkout.server";
import { orderLink } from "~/domain/mail/templates/order-data.server";
import { isValidId } from "~/utils/id";
import { readRecoveryToken, recoveryToken } from "./recovery-token.server";
import { checkoutSettings } from "./settings.server";

export { readRecoveryToken, recoveryToken };

export type Judgement =
  | "unknown order"
  | "no e-mail"
  | "not at the payment page"
  | "paid"
  | "paid since"
  | "a later attempt"
  | "reminders off"
  | "may not be e-mailed"
  | "not available"
  | "already reminded"
  | "reminded";

const judgedSelect = {
  id: true,
  email: true,
  shipName: true,
  origin: true,
  buyerId: true,
  guestKey: true,
  stripeSessionId: true,
  paymentStatus: true,
  paidAt: true,
  createdAt: true,
  remindedAt: true,
  lines: { select: { productId: true, variantId: true, quantity: true }, orderBy: { id: "asc" } },
} satisfies Prisma.OrderSelect;

type Judged = Prisma.OrderGetPayload<{ select: typeof judgedSelect }>;

/** Never paid: still pending, or ended without a payment (failed, cancelled, replaced). */
const UNPAID = new Set(["PENDING", "FAILED", "CANCELLED"]);

/** Whether the address paid for an order since `since` (any order, this one included). */
async function paidSince(client: Prisma.TransactionClient | typeof db, email: string, since: Date): Promise<boolean> {
  return (await client.order.count({ where: { email, paidAt: { gte: since } } })) > 0;
}

/** The order's lines as a cart (a line whose product was deleted has no product: null). */
function cartOf(order: Pick<Judged, "lines">): CartLine[] | null {
  if (order.lines.some((line) => !line.productId)) return null;
  return mergeLines(order.lines.map((line) => lineOf(line.productId!, line.variantId, line.quantity)));
}

/**
 * The checkout.abandoned job: judges one attempt after the delay and sends
 * its one reminder when it may. Returns what it found (the job's result).
 */
export async function judgeAbandonedCheckout(orderId: string, now = new Date()): Promise<Judgement> {
  if (!isValidId(orderId)) return "unknown order";
  const order = await db.order.findUnique({ where: { id: orderId }, select: judgedSelect });
  if (!order) return "unknown order";
  if (!order.email) return "no e-mail";
  if (!order.stripeSessionId) return "not at the payment page";
  if (order.paidAt || !UNPAID.has(order.paymentStatus)) return "paid";
  if (await paidSince(db, order.email, order.createdAt)) return "paid since";
  const later = await db.order.count({
    where: { email: order.email, id: { not: order.id }, createdAt: { gt: order.createdAt } },
  });
  if (later > 0) return "a later attempt";

  await db.order.updateMany({ where: { id: order.id, abandonedAt: null }, data: { abandonedAt: now } });

  const settings = await checkoutSettings();
  if (!settings.abandonedCheckout.enabled) return "reminders off";
  if (order.remindedAt) return "already reminded";

  // Every line as it was, still on sale and in stock (the units this attempt itself still holds count as in stock).
  const cart = cartOf(order);
  if (!cart) return "not available";
  const holder = order.buyerId ?? (order.guestKey ? { guestKey: order.guestKey } : null);
  const priced = await priceCart(cart, holder);
  if (priced.lines.some((line) => line.problem !== null || !line.product)) return "not available";

  return db.$transaction(async (tx) => {
    // The order's row held until the commit: a second run waits here, then finds it reminded.
    const [locked] = await tx.$queryRaw<{ remindedAt: Date | null }[]>`
      SELECT "remindedAt" FROM "Order" WHERE id = ${order.id} FOR UPDATE`;
    if (!locked) return "unknown order";
    if (locked.remindedAt) return "already reminded";
    if (await paidSince(tx, order.email, order.createdAt)) return "paid since";
    if (!(await mayMarketTo(tx, order.email, settings.abandonedCheckout.audience))) return "may not be e-mailed";
    const unsubscribeUrl = orderLink(order, `/unsubscribe?token=${unsubscribeToken(order.email)}`);
    const email = abandonedCheckoutEmail({
      name: order.shipName,
      lines: priced.lines.map((line) => ({ name: line.product!.title, quantity: line.quantity, unitPriceCents: line.product!.priceCents })),
      restoreUrl: orderLink(order, `/cart/restore?token=${recoveryToken(order.id)}`),
      unsubscribeUrl,
    });
    const queued = await queueEmail(tx, {
      ...email,
      key: `abandoned-checkout:${order.id}`,
      kind: "abandoned-checkout",
      to: order.email,
      orderId: order.id,
      userId: order.buyerId ?? undefined,
      headers: { "List-Unsubscribe": `<${unsubscribeUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
    });
    await tx.order.update({ where: { id: order.id }, data: { remindedAt: now } });
    return queued ? "reminded" : "already reminded";
  });
}

export type RestoredCart = { ok: true; orderId: string; lines: CartLine[] } | { ok: false; message: string };

/**
 * A reminder's link: the abandoned order's lines as a cart (the cart page
 * prices them again and flags what sold out), and the order it recovers.
 */
export async function restoreAbandonedCart(token: string | null | undefined): Promise<RestoredCart> {
  const orderId = readRecoveryToken(token);
  if (!orderId) return { ok: false, message: "This link is not valid. Your cart was not changed." };
  const order = await db.order.findUnique({
    where: { id: orderId },
    select: { id: true, paidAt: true, lines: { select: { productId: true, variantId: true, quantity: true }, orderBy: { id: "asc" } } },
  });
  if (!order) return { ok: false, message: "This checkout no longer exists. Your cart was not changed." };
  if (order.paidAt) return { ok: false, message: "This order was already paid. Your cart was not changed." };
  // A product deleted since is left out; the cart page says what else changed.
  const lines = mergeLines(order.lines.flatMap((line) => (line.productId ? [lineOf(line.productId, line.variantId, line.quantity)] : [])));
  if (!lines.length) return { ok: false, message: "These items are no longer sold. Your cart was not changed." };
  return { ok: true, orderId: order.id, lines };
}

export const ABANDONED_PAGE_SIZE = 25;

export type AbandonedCheckout = {
  id: string;
  email: string;
  valueCents: number;
  startedAt: Date;
  abandonedAt: Date | null;
  remindedAt: Date | null;
  /** The order paid through the reminder's link, if any. */
  recoveredOrderId: string | null;
  recoveredOrderNumber: number | null;
};

/** Abandoned checkouts for the back office and the API, newest first. */
export async function listAbandonedCheckouts({ page = 1 }: { page?: number } = {}) {
  const where = { abandonedAt: { not: null } } satisfies Prisma.OrderWhereInput;
  const [rows, total] = await Promise.all([
    db.order.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      skip: (page - 1) * ABANDONED_PAGE_SIZE,
      take: ABANDONED_PAGE_SIZE,
      select: {
        id: true,
        email: true,
        totalCents: true,
        createdAt: true,
        abandonedAt: true,
        remindedAt: true,
        recoveredBy: { select: { id: true, number: true, paidAt: true } },
      },
    }),
    db.order.count({ where }),
  ]);
  const checkouts: AbandonedCheckout[] = rows.map((row) => {
    const recovered = row.recoveredBy?.paidAt ? row.recoveredBy : null;
    return {
      id: row.id,
      email: row.email,
      valueCents: row.totalCents,
      startedAt: row.createdAt,
      abandonedAt: row.abandonedAt,
      remindedAt: row.remindedAt,
      recoveredOrderId: recovered?.id ?? null,
      recoveredOrderNumber: recovered?.number ?? null,
    };
  });
  return { checkouts, total };
}

/**
 * Orders paid through a reminder's link within [from, to): how many and what
 * they were charged. Each counts once: an order recovers at most one
 * checkout, and a checkout is recovered by at most one order (unique column).
 */
export async function recoveredSales({ from, to }: { from: Date; to: Date }): Promise<{ orders: number; totalCents: number }> {
  const [row] = await db.$queryRaw<{ orders: bigint; cents: bigint | null }[]>`
    SELECT count(*) AS orders, sum("totalCents")::bigint AS cents FROM "Order"
    WHERE "recoveredFromId" IS NOT NULL AND "paidAt" >= ${from} AND "paidAt" < ${to}`;
  return { orders: Number(row?.orders ?? 0), totalCents: Number(row?.cents ?? 0) };
}
