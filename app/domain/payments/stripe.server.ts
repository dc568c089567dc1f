// The Stripe client. With real keys it talks to api.stripe.com; when
// STRIPE_API_BASE is set (server/index.ts and the tests do, for the local
// stand-in in dev/stripe-fake.js) the same SDK calls go there instead.
// Created on first use, so tests can point the environment at a stand-in first.
import Stripe from "stripe";
import { env } from "~/utils/env.server";

let client: Stripe | undefined;

export function stripe(): Stripe {
  if (client) return client;
  const { STRIPE_SECRET_KEY, STRIPE_API_BASE } = env();
  const base = STRIPE_API_BASE ? new URL(STRIPE_API_BASE) : null;
  client = new Stripe(STRIPE_SECRET_KEY, {
    // Never let a slow Stripe hold a shopper's request for the SDK's default 80 s.
    timeout: 10_000,
    maxNetworkRetries: 1,
    telemetry: false,
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === "https:" ? 443 : 80),
          protocol: base.protocol === "https:" ? "https" : "http",
        }
      : {}),
  });
  return client;
}

/**
 * Verifies a webhook's signature on the raw body; throws when it does not
 * match, and always when no webhook secret is configured (then no event can
 * be trusted).
 */
export function verifyWebhook(rawBody: Uint8Array, signature: string): Stripe.Event {
  const secret = env().STRIPE_WEBHOOK_SECRET;
  if (!secret) throw new Error("STRIPE_WEBHOOK_SECRET is not set: webhooks are refused");
  return stripe().webhooks.constructEvent(Buffer.from(rawBody), signature, secret);
}

export type { Stripe };
