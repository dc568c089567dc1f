// Tax rates per country, or per region of one, and the shop's two tax
// settings, as the admin and the API keep them; and the terms an address
// is taxed on. With no rate the shop charges no tax, as it always did.
import { db } from "~/utils/db.server";
import { isValidId } from "~/utils/id";
import { isCountryCode, subdivision } from "~/utils/iso-codes";
import { parseInput } from "~/utils/validation";
import { recordAudit } from "~/domain/audit/audit.server";
import { isUniqueViolation } from "~/utils/db-errors.server";
import { failure, fieldFailure, type Outcome } from "~/domain/outcome";
import { taxRateInputSchema, taxSettingsSchema, type TaxSettingsInput } from "./rates.schema";
import { formatRate, taxFor, type TaxTerms } from "./tax";

const rateSelect = { id: true, country: true, region: true, rateMilli: true, name: true } as const;
export type TaxRateRow = { id: string; country: string; region: string | null; rateMilli: number; name: string | null };

export function listTaxRates(): Promise<TaxRateRow[]> {
  return db.taxRate.findMany({ select: rateSelect, orderBy: [{ country: "asc" }, { region: "asc" }] });
}

const auditRate = (rate: TaxRateRow, change: string) => ({
  kind: "tax.rate" as const,
  target: { type: "tax-rate", id: rate.id, label: rate.region ?? rate.country, path: "/dashboard/admin/tax" },
  changes: { rate: { before: null, after: `${change}: ${formatRate(rate.rateMilli)}` } },
});

const taken = (input: { country: string; region?: string }) =>
  failure(409, `${input.region ?? input.country} already has a rate: change that one`, { region: "Already has a rate" });

export async function saveTaxRate(id: string | null, input: unknown): Promise<Outcome<{ rate: TaxRateRow }>> {
  const parsed = parseInput(taxRateInputSchema, input);
  if (!parsed.success) return failure(400, parsed.message, parsed.errors);
  if (!isCountryCode(parsed.data.country)) {
    return fieldFailure(400, "country", `${parsed.data.country} is not a country's ISO 3166-1 code: give one country, e.g. DE`);
  }
  if (parsed.data.region && !subdivision(parsed.data.region)) {
    return fieldFailure(400, "region", `${parsed.data.region} is not an ISO 3166-2 region of ${parsed.data.country}, e.g. US-NY`);
  }
  const data = {
    country: parsed.data.country,
    region: parsed.data.region ?? null,
    rateMilli: parsed.data.rate,
    name: parsed.data.name ?? null,
  };
  if (id !== null && !(isValidId(id) && (await db.taxRate.findUnique({ where: { id }, select: { id: true } })))) {
    return failure(404, "Tax rate not found");
  }
  try {
    const rate = await db.$transaction(async (tx) => {
      const saved = id
        ? await tx.taxRate.update({ where: { id }, data, select: rateSelect })
        : await tx.taxRate.create({ data, select: rateSelect });
      await recordAudit(tx, auditRate(saved, id ? "changed" : "created"));
      return saved;
    });
    return { ok: true, rate };
  } catch (error) {
    if (isUniqueViolation(error)) return taken(parsed.data);
    throw error;
  }
}

export async function deleteTaxRate(id: string): Promise<Outcome<{ rate: TaxRateRow }>> {
  const rate = isValidId(id) ? await db.taxRate.findUnique({ where: { id }, select: rateSelect }) : null;
  if (!rate) return failure(404, "Tax rate not found");
  await db.$transaction(async (tx) => {
    await tx.taxRate.delete({ where: { id } });
    await recordAudit(tx, auditRate(rate, "deleted"));
  });
  return { ok: true, rate };
}

export async function taxSettings(): Promise<TaxSettingsInput> {
  const row = await db.taxSettings.findUnique({ where: { id: 1 }, select: { pricesIncludeTax: true, taxShipping: true } });
  return row ?? { pricesIncludeTax: false, taxShipping: false };
}

export async function updateTaxSettings(input: unknown): Promise<Outcome<{ settings: TaxSettingsInput }>> {
  const parsed = parseInput(taxSettingsSchema, input);
  if (!parsed.success) return failure(400, parsed.message, parsed.errors);
  const settings = await db.$transaction(async (tx) => {
    const before = await tx.taxSettings.findUnique({ where: { id: 1 } });
    const saved = await tx.taxSettings.upsert({
      where: { id: 1 },
      create: { id: 1, ...parsed.data },
      update: parsed.data,
      select: { pricesIncludeTax: true, taxShipping: true },
    });
    await recordAudit(tx, {
      kind: "tax.settings",
      target: { type: "tax-settings", id: "1", label: "Tax settings", path: "/dashboard/admin/tax" },
      changes: {
        pricesIncludeTax: { before: before?.pricesIncludeTax ?? false, after: saved.pricesIncludeTax },
        taxShipping: { before: before?.taxShipping ?? false, after: saved.taxShipping },
      },
    });
    return saved;
  });
  return { ok: true, settings };
}

/** Whether a rate names a region of `country` (then an address there must say which region it is in). */
export async function ratesNameRegionsOf(country: string): Promise<boolean> {
  return (await db.taxRate.count({ where: { country, region: { not: null } } })) > 0;
}

/** What an address is taxed at: its region's rate ("US-NY"), else its country's; none: 0. */
export async function taxTerms(country: string, region: string | null): Promise<TaxTerms & { name: string | null }> {
  const [rates, settings] = await Promise.all([
    db.taxRate.findMany({ where: { country }, select: { region: true, rateMilli: true, name: true } }),
    taxSettings(),
  ]);
  const rate =
    (region ? rates.find((candidate) => candidate.region === region) : undefined) ?? rates.find((candidate) => !candidate.region);
  return { rateMilli: rate?.rateMilli ?? 0, name: rate?.name ?? null, ...settings };
}

/**
 * Where catalogue prices include tax: how much of `goodsAfterDiscountCents`
 * is tax, on the buyer's remembered ship-to or the shop's country (the cart
 * says "Includes $3.19 VAT"); null where tax is added at checkout, or none applies.
 */
export async function includedTaxOf(
  goodsAfterDiscountCents: number,
  address: { country: string; region: string | null },
): Promise<{ cents: number; label: string } | null> {
  const terms = await taxTerms(address.country, address.region);
  if (!terms.pricesIncludeTax || !terms.rateMilli) return null;
  const { taxCents } = taxFor({ goodsCents: goodsAfterDiscountCents, discountCents: 0, shippingCents: 0 }, terms);
  return { cents: taxCents, label: `${terms.name ?? "tax"} (${formatRate(terms.rateMilli)})` };
}
