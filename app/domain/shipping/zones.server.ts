// Shipping zones and their methods, as the admin and the API keep them, and
// the delivery options an address has. With no zone at all the shop charges
// no shipping (as it always did); with zones, an address in none of them is
// not delivered to.
import type { Prisma } from "@prisma/client";
import { db } from "~/utils/db.server";
import { isValidId } from "~/utils/id";
import { parseInput } from "~/utils/validation";
import { recordAudit } from "~/domain/audit/audit.server";
import { failure, type Failure, type Outcome } from "~/domain/outcome";
import type { FieldErrors } from "~/utils/validation";
import { countryName } from "./country-name";
import { isCountryCode, subdivision } from "~/utils/iso-codes";
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

const methodRow = (method: ZoneInput["methods"][number], position: number) => ({
  name: method.name,
  priceCents: method.price,
  freeFromCents: method.freeFrom ?? null,
  estimate: method.estimate ?? null,
  position,
});

const audit = (zone: { id: string; name: string }, change: string) => ({
  kind: "shipping.zone" as const,
  target: { type: "shipping-zone", id: zone.id, label: zone.name, path: "/dashboard/admin/shipping" },
  changes: { zone: { before: null, after: change } },
});

const place = (code: string) => (code.includes("-") ? `${subdivision(code)?.name ?? code} (${code})` : `${countryName(code)} (${code})`);

/** The zone's codes checked against ISO 3166: countries are assigned alpha-2 codes, regions subdivisions of them. */
function isoProblems({ countries, regions }: ZoneInput): FieldErrors {
  const errors: FieldErrors = {};
  const country = countries.find((code) => !isCountryCode(code));
  if (country) errors.countries = `${country} is not a country's ISO 3166-1 code: name each country, e.g. FR, DE`;
  const region = regions.find((code) => !subdivision(code));
  if (region) {
    const of = isCountryCode(region.slice(0, 2)) ? ` of ${countryName(region.slice(0, 2))}` : "";
    errors.regions = `${region} is not an ISO 3166-2 region${of}, e.g. US-NY`;
  }
  return errors;
}

/**
 * The place another zone already claims in the same way: the same region,
 * or the same whole country (a zone naming regions of a country covers only
 * those; a region's zone wins over its country's, so they may overlap).
 */
function overlap(zone: ZoneInput, others: { name: string; countries: string[]; regions: string[] }[]): FieldErrors {
  const whole = (candidate: { countries: string[]; regions: string[] }, country: string) =>
    candidate.countries.includes(country) && !candidate.regions.some((region) => region.startsWith(`${country}-`));
  for (const other of others) {
    const region = zone.regions.find((code) => other.regions.includes(code));
    if (region) return { regions: `${place(region)} is already in zone “${other.name}”: a region belongs to one zone` };
    const country = zone.countries.find((code) => whole(zone, code) && whole(other, code));
    if (country) return { countries: `${place(country)} is already in zone “${other.name}”: a country belongs to one zone` };
  }
  return {};
}

/** Zones are saved one at a time: two overlapping saves at once cannot both pass the check. */
const lockZones = (tx: Prisma.TransactionClient) => tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('shipping.zones'))`;

const refusal = (status: 400 | 409, errors: FieldErrors) => failure(status, Object.values(errors).join("; "), errors);

/** The zone's input checked beyond its shape: ISO codes (400), then no equal overlap with another zone (409). */
async function checkZone(tx: Prisma.TransactionClient, zone: ZoneInput, id: string | null) {
  const iso = isoProblems(zone);
  if (Object.keys(iso).length) return refusal(400, iso);
  await lockZones(tx);
  const others = await tx.shippingZone.findMany({
    where: id ? { id: { not: id } } : {},
    select: { name: true, countries: true, regions: true },
    orderBy: { name: "asc" },
  });
  const clash = overlap(zone, others);
  return Object.keys(clash).length ? refusal(409, clash) : null;
}

class Refused extends Error {
  constructor(readonly failure: Failure) {
    super(failure.message);
  }
}

/** `work` in a transaction; a Refused thrown inside rolls it back and is the answer. */
async function inTransaction<T>(work: (tx: Prisma.TransactionClient) => Promise<T>): Promise<T | Failure> {
  try {
    return await db.$transaction(work);
  } catch (error) {
    if (error instanceof Refused) return error.failure;
    throw error;
  }
}

export async function createZone(input: unknown): Promise<Outcome<{ zone: Zone }>> {
  const parsed = parseInput(zoneInputSchema, input);
  if (!parsed.success) return failure(400, parsed.message, parsed.errors);
  const { name, countries, regions, methods } = parsed.data;
  const zone = await inTransaction(async (tx) => {
    const refused = await checkZone(tx, parsed.data, null);
    if (refused) throw new Refused(refused);
    const created = await tx.shippingZone.create({
      data: { name, countries, regions, methods: { create: methods.map(methodRow) } },
      select: zoneSelect,
    });
    await recordAudit(tx, audit(created, "created"));
    return created;
  });
  return "ok" in zone ? zone : { ok: true, zone };
}

/**
 * Changes a zone's name, countries, regions and methods. Each method is
 * updated in place, so its id survives (a checkout page open on it still
 * pays): the one named by `_id`, else the one of the same name; a method
 * left out is deleted, a new one created. Orders keep their own copy.
 */
export async function updateZone(id: string, input: unknown): Promise<Outcome<{ zone: Zone }>> {
  const parsed = parseInput(zoneInputSchema, input);
  if (!parsed.success) return failure(400, parsed.message, parsed.errors);
  const current = await getZone(id);
  if (!current) return failure(404, "Shipping zone not found");
  const { name, countries, regions, methods } = parsed.data;
  const unknown = methods.find((method) => method._id && !current.methods.some((kept) => kept.id === method._id));
  if (unknown)
    return failure(400, `methods: ${unknown.name} names a method (${unknown._id}) this zone does not have`, {
      methods: "A method of another zone",
    });
  // Each input method's existing id: by `_id`, else by name among those not yet taken.
  const taken = new Set(methods.flatMap((method) => (method._id ? [method._id] : [])));
  if (taken.size !== methods.filter((method) => method._id).length) {
    return failure(400, "methods: two methods name the same _id", { methods: "Two methods name the same method" });
  }
  const ids = methods.map((method) => {
    if (method._id) return method._id;
    const same = current.methods.find((kept) => !taken.has(kept.id) && kept.name.toLowerCase() === method.name.toLowerCase());
    if (same) taken.add(same.id);
    return same?.id ?? null;
  });
  const zone = await inTransaction(async (tx) => {
    const refused = await checkZone(tx, parsed.data, id);
    if (refused) throw new Refused(refused);
    await tx.shippingMethod.deleteMany({ where: { zoneId: id, id: { notIn: ids.filter((kept): kept is string => !!kept) } } });
    for (const [position, method] of methods.entries()) {
      const keep = ids[position];
      if (keep) await tx.shippingMethod.update({ where: { id: keep }, data: methodRow(method, position) });
      else await tx.shippingMethod.create({ data: { zoneId: id, ...methodRow(method, position) } });
    }
    const updated = await tx.shippingZone.update({ where: { id }, data: { name, countries, regions }, select: zoneSelect });
    await recordAudit(tx, audit(updated, "changed"));
    return updated;
  });
  return "ok" in zone ? zone : { ok: true, zone };
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

/** Whether a zone names regions of `country` (then where in it an address is decides its delivery). */
export async function zonesNameRegionsOf(country: string): Promise<boolean> {
  const zones = await listZones();
  return zones.some((zone) => zone.regions.some((region) => region.startsWith(`${country}-`)));
}

/**
 * The methods that deliver to an address: the zone that names its region
 * ("US-NY"), else one that names its whole country; none when no zone does.
 * The most specific wins; no two zones claim the same place (checked when saved).
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
