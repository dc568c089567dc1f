// The checkout page's two halves. Loading it quotes the cart on the buyer's
// remembered ship-to (or their profile's address) and the cheapest method.
// Its form either asks again with the typed address and the chosen method
// ("Update delivery", and what JavaScript sends when they change), or pays:
// the quote is made again, and when it is not the total the shopper saw,
// the page shows the new one instead of charging it.
import { env } from "~/utils/env.server";
import { formDataToObject, parseInput, type FieldErrors } from "~/utils/validation";
import { priceCart, readCart, type PricedCart } from "~/domain/cart/cart.server";
import { cartDiscount, readDiscountCode } from "~/domain/discounts/discount.server";
import { shippingCountries } from "~/domain/shipping/countries.server";
import { shipToSchema, type ShipTo } from "~/domain/shipping/ship-to";
import { defaultShipTo } from "~/domain/shipping/ship-to.server";
import { quotedFor, SHIP_TO_FIELDS, type ShipToValues } from "./checkout-form";
import { quoteCheckout, type Quote } from "./quote.server";
import { startCheckout } from "./start.server";
import type { CheckoutStart } from "./rules.server";

type Buyer = { id: string; email: string; name: string; address: string; phone: string };

/** What the page shows: the cart, the address as typed, the countries, and the quote (null when it cannot be made yet). */
export type CheckoutView = {
  cart: PricedCart;
  discount: Awaited<ReturnType<typeof cartDiscount>>;
  needsShipping: boolean;
  values: ShipToValues;
  methodId: string | null;
  countries: { code: string; name: string }[];
  quote: Quote | null;
  errors: FieldErrors;
  message: string | null;
};

const valuesOf = (shipTo: Partial<Record<keyof ShipToValues, string | undefined>>): ShipToValues =>
  Object.fromEntries(SHIP_TO_FIELDS.map((field) => [field, shipTo[field] ?? ""])) as ShipToValues;

/** The cart's lines and their prices, read once per request: the page shows them and the quote builds on them. */
async function pricedCart(buyer: Buyer, request: Request) {
  const lines = await readCart(request);
  return { lines, cart: await priceCart(lines, buyer.id) };
}

async function view(
  buyer: Buyer,
  request: Request,
  typed: { values: ShipToValues; shipTo: ShipTo | null; methodId: string | null; errors?: FieldErrors },
  { lines, cart }: Awaited<ReturnType<typeof pricedCart>>,
): Promise<CheckoutView> {
  const [code, countries] = await Promise.all([readDiscountCode(request), shippingCountries()]);
  const discount = await cartDiscount(code, cart.totalCents, buyer.id);
  const needsShipping = cart.lines.some((line) => line.quantity > 0 && line.product?.shipping);
  const errors = typed.errors ?? {};
  const quoted =
    lines.length && !Object.keys(errors).length
      ? await quoteCheckout(buyer, lines, {
          shortage: "limit",
          discountCode: discount && !discount.problem ? discount.code : null,
          shipTo: typed.shipTo,
          shippingMethodId: typed.methodId,
          priced: cart,
        })
      : null;
  return {
    cart,
    discount,
    needsShipping,
    values: typed.values,
    methodId: quoted?.ok ? (quoted.quote.shipping.selected?.id ?? null) : typed.methodId,
    countries,
    quote: quoted?.ok ? quoted.quote : null,
    errors,
    message: quoted && !quoted.ok ? quoted.message : null,
  };
}

/** The page as it opens: on the remembered ship-to (or the profile's address, to be completed). */
export async function checkoutPage(buyer: Buyer, request: Request): Promise<CheckoutView> {
  const [start, priced] = await Promise.all([defaultShipTo(buyer), pricedCart(buyer, request)]);
  const values = valuesOf(start?.shipTo ?? { name: buyer.name, phone: buyer.phone, country: env().SHOP_COUNTRY });
  return view(buyer, request, { values, shipTo: start?.complete ? start.shipTo : null, methodId: null }, priced);
}

/**
 * The form: `intent=quote` answers the page quoted on what was typed; `pay`
 * starts the checkout when the total is still the one shown (else answers
 * the new quote with a message). A typed address that does not pass is
 * answered with its field errors; nothing is reserved or charged then.
 */
export async function checkoutPageAction(
  buyer: Buyer,
  request: Request,
  formData: FormData,
  origin: string,
): Promise<{ kind: "view"; view: CheckoutView; status: number } | { kind: "started"; result: CheckoutStart }> {
  const fields = formDataToObject(formData);
  const text = (name: string) => (typeof fields[name] === "string" ? (fields[name] as string) : "");
  const values = valuesOf(Object.fromEntries(SHIP_TO_FIELDS.map((field) => [field, text(field)])));
  const methodId = text("shippingMethodId") || null;
  const priced = await pricedCart(buyer, request);
  const { lines } = priced;
  const needsShipping = priced.cart.lines.some((line) => line.quantity > 0 && line.product?.shipping);
  let shipTo: ShipTo | null = null;
  if (needsShipping) {
    const parsed = parseInput(shipToSchema, values);
    if (!parsed.success)
      return {
        kind: "view",
        view: await view(buyer, request, { values, shipTo: null, methodId, errors: parsed.errors }, priced),
        status: 400,
      };
    shipTo = parsed.data;
  }
  const page = await view(buyer, request, { values, shipTo, methodId }, priced);
  // A bare post (the form before delivery existed, old pages) means Checkout.
  if ((text("intent") || "pay") !== "pay" || !page.quote) return { kind: "view", view: page, status: page.message ? 422 : 200 };
  // The address or method changed after the total was shown: show the new total first.
  if (page.needsShipping && text("quotedFor") && text("quotedFor") !== quotedFor(values, page.methodId)) {
    const message = "Your delivery changed the total: check it, then press Checkout again.";
    return { kind: "view", view: { ...page, message }, status: 409 };
  }
  const expected = text("expectedTotalCents");
  const result = await startCheckout(buyer, lines, origin, {
    shortage: "limit",
    expectedTotalCents: expected === "" || !/^\d+$/.test(expected) ? undefined : Number(expected),
    // A kept code that no longer applies (minimum, expiry, used up) is left out, as the page showed: it never blocks paying.
    discountCode: page.discount && !page.discount.problem ? page.discount.code : null,
    shipTo,
    shippingMethodId: page.methodId,
  });
  return { kind: "started", result };
}
