// Guest checkout's calls: the owner's checkout settings (admin), an order's
// link asked for again by number and e-mail (anyone), and the claim link of
// an account's guest orders (signed in). Checkout itself (payments, quote)
// takes a guest in app/api/checkout/operations.ts.
import { checkoutSettingsSchema } from "~/domain/checkout/settings.schema";
import { orderLookupSchema } from "~/domain/orders/guest-orders.schema";
import { CLAIM_LIMIT, LOOKUP_LIMIT } from "~/domain/orders/guest-orders.server";
import { z } from "~/utils/zod";
import { Access, operation, reply } from "../operation";
import { done, limited, SETTINGS, USER } from "../common";

export const checkoutSettings = operation({
  id: "checkoutSettings",
  method: "GET",
  path: "/api/v1/settings/checkout",
  role: Access.Admin,
  tag: SETTINGS,
  summary: "The shop's checkout settings: guest checkout and abandoned-checkout reminders (admin)",
  responses: { 200: reply("The settings", checkoutSettingsSchema) },
});

export const updateCheckoutSettings = operation({
  id: "updateCheckoutSettings",
  method: "PUT",
  path: "/api/v1/settings/checkout",
  role: Access.Admin,
  tag: SETTINGS,
  summary: "Change the shop's checkout settings (admin): every field is required",
  description:
    '`guestCheckout`: shoppers may pay without an account (POST /api/v1/product/payments without a token, with `email`). `abandonedCheckout`: one reminder to a buyer who reached the payment page and did not pay within `delayMinutes` (the server\'s ABANDONED_CHECKOUT_DELAY_S, when set, overrides it), sent to `audience` ("subscribers": those who asked for news and offers; "everyone": all but those who unsubscribed).',
  body: { type: "json", schema: checkoutSettingsSchema },
  responses: { 200: reply("Saved", checkoutSettingsSchema) },
});

export const orderLookup = operation({
  id: "orderLookup",
  method: "POST",
  path: "/api/v1/orders/lookup",
  role: Access.Public,
  tag: USER,
  summary: "E-mail an order's link to the address it was placed with (a guest who lost it)",
  description: `Answers 202 the same whether or not an order with that number was placed with that e-mail, so it reveals nothing; the link opens the order's page without an account. At most ${LOOKUP_LIMIT.perAddress} requests per address and ${LOOKUP_LIMIT.perEmail} per e-mail in ${LOOKUP_LIMIT.windowMs / 60_000} minutes.`,
  body: { type: "json", schema: orderLookupSchema },
  responses: { 202: reply("Accepted: the link is on its way if the pair matches an order", done()), 429: limited() },
});

export const claimOrders = operation({
  id: "claimOrders",
  method: "POST",
  path: "/api/v1/user/claim-orders",
  role: Access.User,
  tag: USER,
  summary: "E-mail the account's address a link that adds the guest orders placed with it to the account",
  description: `Orders are never attached by e-mail alone: the link, opened while signed in, moves them. Answers 202 the same whether or not there are such orders. At most ${CLAIM_LIMIT.max} in ${CLAIM_LIMIT.windowMs / 60_000} minutes.`,
  body: { type: "json", schema: z.object({}).optional() },
  responses: { 202: reply("Accepted: the link is on its way if there are guest orders", done()), 429: limited() },
});

/** The guest checkout area's operations, in the order the document lists them. */
export const guestOperations = { checkoutSettings, updateCheckoutSettings, orderLookup, claimOrders } as const;
