// A guest's orders after the sale: the link to an order asked for again (by
// its number and the e-mail it was placed with), and the claim that moves an
// address's guest orders into the account that owns the address.
//
// Orders are never attached by e-mail alone: anyone can type an address, so
// a claim needs the link sent to that address (Medusa's order transfer; an
// account's e-mail is not proof enough that its owner placed a guest order).
// The lookup answers the same whether or not the pair exists, so it tells
// nobody which addresses have ordered; both are rate-limited.
import { randomUUID } from "node:crypto";
import { db } from "~/utils/db.server";
import { publicOriginFor } from "~/http/http.server";
import { addressKey, limit, rateLimitMessage } from "~/domain/accounts/rate-limit.server";
import { recordAudit } from "~/domain/audit/audit.server";
import { queueEmail } from "~/domain/mail/email.server";
import { claimOrdersEmail, orderLinkEmail } from "~/domain/mail/templates/guest-orders.server";
import { normaliseEmail } from "~/domain/mail/marketing.server";
import type { OrderLookup } from "./guest-orders.schema";
import { buyerOrderPath, claimToken, readClaimToken } from "./guest-access.server";

/** Link requests per address and per e-mail in 15 minutes: enough to retry a typo, too few to probe. */
export const LOOKUP_LIMIT = { perAddress: 10, perEmail: 3, windowMs: 15 * 60 * 1000 };
export const CLAIM_LIMIT = { max: 3, windowMs: 15 * 60 * 1000 };

/** Orders that were placed (paid, or paid and refunded or under review): not attempts still open or ended unpaid. */
const PLACED = { notIn: ["CANCELLED" as const, "PENDING" as const, "FAILED" as const] };

export const LOOKUP_ANSWER = "If an order with that number was placed with that e-mail address, its link is on its way there.";

/**
 * Sends the order's link to the e-mail it was placed with, when the pair
 * matches a placed order; answers the same either way (or 429 when asked too often).
 */
export async function sendOrderLink(
  input: OrderLookup,
  { ip, origin }: { ip: string | null; origin: string | null },
): Promise<{ ok: true; message: string } | { ok: false; status: 429; message: string }> {
  const email = normaliseEmail(input.email);
  const checks = await Promise.all([
    ...(ip ? [limit(`order-lookup:ip:${addressKey(ip)}`, LOOKUP_LIMIT.perAddress, LOOKUP_LIMIT.windowMs)] : []),
    limit(`order-lookup:email:${email}`, LOOKUP_LIMIT.perEmail, LOOKUP_LIMIT.windowMs),
  ]);
  const refused = checks.find((check) => !check.allowed);
  if (refused) return { ok: false, status: 429, message: rateLimitMessage(refused.retryAfter) };
  const order = await db.order.findFirst({
    where: { number: input.number, email, paymentStatus: PLACED },
    select: { id: true, number: true, buyerId: true, origin: true },
  });
  if (order) {
    const url = `${publicOriginFor(order.origin ?? origin)}${buyerOrderPath(order)}`;
    await db.$transaction((tx) =>
      queueEmail(tx, {
        ...orderLinkEmail(order, url),
        key: `order-link:${order.id}:${randomUUID()}`,
        kind: "order-link",
        to: email,
        orderId: order.id,
      }),
    );
  }
  return { ok: true, message: LOOKUP_ANSWER };
}

const guestOrdersOf = (email: string) => ({ buyerId: null, email: normaliseEmail(email), paymentStatus: PLACED });

export const claimAnswer = (email: string) =>
  `If orders were placed as a guest with ${email}, a link to add them to your account is on its way there.`;

/** Sends the signed-in account's address the link that claims its guest orders (when it has any); the answer is the same. */
export async function sendClaimLink(
  user: { id: string; name: string; email: string },
  origin: string | null,
): Promise<{ ok: true; message: string } | { ok: false; status: 429; message: string }> {
  const allowed = await limit(`claim-orders:${user.id}`, CLAIM_LIMIT.max, CLAIM_LIMIT.windowMs);
  if (!allowed.allowed) return { ok: false, status: 429, message: rateLimitMessage(allowed.retryAfter) };
  const count = await db.order.count({ where: guestOrdersOf(user.email) });
  if (count > 0) {
    const url = `${publicOriginFor(origin)}/orders/claim?token=${claimToken(user.id, user.email)}`;
    await db.$transaction((tx) =>
      queueEmail(tx, {
        ...claimOrdersEmail(user, count, url),
        key: `claim-orders:${user.id}:${randomUUID()}`,
        kind: "claim-orders",
        to: user.email,
        userId: user.id,
      }),
    );
  }
  return { ok: true, message: claimAnswer(user.email) };
}

export type ClaimCheck = { ok: true; email: string; count: number } | { ok: false; status: 400 | 403; message: string };

const EXPIRED = "This link is not valid or has expired. Ask for a new one from your orders page.";

/** What a claim link would move, for the signed-in account (the link must be this account's and name its current address). */
export async function checkClaim(user: { id: string; email: string }, token: string): Promise<ClaimCheck> {
  const claim = readClaimToken(token);
  if (!claim) return { ok: false, status: 400, message: EXPIRED };
  if (claim.userId !== user.id || normaliseEmail(claim.email) !== normaliseEmail(user.email))
    return { ok: false, status: 403, message: "This link was sent to another account. Sign in as that account to use it." };
  return { ok: true, email: claim.email, count: await db.order.count({ where: guestOrdersOf(claim.email) }) };
}

/** Moves the address's guest orders into the account: the claim link's button. Claiming twice moves nothing more. */
export async function claimGuestOrders(user: { id: string; email: string }, token: string): Promise<ClaimCheck> {
  const check = await checkClaim(user, token);
  if (!check.ok) return check;
  const count = await db.$transaction(async (tx) => {
    const orders = await tx.order.findMany({ where: guestOrdersOf(check.email), select: { id: true, number: true } });
    if (orders.length === 0) return 0;
    await tx.order.updateMany({
      where: { id: { in: orders.map((order) => order.id) }, buyerId: null },
      data: { buyerId: user.id, guestKey: null },
    });
    for (const order of orders)
      await recordAudit(tx, {
        kind: "order.claimed",
        target: { type: "order", id: order.id, label: `Order #${order.number}`, path: `/dashboard/admin/orders/${order.number}` },
        changes: { buyer: { before: "guest", after: user.email } },
      });
    return orders.length;
  });
  return { ok: true, email: check.email, count };
}
