// Signed links for what a guest (or a shopper away from their account) may
// open without signing in: an order's page, and the claim of guest orders
// by the account that owns their e-mail address. A link is an HMAC of what it
// opens, made with SESSION_SECRET: unguessable, and it names nothing else.
// Order links do not expire (a guest's only way back to the order; a fresh
// one can be asked for by number and e-mail); claim links last a day.
import { createHmac, timingSafeEqual } from "node:crypto";
import { env } from "~/utils/env.server";

const CLAIM_LINK_HOURS = 24;

function mac(purpose: string, payload: string): string {
  return createHmac("sha256", env().SESSION_SECRET).update(`${purpose}\n${payload}`).digest("base64url");
}

function same(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** The key of an order's page link: `/orders/<number>?key=…`. */
export function orderLinkKey(orderId: string): string {
  return mac("order", orderId);
}

export function isOrderLinkKey(orderId: string, key: string | null | undefined): boolean {
  return typeof key === "string" && key.length > 0 && key.length < 100 && same(orderLinkKey(orderId), key);
}

/** The path of an order's page for its buyer: the account's page, or the signed link a guest opens. */
export function buyerOrderPath(order: { id: string; number: number; buyerId: string | null }): string {
  return order.buyerId ? `/dashboard/user/orders/${order.number}` : `/orders/${order.number}?key=${orderLinkKey(order.id)}`;
}

/** A claim link's token: the account and its address, until when (a claim moves the address's guest orders into the account). */
export function claimToken(userId: string, email: string, now = Date.now()): string {
  const until = Math.floor(now / 1000) + CLAIM_LINK_HOURS * 3600;
  const payload = `${userId}.${until}.${Buffer.from(email.toLowerCase()).toString("base64url")}`;
  return `${payload}.${mac("claim", payload)}`;
}

/** The account and address a claim token names, when it is genuine and in date; null otherwise. */
export function readClaimToken(token: string, now = Date.now()): { userId: string; email: string } | null {
  const parts = token.split(".");
  if (parts.length !== 4 || token.length > 400) return null;
  const [userId, until, email64, signature] = parts;
  if (!same(mac("claim", `${userId}.${until}.${email64}`), signature)) return null;
  if (!/^\d+$/.test(until) || Number(until) * 1000 < now) return null;
  return { userId, email: Buffer.from(email64, "base64url").toString() };
}
