// The checkout page's two halves. Loading it quotes the cart on the buyer's
// remembered ship-to and the cheapest method; a first-time buyer's profile
// address is only a start (no state, city or postal code): the page asks
// for the rest and quotes nothing until it is complete. Its form either
// asks again with the typed address and the chosen method ("Update
// delivery", and what JavaScript sends as fields change), or pays: the
// quote is made again, and only when its total is not the one the shopper
// saw does the page show the new one and ask again instead of charging it.
import { env } from "~/utils/env.server";
import { formDataToObject, parseInput, type FieldErrors } from "~/utils/validation";
import { priceCart, type CartLine, type PricedCart } from "~/domain/cart/cart.server";
import { cartDiscount } from "~/domain/discounts/discount.server";
import { regionChoices, shippingCountries } from "~/domain/shipping/countries.server";
import { regionRequired, shipToSchema, type ShipTo } from "~/domain/shipping/ship-to";
import { defaultShipTo } from "~/domain/shipping/ship-to.server";
import { normaliseRegion } from "~/utils/iso-codes";
import { guestEmailSchema, optInField, SHIP_TO_FIELDS, type ShipToValues } from "./checkout-form";
import { quoteCheckout, type Quote } from "./quote.server";
import { missingRegion } from "./ship-to-gaps.server";
import { startCheckout } from "./start.server";
import { holderOf, type Buyer, type CheckoutStart } from "./rules.server";

/**
 * What the shopper holds (the page's cookies, read by its route): the cart's
 * lines, the discount code applied, and the abandoned checkout a reminder's
 * link brought them back to, if any.
 */
export type ShopperCart = { lines: CartLine[]; discountCode: string | null; recoveredFromId?: string | null };

/** Who is asked for and told what: the guest's e-mail (an account's is its own) and "Send me news and offers". */
export type CheckoutContact = { guest: boolean; email: string; marketingOptIn: boolean };

/** What the page shows: the cart, the address as typed, the countries, and the quote (null when it cannot be made yet). */
export type CheckoutView = {
  cart: PricedCart;
  discount: Awaited<ReturnType<typeof cartDiscount>>;
  needsShipping: boolean;
  values: ShipToValues;
  methodId: string | null;
  countries: { code: string; name: string }[];
  /** The chosen country's regions to choose from ([]: it has none), and whether one must be chosen. */
  regions: { code: string; name: string }[];
  regionRequired: boolean;
  quote: Quote | null;
  /** The total shown: the quote's, else the goods after discount (before delivery and tax are known). */
  shownTotalCents: number;
  /** The method asked for is not offered to this address: the quote is on the cheapest instead. */
  methodReplaced: boolean;
  errors: FieldErrors;
  message: string | null;
  contact: CheckoutContact;
};

const valuesOf = (shipTo: Partial<Record<keyof ShipToValues, string | undefined>>): ShipToValues =>
  Object.fromEntries(SHIP_TO_FIELDS.map((field) => [field, shipTo[field] ?? ""])) as ShipToValues;

/** The cart's lines and their prices, read once per request: the page shows them and the quote builds on them. */
async function pricedCart(buyer: Buyer, shopper: ShopperCart) {
  const lines = shopper.lines;
  return { lines, cart: await priceCart(lines, holderOf(buyer)) };
}

async function view(
  buyer: Buyer,
  shopper: ShopperCart,
  typed: { values: ShipToValues; shipTo: ShipTo | null; methodId: string | null; errors?: FieldErrors; contact?: CheckoutContact },
  { lines, cart }: Awaited<ReturnType<typeof pricedCart>>,
): Promise<CheckoutView> {
  const [code, countries] = await Promise.all([shopper.discountCode, shippingCountries()]);
  const discount = await cartDiscount(code, cart.totalCents, { buyerId: buyer.id, email: buyer.email });
  const needsShipping = cart.lines.some((line) => line.quantity > 0 && line.product?.shipping);
  const errors = { ...typed.errors };
  // A region the address's country needs (or the shop's zones and rates ask of it) is asked beside its field.
  const gap = needsShipping && typed.shipTo ? await missingRegion(typed.shipTo) : null;
  if (gap) errors.region = gap;
  // What is shipped is quoted only on a complete address: an incomplete one waits for the buyer.
  const quotable = lines.length && !Object.keys(errors).length && (typed.shipTo || !needsShipping);
  const quoteWith = (shippingMethodId: string | null) =>
    quoteCheckout(buyer, lines, {
      shortage: "limit",
      discountCode: discount && !discount.problem ? discount.code : null,
      shipTo: typed.shipTo,
      shippingMethodId,
      priced: cart,
    });
  let quoted = quotable ? await quoteWith(typed.methodId) : null;
  // The method chosen is not one of this address's (its state or country changed): the cheapest of the new ones.
  let methodReplaced = false;
  if (quoted && !quoted.ok && quoted.status === 400 && typed.methodId) {
    const again = await quoteWith(null);
    if (again.ok) [quoted, methodReplaced] = [again, true];
  }
  const quote = quoted?.ok ? quoted.quote : null;
  const country = typed.values.country.trim().toUpperCase();
  return {
    cart,
    discount,
    needsShipping,
    values: typed.values,
    methodId: quote ? (quote.shipping.selected?.id ?? null) : typed.methodId,
    countries,
    regions: regionChoices(country),
    regionRequired: regionRequired(country),
    quote,
    shownTotalCents: quote ? quote.totalCents : cart.totalCents - (discount && !discount.problem ? discount.discountCents : 0),
    errors,
    message: quoted && !quoted.ok ? quoted.message : null,
    methodReplaced,
    contact: typed.contact ?? { guest: buyer.id === null, email: buyer.email, marketingOptIn: false },
  };
}

/** The page as it opens: on the remembered ship-to (or the profile's address, to be completed). */
export async function checkoutPage(buyer: Buyer, shopper: ShopperCart): Promise<CheckoutView> {
  const [start, priced] = await Promise.all([defaultShipTo(buyer), pricedCart(buyer, shopper)]);
  const values = valuesOf(start?.shipTo ?? { name: buyer.name, phone: buyer.phone, country: env().SHOP_COUNTRY });
  return view(buyer, shopper, { values, shipTo: start?.complete ? start.shipTo : null, methodId: null }, priced);
}

/**
 * The form: `intent=quote` answers the page quoted on what was typed; `pay`
 * starts the checkout when the total is still the one shown (else answers
 * the new quote with a message). A typed address that does not pass is
 * answered with its field errors; nothing is reserved or charged then.
 */
export async function checkoutPageAction(
  buyer: Buyer,
  shopper: ShopperCart,
  formData: FormData,
  origin: string,
  clientIp: string | null = null,
): Promise<{ kind: "view"; view: CheckoutView; status: number } | { kind: "started"; result: CheckoutStart }> {
  const fields = formDataToObject(formData);
  const text = (name: string) => (typeof fields[name] === "string" ? (fields[name] as string) : "");
  const intent = text("intent") || "pay"; // A bare post (the form before delivery existed, old pages) means Checkout.
  const guest = buyer.id === null;
  const contact: CheckoutContact = {
    guest,
    email: guest ? text("email").slice(0, 254) : buyer.email,
    marketingOptIn: optInField.safeParse(fields.marketingOptIn).data ?? false,
  };
  // A guest's e-mail is asked when paying (a re-quote as they type the address does not judge it).
  const emailError = guest && intent === "pay" ? guestEmailSchema.safeParse(contact.email).error?.issues[0]?.message : undefined;
  const values = valuesOf(Object.fromEntries(SHIP_TO_FIELDS.map((field) => [field, text(field)])));
  // The country changed under a region of another: the new country's list is offered, nothing chosen yet.
  if (intent === "quote" && values.region.trim() && !normaliseRegion(values.country.trim() || "-", values.region)) values.region = "";
  const methodId = text("shippingMethodId") || null;
  const priced = await pricedCart(buyer, shopper);
  const { lines } = priced;
  const needsShipping = priced.cart.lines.some((line) => line.quantity > 0 && line.product?.shipping);
  let shipTo: ShipTo | null = null;
  const contactErrors: FieldErrors = emailError ? { email: emailError } : {};
  if (needsShipping) {
    const parsed = parseInput(shipToSchema, values);
    if (!parsed.success)
      return {
        kind: "view",
        view: await view(
          buyer,
          shopper,
          { values, shipTo: null, methodId, errors: { ...parsed.errors, ...contactErrors }, contact },
          priced,
        ),
        status: 400,
      };
    shipTo = parsed.data;
  }
  const page = await view(buyer, shopper, { values, shipTo, methodId, errors: contactErrors, contact }, priced);
  if (Object.keys(page.errors).length) return { kind: "view", view: page, status: 400 };
  if (intent !== "pay" || !page.quote) return { kind: "view", view: page, status: page.message ? 422 : 200 };
  // The total the shopper saw (before the address was complete: the goods alone) is not the one now: show it, ask again.
  const expected = text("expectedTotalCents");
  const expectedTotalCents = /^\d+$/.test(expected) ? Number(expected) : undefined;
  if (page.methodReplaced || (expectedTotalCents !== undefined && expectedTotalCents !== page.quote.totalCents)) {
    const message = "Your delivery changed the total: check it, then press Checkout again.";
    return { kind: "view", view: { ...page, message }, status: 409 };
  }
  // A guest is known by the e-mail given and the name and phone the parcel goes to.
  const payer: Buyer = guest
    ? { ...buyer, email: guestEmailSchema.parse(contact.email), name: shipTo?.name ?? "", phone: shipTo?.phone ?? "" }
    : buyer;
  const result = await startCheckout(payer, lines, origin, {
    shortage: "limit",
    marketingOptIn: contact.marketingOptIn,
    recoveredFromId: shopper.recoveredFromId ?? null,
    clientIp,
    expectedTotalCents,
    // A kept code that no longer applies (minimum, expiry, used up) is left out, as the page showed: it never blocks paying.
    discountCode: page.discount && !page.discount.problem ? page.discount.code : null,
    shipTo,
    shippingMethodId: page.methodId,
  });
  return { kind: "started", result };
}
