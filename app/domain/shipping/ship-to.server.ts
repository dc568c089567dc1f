// A buyer's ship-to when checkout is not told one: the one they last had an
// order delivered to, else their profile's address in the shop's country
// (the spec's screens and old API clients know only that one line).
import type { Prisma } from "@prisma/client";
import { db } from "~/utils/db.server";
import { env } from "~/utils/env.server";
import { regionKey, shipToSchema, type ShipTo } from "./ship-to";

type Buyer = { id: string | null; name: string; address: string; phone: string };

/** The remembered ship-to, checked again (a stored one that no longer passes is not offered). */
export async function rememberedShipTo(userId: string): Promise<ShipTo | null> {
  const row = await db.user.findUnique({ where: { id: userId }, select: { shipTo: true } });
  const parsed = shipToSchema.safeParse(row?.shipTo ?? null);
  return parsed.success ? parsed.data : null;
}

/** What checkout starts from: the remembered ship-to, else the profile's address line in SHOP_COUNTRY (null without one). */
export async function defaultShipTo(buyer: Buyer): Promise<{ shipTo: ShipTo; complete: boolean } | null> {
  const remembered = buyer.id ? await rememberedShipTo(buyer.id) : null;
  if (remembered) return { shipTo: remembered, complete: true };
  if (!buyer.address.trim()) return null;
  const shipTo: ShipTo = {
    name: buyer.name,
    line1: buyer.address,
    line2: undefined,
    city: "",
    region: undefined,
    postalCode: "",
    country: env().SHOP_COUNTRY,
    phone: buyer.phone,
  };
  return { shipTo, complete: false };
}

/** Remembered in the transaction that places the order. */
export async function rememberShipTo(tx: Prisma.TransactionClient, userId: string, shipTo: ShipTo) {
  await tx.user.update({ where: { id: userId }, data: { shipTo } });
}

/** Where a cart is taxed before checkout asks: the buyer's remembered ship-to, else the shop's country. */
export async function taxAddress(userId: string | undefined): Promise<{ country: string; region: string | null }> {
  const remembered = userId ? await rememberedShipTo(userId) : null;
  return remembered ? { country: remembered.country, region: regionKey(remembered) } : { country: env().SHOP_COUNTRY, region: null };
}
