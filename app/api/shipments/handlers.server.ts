// The shipments' handlers (app/api/shipments/operations.ts), one domain call each.
import { json } from "@remix-run/node";
import { orderStatusLabel } from "~/domain/orders/order";
import { listShipments, shipOrder, updateShipment } from "~/domain/shipments/shipment.server";
import { apiError } from "~/http/http.server";
import type { AreaHandlers } from "../handler";
import { toApiShipment } from "../spec-shapes.server";
import type { shipmentsOperations } from "./operations";

export const shipmentsHandlers: AreaHandlers<typeof shipmentsOperations> = {
  listShipments: async ({ params }) => {
    const shipments = await listShipments(params.orderId);
    if (!shipments) return apiError(404, "Order not found");
    return json(
      { success: true, message: "Shipments", shipments: shipments.map(toApiShipment) },
      { headers: { "Cache-Control": "no-store" } },
    );
  },

  createShipment: async ({ params, body }) => {
    const outcome = await shipOrder(params.orderId, body);
    if (!outcome.ok) return apiError(outcome.status, outcome.message, { errors: outcome.errors });
    const shipment = toApiShipment(outcome.shipment);
    return json({ success: true, message: outcome.message, shipment, orderStatus: orderStatusLabel(outcome.orderStatus) }, { status: 201 });
  },

  updateShipment: async ({ params, body }) => {
    const outcome = await updateShipment(params.id, body);
    if (!outcome.ok) return apiError(outcome.status, outcome.message, { errors: outcome.errors });
    const shipment = toApiShipment(outcome.shipment);
    return json({ success: true, message: outcome.message, shipment, orderStatus: orderStatusLabel(outcome.orderStatus) });
  },
};
