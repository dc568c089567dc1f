// What an order will cost before anything is reserved or charged: the goods,
// the discount, delivery (the methods of the address's zone, the chosen one
// or the cheapest) and tax (the address's rate, added or included). The
// same terms price the order inside the reserving transaction, so the page,
// the API's quote and Stripe's amount are one computation.
import { countryName, regionKey } from "~/domain/shipping/ship-to";
import { deliveryTerms, priceMethods, type DeliveryOption, type Zone } from "~/domain/shipping/zones.server";
import { taxTerms } from "~/domain/tax/rates.server";
import { taxFor, type TaxTerms } from "~/domain/tax/tax";

/** Where an order is delivered and taxed, read once: its zone's methods and its tax terms. */
export type OrderTerms = {
  needsShipping: boolean;
  /** The shop has zones (else delivery costs nothing). */
  anyZone: boolean;
  methods: Zone["methods"];
  tax: TaxTerms & { name: string | null };
};

export type Quote = {
  subtotalCents: number;
  discountCents: number;
  shipping: { options: DeliveryOption[]; selected: DeliveryOption | null };
  tax: { cents: number; rateMilli: number; included: boolean; name: string | null };
  totalCents: number;
};

type Refused = { ok: false; status: 400 | 422; message: string };

/** The terms of an address (`country` alone when nothing is shipped); refused when the shop does not deliver there. */
export async function orderTerms(
  address: { country: string; region?: string | null },
  needsShipping: boolean,
): Promise<{ ok: true; terms: OrderTerms } | Refused> {
  const region = regionKey(address);
  const [delivery, tax] = await Promise.all([
    needsShipping ? deliveryTerms(address.country, region) : Promise.resolve({ anyZone: false, methods: [] }),
    taxTerms(address.country, region),
  ]);
  if (needsShipping && delivery.anyZone && !delivery.methods.length) {
    return { ok: false, status: 422, message: `We don't ship to ${countryName(address.country)}` };
  }
  return { ok: true, terms: { needsShipping, anyZone: delivery.anyZone, methods: delivery.methods, tax } };
}

/** An order's price on `terms`: the chosen method (the cheapest when none is named), and its tax. */
export function priceOrder(
  terms: OrderTerms,
  { goodsCents, discountCents, methodId }: { goodsCents: number; discountCents: number; methodId?: string | null },
): { ok: true; quote: Quote } | Refused {
  const options = terms.needsShipping ? priceMethods(terms.methods, goodsCents - discountCents) : [];
  const selected = methodId ? (options.find((option) => option.id === methodId) ?? null) : (options[0] ?? null);
  if (methodId && !selected) return { ok: false, status: 400, message: "Choose one of the delivery options offered for this address" };
  const shippingCents = selected?.amountCents ?? 0;
  const { taxCents, included } = taxFor({ goodsCents, discountCents, shippingCents }, terms.tax);
  return {
    ok: true,
    quote: {
      subtotalCents: goodsCents,
      discountCents,
      shipping: { options, selected },
      tax: { cents: taxCents, rateMilli: terms.tax.rateMilli, included, name: terms.tax.name },
      totalCents: goodsCents - discountCents + shippingCents + (included ? 0 : taxCents),
    },
  };
}
