// Shipments (admin): an order's parcels with their carrier and tracking, and
// corrections to them (app/domain/shipments/).
import { shipmentInputSchema, shipmentUpdateSchema } from "~/domain/shipments/shipment";
import { z } from "~/utils/zod";
import { Access, errorResponse as error, operation, reply } from "../operation";
import { done, idParam, SHIPMENT } from "../common";
import { apiShipmentSchema } from "../shapes";

const shipmentReply = done().extend({
  shipment: apiShipmentSchema,
  orderStatus: z.string().describe("The order's status after it, with the spec's values (Processing while partly shipped)"),
});

export const listShipments = operation({
  id: "listShipments",
  method: "GET",
  path: "/api/v1/orders/{orderId}/shipments",
  role: Access.Admin,
  tag: SHIPMENT,
  summary: "An order's shipments, oldest first (admin)",
  params: z.object({ orderId: idParam("order id") }),
  responses: {
    200: reply("The shipments", done().extend({ shipments: z.array(apiShipmentSchema) })),
    404: error("No such order"),
  },
});

export const createShipment = operation({
  id: "createShipment",
  method: "POST",
  path: "/api/v1/orders/{orderId}/shipments",
  role: Access.Admin,
  tag: SHIPMENT,
  summary: "Ship units of a paid order, some or all that are left, with a carrier and tracking number (admin)",
  description:
    "Never more units of a line than were bought less refunded less shipped, also for two callers at once (the order is locked). `notify` (default true) queues the buyer's \"shipped\" e-mail with the parcel's lines and tracking link. The order's status follows: Processing while partly shipped, Shipped once every unit is out.",
  params: z.object({ orderId: idParam("order id") }),
  body: { type: "json", schema: shipmentInputSchema },
  responses: {
    201: reply("Shipped", shipmentReply),
    400: error("A line that is not the order's"),
    404: error("No such order"),
    409: error("More units than are left to ship, nothing left, or the order is not paid or cancelled; nothing changed"),
  },
});

export const updateShipment = operation({
  id: "updateShipment",
  method: "PUT",
  path: "/api/v1/shipments/{id}",
  role: Access.Admin,
  tag: SHIPMENT,
  summary: "Correct a shipment's carrier or tracking, or mark it delivered (admin)",
  description:
    "Only the fields sent change. A corrected carrier or tracking number e-mails the buyer only with `notify: true`. `delivered: true` marks it delivered once; when every unit is out and every parcel delivered, the order becomes Delivered (and the buyer is told).",
  params: z.object({ id: idParam("shipment id") }),
  body: { type: "json", schema: shipmentUpdateSchema },
  responses: { 200: reply("Updated", shipmentReply), 404: error("No such shipment") },
});

/** The shipments area's operations, in the order the document lists them. */
export const shipmentsOperations = { listShipments, createShipment, updateShipment } as const;
