// Shipments' carriers, inputs and the order's shipping state, shared by the
// admin's order page (its forms), the buyer's order page, the server
// (shipment.server.ts) and the /api/v1 contract: browser-safe, z from ~/utils/zod.
import { z } from "~/utils/zod";

/** The carriers the owner picks from, with the page that tracks a number (`{n}`); OTHER takes a URL typed by hand. */
export const CARRIERS = [
  { code: "USPS", name: "USPS", url: "https://tools.usps.com/go/TrackConfirmAction?tLabels={n}" },
  { code: "UPS", name: "UPS", url: "https://www.ups.com/track?tracknum={n}" },
  { code: "FEDEX", name: "FedEx", url: "https://www.fedex.com/fedextrack/?trknbr={n}" },
  { code: "DHL", name: "DHL", url: "https://www.dhl.com/en/express/tracking.html?AWB={n}" },
  { code: "ROYAL_MAIL", name: "Royal Mail", url: "https://www.royalmail.com/track-your-item#/tracking-results/{n}" },
  { code: "CANADA_POST", name: "Canada Post", url: "https://www.canadapost-postescanada.ca/track-reperage/en#/search?searchFor={n}" },
  { code: "AUSTRALIA_POST", name: "Australia Post", url: "https://auspost.com.au/mypost/track/#/details/{n}" },
  { code: "DPD", name: "DPD", url: "https://tracking.dpd.de/status/en_US/parcel/{n}" },
  { code: "OTHER", name: "Other", url: null },
] as const;

export type CarrierCode = (typeof CARRIERS)[number]["code"];

/** A carrier's name as people read it ("Royal Mail"); an unknown code as it is. */
export const carrierName = (code: string) => CARRIERS.find((carrier) => carrier.code === code)?.name ?? code;

/** The carrier by its code or its name, in any case ("fedex", "Royal Mail"); null when it is none of them. */
export function parseCarrier(input: unknown): CarrierCode | null {
  if (typeof input !== "string") return null;
  const wanted = input.trim().toLowerCase();
  return CARRIERS.find((carrier) => carrier.code.toLowerCase() === wanted || carrier.name.toLowerCase() === wanted)?.code ?? null;
}

/**
 * The tracking link: the URL given (OTHER's, or an override), else the
 * carrier's page for the number; null for OTHER without a URL.
 */
export function trackingUrlFor(carrier: CarrierCode, trackingNumber: string, trackingUrl?: string | null): string | null {
  if (trackingUrl) return trackingUrl;
  const template = CARRIERS.find((candidate) => candidate.code === carrier)?.url;
  return template ? template.replace("{n}", encodeURIComponent(trackingNumber)) : null;
}

export const TRACKING_NUMBER_MAX = 60;
const ID = /^[a-z0-9]{20,40}$/i;

const carrierField = z
  .string({ error: "Choose a carrier" })
  .transform((value, ctx) => {
    const code = parseCarrier(value);
    if (!code) ctx.addIssue({ code: "custom", message: `Choose a carrier: ${CARRIERS.map((c) => c.name).join(", ")}` });
    return code ?? z.NEVER;
  })
  .describe(`The carrier, by code or name: ${CARRIERS.map((c) => c.code).join(", ")} (OTHER: give \`trackingUrl\`)`);

const trackingNumberField = z
  .string({ error: "Enter the tracking number" })
  .trim()
  .min(1, "Enter the tracking number")
  .max(TRACKING_NUMBER_MAX, `The tracking number must be at most ${TRACKING_NUMBER_MAX} characters`)
  .regex(/^[A-Za-z0-9 ._/-]+$/, "A tracking number holds letters, digits, spaces, dots, dashes and slashes");

const trackingUrlField = z
  .string()
  .trim()
  .max(500, "The tracking URL must be at most 500 characters")
  .regex(/^https?:\/\/[^\s]+$/i, "The tracking URL must start with https:// or http://")
  .optional()
  .describe("The tracking page's address; without it, the carrier's page for the number (OTHER has none)");

const notifyField = z.boolean().default(true).describe("E-mail the buyer (default true)");

/** POST /api/v1/orders/{orderId}/shipments and the admin's Ship form. */
export const shipmentInputSchema = z.object({
  carrier: carrierField,
  trackingNumber: trackingNumberField,
  trackingUrl: trackingUrlField,
  notify: notifyField,
  lines: z
    .array(
      z.strictObject({
        lineId: z.string().regex(ID, "Malformed line id"),
        quantity: z.number().int().min(1, "Ship at least one unit").max(100_000),
      }),
    )
    .min(1, "Choose at least one item to ship")
    .max(100)
    .optional()
    .describe("The order's lines and how many units of each; omitted: every unit still to ship"),
});
export type ShipmentInput = z.output<typeof shipmentInputSchema>;

/** PUT /api/v1/shipments/{id} and the admin's tracking and delivered forms: only what is sent changes. */
export const shipmentUpdateSchema = z.object({
  carrier: carrierField.optional(),
  trackingNumber: trackingNumberField.optional(),
  trackingUrl: trackingUrlField,
  delivered: z.literal(true).optional().describe("Mark it delivered (once; a later true changes nothing)"),
  notify: z
    .boolean()
    .default(false)
    .describe("After a carrier or tracking change: e-mail the buyer the corrected tracking (default false)"),
});
export type ShipmentUpdate = z.output<typeof shipmentUpdateSchema>;

/** The Ship form's field holding a line's quantity. */
export const shipQuantityField = (lineId: string) => `ship-${lineId}`;

/** The admin's Ship form as a shipment's input: the lines with a quantity above 0 (none: the schema says to choose). */
export function shipmentInputFromForm(form: FormData | URLSearchParams) {
  const lines: { lineId: string; quantity: number }[] = [];
  for (const [name, value] of form.entries()) {
    if (!name.startsWith("ship-") || typeof value !== "string" || value.trim() === "") continue;
    const quantity = Number(value);
    if (quantity !== 0) lines.push({ lineId: name.slice("ship-".length), quantity });
  }
  return { ...trackingFromForm(form), lines };
}

/** The admin's tracking correction form as an update. */
export const shipmentUpdateFromForm = (form: FormData) => trackingFromForm(form);

/** The carrier, tracking and notify fields both shipment forms share. */
function trackingFromForm(form: FormData | URLSearchParams) {
  const url = String(form.get("trackingUrl") ?? "").trim();
  return {
    carrier: form.get("carrier") ?? undefined,
    trackingNumber: form.get("trackingNumber") ?? undefined,
    ...(url ? { trackingUrl: url } : {}),
    notify: form.get("notify") === "on" || form.get("notify") === "1",
  };
}

/**
 * Where an order stands with its parcels. The order's status keeps the spec's
 * values for the old clients and the API: NONE and PARTLY_SHIPPED leave it as
 * the owner set it (Processing at least once something left), SHIPPED is
 * Shipped, DELIVERED Delivered (shipment.server.ts writes them).
 */
export type ShippingState = "NONE" | "PARTLY_SHIPPED" | "SHIPPED" | "DELIVERED";

export const SHIPPING_STATE_LABELS: Record<ShippingState, string> = {
  NONE: "Not shipped",
  PARTLY_SHIPPED: "Partly shipped",
  SHIPPED: "Shipped",
  DELIVERED: "Delivered",
};

/**
 * An order's shipping state from its lines: what each still has to ship
 * (bought, less refunded, less shipped) and its shipments.
 */
export function shippingState(
  lines: { quantity: number; refunded: number; shipped: number }[],
  shipments: { deliveredAt: Date | string | null }[],
): ShippingState {
  if (shipments.length === 0) return "NONE";
  const left = lines.reduce((sum, line) => sum + Math.max(0, line.quantity - line.refunded - line.shipped), 0);
  if (left > 0) return "PARTLY_SHIPPED";
  return shipments.every((shipment) => shipment.deliveredAt) ? "DELIVERED" : "SHIPPED";
}
