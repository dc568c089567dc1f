// From a cart to a paid order, in parts: request.server.ts reads the API's
// request, start.server.ts prices, reserves and opens Stripe's page,
// holds.server.ts takes and gives back stock, attempts.server.ts ends unpaid
// attempts, cancel.server.ts closes a payment page, settle.server.ts applies
// Stripe's events, reconcile.server.ts asks Stripe when events go missing.
// This file holds what they share: the limits, the shapes and the rules.
//
// The server prices every line from the
// database, reserves the stock and creates the order in one transaction, then
// creates a Stripe Checkout Session for exactly those lines that expires when
// the reservation does, and fulfils the order from Stripe's signed webhook (or
// the success page's or the reconciler's check), exactly once per session.
//
// Stock rules:
// - Product.quantity is the stock still for sale. Starting checkout takes the
//   order's quantities from it (`quantity - n WHERE quantity >= n`, rows
//   locked in id order) in the transaction that creates the order; a shopper
//   who cannot get every unit is refused (409) before paying, and nothing is held.
// - The hold lasts as long as the Checkout Session (`expires_at`,
//   RESERVATION_MINUTES). Cancel, expiry (webhook, reconciler or the sweep in
//   reconcile.server.ts) or a failed payment gives the units back, once.
// - A payment for a held order sells the held units. A payment that arrives
//   after the hold was given back takes the units again if they are still
//   there; if not (or a product was deleted), the payment is refunded through
//   Stripe and the order marked REFUNDED: nobody pays for nothing.
// - A paid event whose session, amount or currency is not the order's is
//   never fulfilled: the order is flagged NEEDS_REVIEW with a note for the admin.
import type { Prisma } from "@prisma/client";
import type { ShipTo } from "~/domain/shipping/ship-to";

/** Checkouts one buyer may start per window: each makes an order and a Stripe session. */
export const CHECKOUT_LIMIT = { max: 20, windowMs: 10 * 60 * 1000 };

/** Stripe's smallest charge in US dollars. */
export const MIN_CHARGE_CENTS = 50;
export const STRIPE_SESSION_FAILED = "Failed to create Stripe session";
export const REPLACED_MESSAGE = "Another checkout of yours started at the same moment and replaced this one. Nothing was charged.";
export const CURRENCY = "usd";
/** How long a checkout holds its stock; Stripe's Checkout Session lives as long (its minimum is 30 minutes). */
export const RESERVATION_MINUTES = 31;

/**
 * Who checks out. A signed-in shopper: the profile's name, address and phone
 * are the ship-to's start. A guest (guest checkout): no account (`id` null),
 * the e-mail typed at checkout, and `guestKey`, the browser's random key
 * (a signed cookie) that makes its attempts replace each other as an account's do.
 */
export type Buyer = { id: string | null; email: string; name: string; address: string; phone: string; guestKey?: string | null };

/** What a buyer's pending attempts and held units are found by: the account's id, else the guest's key. */
export type Holder = string | { guestKey: string };

export const holderOf = (buyer: Buyer): Holder => buyer.id ?? { guestKey: buyer.guestKey ?? "" };

/** The orders a holder's: by account, or by guest key (never an empty key). */
export const heldBy = (holder: Holder) =>
  typeof holder === "string" ? { buyerId: holder } : { buyerId: null, guestKey: holder.guestKey || "-" };

export type CheckoutStart =
  | { ok: true; orderId: string; sessionId: string; url: string }
  | { ok: false; status: 400 | 409 | 422 | 429 | 502; message: string };

export type CheckoutOptions = {
  /**
   * "limit": lines asking for more than is in stock are bought with what is
   * left (the screens show the shopper those quantities and that total
   * first). "refuse": they are refused (the API, whose caller saw nothing).
   */
  shortage?: "limit" | "refuse";
  /** The total the shopper was shown; when today's prices differ, nothing is charged and they review again. */
  expectedTotalCents?: number;
  /** The discount code the shopper applied (the cart's cookie, or the API's `discountCode`); its amount is computed here. */
  discountCode?: string | null;
  /** Where to deliver (checked by shipToSchema); absent: the buyer's remembered ship-to, else the profile's address. */
  shipTo?: ShipTo | null;
  /** The delivery method chosen among the address's options; absent: the cheapest. */
  shippingMethodId?: string | null;
  /** "Send me news and offers" was ticked: the address is subscribed with the order. */
  marketingOptIn?: boolean;
  /** The abandoned checkout whose reminder link brought the shopper back (the recovery cookie). */
  recoveredFromId?: string | null;
  /** The client's address: a guest's checkouts are also limited per address, as sign-in attempts are. */
  clientIp?: string | null;
};

export type Tx = Prisma.TransactionClient;
// Checkout transactions wait on row locks when many shoppers want one product.
