// The checkout area's handlers (app/api/checkout/operations.ts), one domain call each.
import { json } from "@remix-run/node";
import { MAX_CART_LINES } from "~/domain/cart/cart.server";
import { quoteCheckout } from "~/domain/checkout/quote.server";
import { apiBuyer, linesFromPaymentsRequest } from "~/api/checkout/payments-request.server";
import { clientIp } from "~/http/client.server";
import { fulfilFromEvent } from "~/domain/checkout/settle.server";
import { startCheckout } from "~/domain/checkout/start.server";
import { verifyWebhook, type Stripe } from "~/domain/payments/stripe.server";
import { apiError, publicOrigin } from "~/http/http.server";
import type { AreaHandlers } from "../handler";
import { toApiQuote } from "../spec-shapes.server";
import type { checkoutOperations } from "./operations";

export const checkoutHandlers: AreaHandlers<typeof checkoutOperations> = {
  // Prices come from the database; an order needs a buyer, so the role is "user".
  payments: async ({ request, context, user, body }) => {
    const who = await apiBuyer(user, body);
    if (!who.ok) return apiError(who.status, who.message, who.errors ? { errors: who.errors } : {});
    const result = await startCheckout(who.buyer, linesFromPaymentsRequest(body), publicOrigin(request, context), {
      shortage: "refuse",
      marketingOptIn: body.marketingOptIn,
      clientIp: clientIp(request, context),
      discountCode: body.discountCode,
      shipTo: body.shipTo,
      shippingMethodId: body.shippingMethodId,
    });
    if (!result.ok) return apiError(result.status, result.message);
    return json({ success: true, message: "Checkout session created", id: result.sessionId, url: result.url, orderId: result.orderId });
  },

  // What payments would charge for the same body (the same quote starts it); nothing is reserved.
  checkoutQuote: async ({ user, body }) => {
    const who = await apiBuyer(user, body);
    if (!who.ok) return apiError(who.status, who.message, who.errors ? { errors: who.errors } : {});
    const lines = linesFromPaymentsRequest(body);
    if (lines.length > MAX_CART_LINES) return apiError(400, `At most ${MAX_CART_LINES} different products per order`);
    const result = await quoteCheckout(who.buyer, lines, {
      shortage: "refuse",
      discountCode: body.discountCode,
      shipTo: body.shipTo,
      shippingMethodId: body.shippingMethodId,
    });
    if (!result.ok) return apiError(result.status, result.message);
    return json(toApiQuote(result.quote), { headers: { "Cache-Control": "private, no-store" } });
  },

  // The signature is checked on the raw bytes, exactly as sent; then the event
  // is applied idempotently. 200 for every verified event (unknown types are
  // ignored), 400 for a missing or wrong signature, 500 (Stripe retries) if the database fails.
  stripeWebhook: async ({ request, body }) => {
    const signature = request.headers.get("Stripe-Signature");
    if (!signature) return apiError(400, "Missing Stripe-Signature header");
    let event: Stripe.Event;
    try {
      event = verifyWebhook(body, signature);
    } catch {
      return apiError(400, "Invalid webhook signature");
    }
    const result = await fulfilFromEvent(event);
    if (result.outcome === "ignored") console.info(`Stripe event ${event.id} (${event.type}) ignored: ${result.reason}`);
    return json({ received: true });
  },
};
