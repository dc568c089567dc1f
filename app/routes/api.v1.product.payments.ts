import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { linesFromPaymentsRequest, paymentsRequestSchema, startCheckout } from "~/models/checkout.server";
import { apiRoute, readJson, type ApiMethods } from "~/utils/api.server";
import { requireApiUser } from "~/utils/auth.server";
import { apiError, publicOrigin } from "~/utils/http.server";

const methods: ApiMethods = {
  // POST {products: [{_id, quantity?}]} → an order and a Stripe Checkout Session
  // for it: {success, message, id, url, orderId}. Prices come from the database;
  // any price the client sends is ignored. An order needs a buyer, so a token is required.
  POST: async ({ request }) => {
    const user = await requireApiUser(request);
    const body = await readJson(request, paymentsRequestSchema);
    const result = await startCheckout(user, linesFromPaymentsRequest(body), publicOrigin(request), { shortage: "refuse" });
    if (!result.ok) return apiError(result.status, result.message);
    return json({ success: true, message: "Checkout session created", id: result.sessionId, url: result.url, orderId: result.orderId });
  },
};

export const loader = (args: LoaderFunctionArgs) => apiRoute(args, methods);
export const action = loader;
