import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { z } from "zod";
import { toApiOrder } from "~/models/api-shapes.server";
import { ORDER_STATUSES, parseOrderStatus } from "~/models/order";
import { updateOrderStatus } from "~/models/order.server";
import { apiRoute, readJson, requireValidId, type ApiMethods } from "~/utils/api.server";
import { requireApiAdmin } from "~/utils/auth.server";
import { apiError } from "~/utils/http.server";

const statusSchema = z.object({ status: z.unknown() });

const methods: ApiMethods = {
  // PUT {status: "Shipped"} → the updated order (admin). Only the seven statuses are accepted
  // (and the old client's spellings of two of them; see parseOrderStatus).
  PUT: async ({ request, params }) => {
    await requireApiAdmin(request);
    const orderId = requireValidId(params.orderId, "order id");
    const status = parseOrderStatus((await readJson(request, statusSchema)).status);
    if (!status) {
      return apiError(400, `status must be one of: ${ORDER_STATUSES.map((s) => s.label).join(", ")}`, { errors: { status: "Unknown status" } });
    }
    const order = await updateOrderStatus(orderId, status);
    if (!order) return apiError(404, "Order not found");
    return json(toApiOrder(order));
  },
};

export const loader = (args: LoaderFunctionArgs) => apiRoute(args, methods);
export const action = loader;
