// Shipping zones and their delivery methods (admin).
import { MAX_METHODS, zoneInputSchema } from "~/domain/shipping/zones.schema";
import { z } from "~/utils/zod";
import { Access, errorResponse as error, operation, reply } from "../operation";
import { done, idParam, SHIPPING } from "../common";
import { apiShippingZoneSchema, succeeded } from "../shapes";

const zoneBodyDescription = `\`countries\`: ISO 3166-1 alpha-2 codes (["US"]; "EU" or "ZZ" are refused); \`regions\` (optional): ISO 3166-2 regions of them ("US-NY"), and then the zone covers only those regions of their country. A region's zone wins over its country's; two zones claiming the same region, or the same whole country, are refused (409, naming the other zone). \`methods\`: 1-${MAX_METHODS}, in the order buyers see them, each \`{ _id?, name, price, freeFrom?, estimate? }\` with \`price\` and \`freeFrom\` in dollars (free once the goods after discount come to \`freeFrom\`). A 400 names the field.`;
const zoneReply = succeeded({ zone: apiShippingZoneSchema });

export const listShippingZones = operation({
  id: "listShippingZones",
  method: "GET",
  path: "/api/v1/shipping/zones",
  role: Access.Admin,
  tag: SHIPPING,
  summary: "Every shipping zone with its methods, by name (admin)",
  description:
    "With no zone the shop charges nothing for delivery and delivers anywhere; with zones, an address in none of them is not delivered to (422 at checkout).",
  responses: { 200: reply("Shipping zones", succeeded({ zones: z.array(apiShippingZoneSchema) })) },
});

export const createShippingZone = operation({
  id: "createShippingZone",
  method: "POST",
  path: "/api/v1/shipping/zones",
  role: Access.Admin,
  tag: SHIPPING,
  summary: "Create a shipping zone with its methods (admin)",
  description: zoneBodyDescription,
  body: { type: "json", schema: zoneInputSchema, asSent: true },
  responses: { 201: reply("Created", zoneReply), 409: error("Another zone already claims one of its regions or whole countries") },
});

export const updateShippingZone = operation({
  id: "updateShippingZone",
  method: "PUT",
  path: "/api/v1/shipping/zones/{id}",
  role: Access.Admin,
  tag: SHIPPING,
  summary: "Replace a shipping zone's name, countries, regions and methods (admin); placed orders keep their method's name and price",
  description: `${zoneBodyDescription} Each method is changed in place and keeps its \`_id\` (the one its \`_id\` names, else the one of the same name); a method left out is deleted, a new one gets a new \`_id\`.`,
  params: z.object({ id: idParam("shipping zone id") }),
  body: { type: "json", schema: zoneInputSchema, asSent: true },
  responses: {
    200: reply("Updated", zoneReply),
    404: error("No such shipping zone"),
    409: error("Another zone already claims one of its regions or whole countries"),
  },
});

export const deleteShippingZone = operation({
  id: "deleteShippingZone",
  method: "DELETE",
  path: "/api/v1/shipping/zones/{id}",
  role: Access.Admin,
  tag: SHIPPING,
  summary: "Delete a shipping zone and its methods (admin); placed orders keep theirs",
  params: z.object({ id: idParam("shipping zone id") }),
  responses: { 200: reply("Deleted", done()), 404: error("No such shipping zone") },
});

/** The shipping area's operations, in the order the document lists them. */
export const shippingOperations = { listShippingZones, createShippingZone, updateShippingZone, deleteShippingZone } as const;
