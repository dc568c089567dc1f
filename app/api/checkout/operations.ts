// Checkout: the quote, starting a Stripe Checkout Session (payments), and Stripe's webhook.
import { MAX_CART_LINES, MAX_LINE_QUANTITY } from "~/domain/cart/cart";
import { paymentsRequestSchema } from "~/api/checkout/payments-request.server";
import { CHECKOUT_LIMIT, MIN_CHARGE_CENTS, RESERVATION_MINUTES } from "~/domain/checkout/rules.server";
import { z } from "~/utils/zod";
import { Access, errorResponse as error, operation, reply } from "../operation";
import { done, PAYMENTS, PRODUCT } from "../common";
import { MAX_WEBHOOK_BYTES } from "../limits";
import { apiQuoteSchema } from "../shapes";

export const payments = operation({
  id: "payments",
  method: "POST",
  path: "/api/v1/product/payments",
  role: Access.UserOrGuest,
  tag: PRODUCT,
  summary: "Create an order and a Stripe Checkout Session for the given products",
  description: `Prices come from the database; any price sent is ignored. The units are reserved for the life of the session (${RESERVATION_MINUTES} minutes) and the buyer's earlier unpaid checkout is cancelled. Repeated \`_id\`s add up (the old clients send one entry per unit), at most ${MAX_CART_LINES} different products and ${MAX_LINE_QUANTITY} of each; an entry that is a whole product object (it has a \`slug\`, as the old client's cart entries do) counts as one unit: its \`quantity\` is the product's stock, not a count. A product sold in options (its \`options\` are not empty) is bought one variant at a time: each entry names it as \`variantId\` (one of the product's \`variants[]._id\`) beside the product's \`_id\`, and an entry without one is refused (400); for a simple product \`variantId\` may be left out or be the product's own \`_id\` (its one variant). Repeated entries of the same variant add up. Delivery and tax are charged as POST /api/v1/checkout/quote prices them (Stripe's total is the quote's \`total\`): to \`shipTo\` when given (it is remembered for the buyer's next checkout), else to the address the buyer's last order went to, else to the profile's address in the shop's country; by \`shippingMethodId\`, else the cheapest of the address's options.`,
  body: { type: "json", schema: paymentsRequestSchema },
  responses: {
    200: reply(
      "Checkout Session created: send the buyer to `url`",
      done().extend({ id: z.string().describe("The Checkout Session id"), url: z.string(), orderId: z.string() }),
    ),
    400: error(
      `Invalid input (a \`shipTo\` problem is named at its field: \`shipTo.postalCode\`), an empty list, an unknown product, variant or discount code, a product sold in options without \`variantId\` (the message names it), a \`shippingMethodId\` the address is not offered, no address given nor in the buyer's profile, or a total (after any discount) under $${(MIN_CHARGE_CENTS / 100).toFixed(2)}`,
    ),
    409: error(
      "A product is out of stock, fewer are in stock than asked for, or the discount code does not apply (not started, expired, used up, already used by this buyer, below its minimum); nothing is reserved or charged",
    ),
    422: error('The shop does not deliver to the address ("We don\'t ship to Japan"); nothing is reserved or charged'),
    401: error("No token (or an invalid one) while the shop's guest checkout is off"),
    429: error(
      `More than ${CHECKOUT_LIMIT.max} checkouts started in ${CHECKOUT_LIMIT.windowMs / 60_000} minutes (a guest's are also counted per address, as sign-ins are); try again later`,
    ),
    502: error("Failed to create Stripe session; the reservation is given back and the attempt cancelled"),
  },
});

export const checkoutQuote = operation({
  id: "checkoutQuote",
  method: "POST",
  path: "/api/v1/checkout/quote",
  role: Access.UserOrGuest,
  tag: PRODUCT,
  summary:
    "What POST /api/v1/product/payments would charge for the same body: goods, discount, delivery options and tax; nothing is reserved",
  description: `The body is payments' own (the same products, \`discountCode\`, \`shipTo\` and \`shippingMethodId\`, read the same way), and so is the price: payments charges exactly this \`total\` while prices, stock and the shop's zones and rates stay as they are. Delivery: the methods of the zone that names the address's region ("US-NY"), else of one that names its whole country, each free once the goods after discount reach its free-from; \`selected\` is the one \`shippingMethodId\` names, else the cheapest. Tax: the region's rate, else the country's (none: 0), on the goods after discount (and on shipping when the shop taxes it), rounded half up once; added to the total, or already inside the prices when the shop's prices include tax. Without \`shipTo\`: the address the buyer's last order went to, else the profile's address in the shop's country. At most ${MAX_CART_LINES} different products.`,
  body: { type: "json", schema: paymentsRequestSchema },
  responses: {
    200: reply("The price, in US dollars", apiQuoteSchema),
    400: error(
      "Invalid input (a `shipTo` problem is named at its field: `shipTo.postalCode`), an unknown product, variant or discount code, a product sold in options without `variantId`, a `shippingMethodId` the address is not offered, or no address given nor in the buyer's profile",
    ),
    409: error("A product is out of stock, fewer are in stock than asked for, or the discount code does not apply"),
    422: error('The shop does not deliver to the address: "We don\'t ship to Japan"'),
  },
});

export const stripeWebhook = operation({
  id: "stripeWebhook",
  method: "POST",
  path: "/api/v1/payments/webhook",
  role: Access.Public,
  tag: PAYMENTS,
  summary: "Stripe's webhook",
  description:
    "The signature is verified on the raw body; checkout.session.completed and async_payment_succeeded (when paid, for the order's own session, amount and currency) fulfil the order once, or refund it when its units are gone; expired cancels and async_payment_failed fails a pending order, giving its reserved stock back; other events are ignored.",
  headers: { "Stripe-Signature": { description: "Stripe's signature of the body", required: true } },
  body: {
    type: "raw",
    maxBytes: MAX_WEBHOOK_BYTES,
    contentType: "application/json",
    schema: z.looseObject({}).describe("A Stripe event, as Stripe signed it"),
  },
  responses: {
    200: reply("Received (also for ignored and repeated events)", z.strictObject({ received: z.literal(true) })),
    400: error("Missing or invalid signature"),
    500: error("The database failed; Stripe retries"),
  },
});

/** The checkout area's operations, in the order the document lists them. */
export const checkoutOperations = { payments, checkoutQuote, stripeWebhook } as const;
