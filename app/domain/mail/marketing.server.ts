// Who may get marketing e-mail (the abandoned-checkout reminder is one), by
// lower-case address. Ticking "Send me news and offers" at checkout
// subscribes; an unsubscribe (the e-mail's link or its one-click header)
// stops every marketing e-mail to that address, whatever was ticked before
// or after, until the buyer ticks the box again at a later checkout.
import { createHmac, timingSafeEqual } from "node:crypto";
import type { Prisma } from "@prisma/client";
import { db } from "~/utils/db.server";
import { env } from "~/utils/env.server";

type Tx = Prisma.TransactionClient;

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

/** The buyer ticked "Send me news and offers" (in the checkout's transaction). */
export async function subscribe(tx: Tx, email: string, now = new Date()) {
  const address = normaliseEmail(email);
  await tx.marketingContact.upsert({
    where: { email: address },
    create: { email: address, subscribedAt: now },
    update: { subscribedAt: now, unsubscribedAt: null },
  });
}

export async function unsubscribe(email: string, now = new Date()) {
  const address = normaliseEmail(email);
  await db.marketingContact.upsert({
    where: { email: address },
    create: { email: address, unsubscribedAt: now },
    update: { unsubscribedAt: now },
  });
}

/** Whether marketing e-mail may go to `email`: never after an unsubscribe; "subscribers" also needs a subscription. */
export async function mayMarketTo(client: Tx | typeof db, email: string, audience: "subscribers" | "everyone"): Promise<boolean> {
  const contact = await client.marketingContact.findUnique({ where: { email: normaliseEmail(email) } });
  if (contact?.unsubscribedAt && (!contact.subscribedAt || contact.unsubscribedAt >= contact.subscribedAt)) return false;
  return audience === "everyone" || Boolean(contact?.subscribedAt);
}

const mac = (email: string) =>
  createHmac("sha256", env().SESSION_SECRET)
    .update(`unsubscribe\n${normaliseEmail(email)}`)
    .digest("base64url");

/** The token of an address's unsubscribe link: the address and its signature (no expiry: an old e-mail's link still works). */
export function unsubscribeToken(email: string): string {
  return `${Buffer.from(normaliseEmail(email)).toString("base64url")}.${mac(email)}`;
}

/** The address an unsubscribe token names, when genuine; null otherwise. */
export function readUnsubscribeToken(token: string): string | null {
  const [encoded, signature, extra] = token.split(".");
  if (!encoded || !signature || extra !== undefined || token.length > 600) return null;
  const email = Buffer.from(encoded, "base64url").toString();
  const expected = Buffer.from(mac(email));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given) ? email : null;
}
