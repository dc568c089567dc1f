// Shipping zones and their methods, as the admin and the API keep them, and
// the delivery options an address has. With no zone at all the shop charges
// no shipping (as it always did); with zones, an address in none of them is
// not delivered to.
import type { Prisma } from "@prisma/client";
import { db } from "~/utils/db.server";
import { isValidId } from "~/utils/id";
import { parseInput } from "~/utils/validation";
import { recordAudit } from "~/domain/audit/audit.server";
import { failure, type Outcome } from "~/domain/outcome";
import { zoneInputSchema, type ZoneInput } from "./zones.schema";

const zoneSelect = {
  id: true,
  name: true,
  countries: true,
  regions: true,
  methods: {
    select: { id: true, name: true, priceCents: true, freeFromCents: true, estimate: true },
    orderBy: { position: "asc" },
  },
} satisfies Prisma.ShippingZoneSelect;
export type Zone = Prisma.ShippingZoneGetPayload<{ select: typeof zoneSelect }>;

export function listZones(): Promise<Zone[]> {
  return db.shippingZone.findMany({ select: zoneSelect, orderBy: [{ name: "asc" }, { id: "asc" }] });
}

export async function getZone(id: string): Promise<Zone | null> {
  return isValidId(id) ? db.shippingZone.findUnique({ where: { id }, select: zoneSelect }) : null;
}

const methodRows = (methods: ZoneInput["methods"]) =>
  methods.map((method, position) => ({
    name: method.name,
    priceCents: method.price,
    freeFromCents: method.freeFrom ?? null,
    estimate: method.estimate ?? null,
    position,
  }));

const audit = (zone: { id: string; name: string }, change: string) => ({
  kind: "shipping.zone" as const,
  target: { type: "shipping-zone", id: zone.id, label: zone.name, path: "/dashboard/admin/shipping" },
  changes: { zone: { before: null, after: change } },
});

export async function createZone(input: unknown): Promise<Outcome<{ zone: Zone }>> {
  const parsed = parseInput(zoneInputSchema, input);
  if (!parsed.success) return failure(400, parsed.message, parsed.errors);
  const { name, countries, regions, methods } = parsed.data;
  const zone = await db.$transaction(async (tx) => {
    const created = await tx.shippingZone.create({
      data: { name, countries, regions, methods: { create: methodRows(methods) } },
      select: zoneSelect,
    });
    await recordAudit(tx, audit(created, "created"));
    return created;
  });
  return { ok: true, zone };
}

/** Replaces a zone's name, countries, regions and methods (a method's id changes: orders keep its name and price). */
export async function updateZone(id: string, input: unknown): Promise<Outcome<{ zone: Zone }>> {
  const parsed = parseInput(zoneInputSchema, input);
  if (!parsed.success) return failure(400, parsed.message, parsed.errors);
  if (!(await getZone(id))) return failure(404, "Shipping zone not found");
  const { name, countries, regions, methods } = parsed.data;
  const zone = await db.$transaction(async (tx) => {
    await tx.shippingMethod.deleteMany({ where: { zoneId: id } });
    const updated = await tx.shippingZone.update({
      where: { id },
      data: { name, countries, regions, methods: { create: methodRows(methods) } },
      select: zoneSelect,
    });
    await recordAudit(tx, audit(updated, "changed"));
    return updated;
  });
  return { ok: true, zone };
}

export async function deleteZone(id: string): Promise<Outcome<{ zone: { id: string; name: string } }>> {
  const zone = await getZone(id);
  if (!zone) return failure(404, "Shipping zone not found");
  await db.$transaction(async (tx) => {
    await tx.shippingZone.delete({ where: { id } });
    await recordAudit(tx, audit(zone, "deleted"));
  });
  return { ok: true, zone: { id: zone.id, name: zone.name } };
}

/** A method as a buyer is offered it: what it costs this order (0 when the order reaches its free-from). */
export type DeliveryOption = { id: string; name: string; estimate: string | null; amountCents: number };

/**
 * The methods that deliver to an address: the zone that names its region
 * ("US-NY"), else one that names its whole country; none when no zone does.
 * `anyZone` false: the shop has no zones, so it charges nothing for delivery.
 */
export async function deliveryTerms(country: string, region: string | null) {
  const zones = await listZones();
  if (!zones.length) return { anyZone: false as const, methods: [] };
  // A zone that lists regions of a country covers only those regions of it; one that lists none, the whole country.
  const byRegion = region ? zones.find((candidate) => candidate.regions.includes(region)) : undefined;
  const byCountry = zones.find(
    (candidate) => candidate.countries.includes(country) && !candidate.regions.some((named) => named.startsWith(`${country}-`)),
  );
  const zone = byRegion ?? byCountry;
  return { anyZone: true as const, methods: zone?.methods ?? [] };
}

/** Each method priced for goods of `goodsAfterDiscountCents` (free from its threshold), cheapest first. */
export function priceMethods(methods: Zone["methods"], goodsAfterDiscountCents: number): DeliveryOption[] {
  return methods
    .map((method) => ({
      id: method.id,
      name: method.name,
      estimate: method.estimate,
      amountCents: method.freeFromCents !== null && goodsAfterDiscountCents >= method.freeFromCents ? 0 : method.priceCents,
    }))
    .sort((a, b) => a.amountCents - b.amountCents);
}
