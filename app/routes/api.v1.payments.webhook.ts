import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { fulfilFromEvent } from "~/models/checkout.server";
import { apiRoute, readBodyBytes, type ApiMethods } from "~/utils/api.server";
import { apiError } from "~/utils/http.server";
import { verifyWebhook, type Stripe } from "~/utils/stripe.server";

// Stripe's events are small; anything bigger is not from Stripe.
const MAX_WEBHOOK_BYTES = 256 * 1024;

const methods: ApiMethods = {
  // POST from Stripe (or the local stand-in). The signature is checked on the
  // raw bytes, exactly as sent; then the event is applied idempotently.
  // 200 {received: true} for every verified event (unknown types are ignored),
  // 400 for a missing or wrong signature, 500 (Stripe retries) if the database fails.
  POST: async ({ request }) => {
    const signature = request.headers.get("Stripe-Signature");
    const raw = await readBodyBytes(request, MAX_WEBHOOK_BYTES);
    if (!signature) return apiError(400, "Missing Stripe-Signature header");
    let event: Stripe.Event;
    try {
      event = verifyWebhook(raw, signature);
    } catch {
      return apiError(400, "Invalid webhook signature");
    }
    const result = await fulfilFromEvent(event);
    if (result.outcome === "ignored") console.info(`Stripe event ${event.id} (${event.type}) ignored: ${result.reason}`);
    return json({ received: true });
  },
};

export const loader = (args: LoaderFunctionArgs) => apiRoute(args, methods);
export const action = loader;
