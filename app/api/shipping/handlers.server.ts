// The shipping zones' handlers (app/api/shipping/operations.ts); the bodies as sent: the domain parses dollars itself.
import { json } from "@remix-run/node";
import { createZone, deleteZone, listZones, updateZone } from "~/domain/shipping/zones.server";
import { apiError } from "~/http/http.server";
import { writeAnswer } from "../answers.server";
import type { AreaHandlers } from "../handler";
import { toApiShippingZone } from "../spec-shapes.server";
import type { shippingOperations } from "./operations";

export const shippingHandlers: AreaHandlers<typeof shippingOperations> = {
  listShippingZones: async () => json({ success: true, zones: (await listZones()).map(toApiShippingZone) }),

  createShippingZone: async ({ body }) => writeAnswer(await createZone(body), ({ zone }) => ({ zone: toApiShippingZone(zone) }), 201),

  updateShippingZone: async ({ params, body }) =>
    writeAnswer(await updateZone(params.id, body), ({ zone }) => ({ zone: toApiShippingZone(zone) })),

  deleteShippingZone: async ({ params }) => {
    const result = await deleteZone(params.id);
    if (!result.ok) return apiError(result.status, result.message);
    return json({ success: true, message: "Shipping zone deleted" });
  },
};
