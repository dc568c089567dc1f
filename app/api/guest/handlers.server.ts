// The guest checkout area's handlers (app/api/guest/operations.ts), one domain call each.
import { json } from "@remix-run/node";
import { checkoutSettings, updateCheckoutSettings } from "~/domain/checkout/settings.server";
import { sendClaimLink, sendOrderLink } from "~/domain/orders/guest-orders.server";
import { clientIp } from "~/http/client.server";
import { apiError, publicOrigin } from "~/http/http.server";
import type { AreaHandlers } from "../handler";
import type { guestOperations } from "./operations";

const limited = (message: string) => apiError(429, message, {}, { headers: { "Retry-After": "900" } });

export const guestHandlers: AreaHandlers<typeof guestOperations> = {
  checkoutSettings: async () => json(await checkoutSettings(), { headers: { "Cache-Control": "no-store" } }),

  updateCheckoutSettings: async ({ body }) => {
    const saved = await updateCheckoutSettings(body);
    if (!saved.ok) return apiError(saved.status, saved.message, { errors: saved.errors });
    return json(saved.settings);
  },

  orderLookup: async ({ request, context, body }) => {
    const sent = await sendOrderLink(body, { ip: clientIp(request, context), origin: publicOrigin(request, context) });
    if (!sent.ok) return limited(sent.message);
    return json({ success: true, message: sent.message }, { status: 202 });
  },

  claimOrders: async ({ request, context, user }) => {
    const sent = await sendClaimLink(user, publicOrigin(request, context));
    if (!sent.ok) return limited(sent.message);
    return json({ success: true, message: sent.message }, { status: 202 });
  },
};
