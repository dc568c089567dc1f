// What an order will cost before anything is reserved or charged: the goods,
// the discount, delivery (the methods of the address's zone, the chosen one
// or the cheapest) and tax (the address's rate, added or included). The
// same terms price the order inside the reserving transaction, so the page,
// the API's quote and Stripe's amount are one computation.
import { env } from "~/utils/env.server";
import { priceCart, type CartLine, type PricedCart, type PricedLine } from "~/domain/cart/cart.server";
import { checkDiscount } from "~/domain/discounts/discount.server";
import { holderOf, type Buyer, type CheckoutOptions } from "./rules.server";
import { addressLines, countryName, regionKey, type ShipTo } from "~/domain/shipping/ship-to";
import { defaultShipTo } from "~/domain/shipping/ship-to.server";
import { deliveryTerms, priceMethods, type DeliveryOption, type Zone } from "~/domain/shipping/zones.server";
import { taxTerms } from "~/domain/tax/rates.server";
import { missingRegion } from "./ship-to-gaps.server";
import { taxFor, type TaxTerms } from "~/domain/tax/tax";
import { MAX_CHARGE_CENTS, tooLargeMessage } from "~/domain/orders/money";

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

export const NO_ADDRESS_MESSAGE = "Add your address to your profile before checking out";

/**
 * Where a checkout delivers and on what terms: the ship-to given, else the
 * buyer's remembered one, else the profile's address line in SHOP_COUNTRY.
 * A cart of products that are not shipped is charged no delivery and taxed in the shop's country.
 */
export async function checkoutDelivery(
  buyer: Buyer,
  needsShipping: boolean,
  given?: ShipTo | null,
): Promise<{ ok: true; terms: OrderTerms; shipTo: ShipTo | null; remember: boolean } | Refused> {
  const fallback = given ? null : await defaultShipTo(buyer);
  const shipTo = given ?? fallback?.shipTo ?? null;
  // Nothing to deliver still wants the buyer's address on file, as the shop always has (the spec's accounts all have one).
  // A guest buying nothing that ships has no address to give: taxed in the shop's country.
  if (!shipTo && buyer.id === null && needsShipping)
    return { ok: false, status: 400, message: "shipTo: where should we deliver? A guest's checkout needs the address" };
  if (!shipTo && buyer.id !== null) return { ok: false, status: 400, message: NO_ADDRESS_MESSAGE };
  // An address without the region its price depends on is asked for it, never priced as the whole country (no silent zero tax).
  const missing = needsShipping && shipTo ? await missingRegion(shipTo) : null;
  if (missing) {
    return {
      ok: false,
      status: 400,
      message: given ? `shipTo.region: ${missing}` : `${missing}. Your profile's address has none: send shipTo with the full address`,
    };
  }
  const terms = await orderTerms(shipTo ?? { country: env().SHOP_COUNTRY }, needsShipping);
  if (!terms.ok) return terms;
  return { ok: true, terms: terms.terms, shipTo: needsShipping ? shipTo : null, remember: Boolean(given) };
}

/** What an order freezes of its delivery and tax (Order's columns). */
export function orderDeliveryFields(quote: Quote, shipTo: ShipTo | null) {
  const method = quote.shipping.selected;
  return {
    ...(shipTo
      ? {
          shipName: shipTo.name,
          // The one line older screens show: the street, and the city line when there is one.
          shipAddress: addressLines({ ...shipTo, name: undefined, phone: undefined, country: undefined }).join(", "),
          shipPhone: shipTo.phone,
          shipLine1: shipTo.line1,
          shipLine2: shipTo.line2 ?? null,
          shipCity: shipTo.city,
          shipRegion: shipTo.region ?? null,
          shipPostalCode: shipTo.postalCode,
          shipCountry: shipTo.country,
        }
      : {}),
    shippingMethod: method?.name ?? null,
    shippingEstimate: method?.estimate ?? null,
    shippingCents: method?.amountCents ?? 0,
    taxCents: quote.tax.cents,
    taxRateMilli: quote.tax.rateMilli || null,
    taxIncluded: quote.tax.included,
    taxName: quote.tax.name,
  };
}

const names = (lines: PricedLine[]) => lines.map((line) => line.product?.title ?? "A product").join(", ");

/**
 * A checkout priced before anything is reserved: the cart from the database
 * (refused when a line cannot be bought; short lines too unless
 * `shortage: "limit"`), the discount, delivery and tax. The checkout page,
 * the API's quote and starting a checkout all begin here.
 */
export async function quoteCheckout(
  buyer: Buyer,
  cartLines: CartLine[],
  options: Pick<CheckoutOptions, "shortage" | "discountCode" | "shipTo" | "shippingMethodId"> & {
    /** `cartLines` already priced in this request (the checkout page shows them too). */
    priced?: PricedCart;
  },
): Promise<
  | { ok: true; cart: PricedCart; where: Awaited<ReturnType<typeof checkoutDelivery>> & { ok: true }; quote: Quote }
  | { ok: false; status: 400 | 409 | 422; message: string }
> {
  const cart = options.priced ?? (await priceCart(cartLines, holderOf(buyer)));
  const unchosen = cart.lines.flatMap((line) => (line.needsVariantOf ? [line.needsVariantOf] : []));
  if (unchosen.length) {
    return { ok: false, status: 400, message: `Choose a variant (variantId) of ${unchosen.join(", ")}: it is sold in options` };
  }
  const deleted = cart.lines.filter((line) => line.problem === "deleted");
  if (deleted.length) {
    return {
      ok: false,
      status: 400,
      message: `Unknown product${deleted.length > 1 ? "s" : ""}: ${deleted.map((line) => line.productId).join(", ")}. Remove ${deleted.length > 1 ? "them" : "it"} from your cart.`,
    };
  }
  const outOfStock = cart.lines.filter((line) => line.problem === "out-of-stock");
  if (outOfStock.length)
    return { ok: false, status: 409, message: `Out of stock: ${names(outOfStock)}. Remove it from your cart to check out.` };
  const short = cart.lines.filter((line) => line.problem === "reduced");
  if (short.length && options.shortage !== "limit") {
    return {
      ok: false,
      status: 409,
      message: short.map((line) => `Only ${line.product!.stock} of ${line.product!.title} in stock`).join("; "),
    };
  }
  // One Stripe payment has a ceiling; the goods alone past it are refused before anything else is asked.
  if (cart.totalCents > MAX_CHARGE_CENTS) return { ok: false, status: 400, message: tooLargeMessage(cart.totalCents) };
  // The discount code: checked now for a clear answer (checkout reserves it under lock).
  const discount = options.discountCode
    ? await checkDiscount(options.discountCode, cart.totalCents, { buyerId: buyer.id, email: buyer.email })
    : null;
  if (discount && !discount.ok)
    return { ok: false, status: discount.reason === "unknown" ? 400 : 409, message: `${discount.message} Nothing was charged.` };
  const needsShipping = cart.lines.some((line) => line.quantity > 0 && line.product?.shipping);
  const where = await checkoutDelivery(buyer, needsShipping, options.shipTo);
  if (!where.ok) return where;
  const priced = priceOrder(where.terms, {
    goodsCents: cart.totalCents,
    discountCents: discount?.discountCents ?? 0,
    methodId: options.shippingMethodId,
  });
  if (!priced.ok) return priced;
  if (priced.quote.totalCents > MAX_CHARGE_CENTS) return { ok: false, status: 400, message: tooLargeMessage(priced.quote.totalCents) };
  return { ok: true, cart, where, quote: priced.quote };
}
