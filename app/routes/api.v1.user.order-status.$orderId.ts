import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { z } from "zod";
import { toApiOrder } from "~/models/api-shapes.server";
import { ORDER_STATUSES, parseOrderStatus } from "~/models/order";
import { updateOrderStatus } from "~/models/order.server";
import { apiHandler, methodNotAllowed, readJson, requireValidId } from "~/utils/api.server";
import { requireApiAdmin } from "~/utils/auth.server";
import { apiError } from "~/utils/http.server";

const statusSchema = z.object({ status: z.unknown() });

// PUT {status: "Shipped"} → the updated order (admin). Only the seven statuses are accepted.
export const action = ({ request, params }: ActionFunctionArgs) =>
  apiHandler(async () => {
    if (request.method !== "PUT") return methodNotAllowed(["PUT"]);
    await requireApiAdmin(request);
    const orderId = requireValidId(params.orderId, "order id");
    const status = parseOrderStatus((await readJson(request, statusSchema)).status);
    if (!status) {
      return apiError(400, `status must be one of: ${ORDER_STATUSES.map((s) => s.label).join(", ")}`, { errors: { status: "Unknown status" } });
    }
    const order = await updateOrderStatus(orderId, status);
    if (!order) return apiError(404, "Order not found");
    return json(toApiOrder(order));
  }, request);

export const loader = () => methodNotAllowed(["PUT"]);
