// The admin order page's shipment forms (Ship, Save tracking, Mark delivered),
// each a post with an `intent`: the fields read into the same inputs the API
// takes (shipment.ts), then one call of shipment.server.ts. Plain data in, an
// outcome with the words for the page's toast out.
import { parseInput } from "~/utils/validation";
import { shipmentInputFromForm, shipmentInputSchema, shipmentUpdateFromForm, shipmentUpdateSchema } from "./shipment";
import { shipOrder, updateShipment } from "./shipment.server";

export const SHIPMENT_INTENTS = ["ship", "tracking", "deliver"] as const;
export type ShipmentIntent = (typeof SHIPMENT_INTENTS)[number];

export const isShipmentIntent = (intent: unknown): intent is ShipmentIntent =>
  typeof intent === "string" && (SHIPMENT_INTENTS as readonly string[]).includes(intent);

/** A toast says one thing: the first field's message. */
const firstError = (errors: Record<string, string>, fallback: string) => Object.values(errors)[0] ?? fallback;

export async function submitShipmentForm(
  orderId: string,
  intent: ShipmentIntent,
  form: FormData,
): Promise<{ ok: boolean; message: string }> {
  if (intent === "ship") {
    const parsed = parseInput(shipmentInputSchema, shipmentInputFromForm(form));
    if (!parsed.success) return { ok: false, message: firstError(parsed.errors, parsed.message) };
    return shipOrder(orderId, parsed.data);
  }
  const shipmentId = String(form.get("shipmentId") ?? "");
  if (intent === "deliver") return updateShipment(shipmentId, { delivered: true, notify: false }, { orderId });
  const parsed = parseInput(shipmentUpdateSchema, shipmentUpdateFromForm(form));
  if (!parsed.success) return { ok: false, message: firstError(parsed.errors, parsed.message) };
  return updateShipment(shipmentId, parsed.data, { orderId });
}
