import { Form, useNavigation } from "@remix-run/react";
import { CARRIERS, shipQuantityField, TRACKING_NUMBER_MAX } from "~/domain/shipments/shipment";
import type { ShipmentView } from "./ShipmentList";

type ShippingLine = { id: string; name: string; quantity: number; shipped: number; refunded: number; left: number };

function CarrierSelect({ id, defaultValue }: { id: string; defaultValue?: string }) {
  return (
    <select id={id} name="carrier" className="input mt-1 w-48 py-1" defaultValue={defaultValue ?? "UPS"} required>
      {CARRIERS.map((carrier) => (
        <option key={carrier.code} value={carrier.code}>
          {carrier.name}
        </option>
      ))}
    </select>
  );
}

/**
 * The admin's Ship form: how many units of each line go in this parcel (every
 * unit left by default), the carrier, the tracking number (and a URL for
 * Other) and whether to e-mail the buyer. A plain post: it works without JavaScript.
 */
export function ShipmentPanel({ number, shipping }: { number: number; shipping: { canShip: boolean; lines: ShippingLine[] } }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "ship";
  const left = shipping.lines.reduce((sum, line) => sum + line.left, 0);
  if (!shipping.canShip || left === 0) return null;
  return (
    <section aria-labelledby="ship-heading" className="rounded border border-gray-200 bg-white">
      <h2 id="ship-heading" className="border-b border-gray-100 px-4 py-3 font-semibold">
        Ship items
      </h2>
      {/* Keyed by what is left: once a parcel is recorded, the fields start afresh (with JavaScript too). */}
      <Form
        key={shipping.lines.map((line) => line.left).join("-")}
        method="post"
        preventScrollReset
        className="space-y-4 px-4 py-3 text-sm"
        aria-label={`Ship items of order #${number}`}
      >
        <input type="hidden" name="intent" value="ship" />
        <fieldset className="space-y-2">
          <legend className="font-medium">Units in this parcel</legend>
          <ul className="space-y-2">
            {shipping.lines.map((line) => (
              <li key={line.id} className="flex flex-wrap items-center gap-2">
                <label htmlFor={`ship-${line.id}`} className="min-w-0 break-words">
                  {line.name} ({line.left} of {line.quantity} left to ship
                  {line.refunded ? `, ${line.refunded} refunded` : ""})
                </label>
                <input
                  id={`ship-${line.id}`}
                  name={shipQuantityField(line.id)}
                  type="number"
                  min={0}
                  max={line.left}
                  defaultValue={line.left}
                  disabled={line.left === 0}
                  className="input w-20 py-1"
                />
              </li>
            ))}
          </ul>
        </fieldset>
        <div className="flex flex-wrap gap-4">
          <div>
            <label htmlFor="ship-carrier" className="font-medium">
              Carrier
            </label>
            <CarrierSelect id="ship-carrier" />
          </div>
          <div>
            <label htmlFor="ship-tracking" className="font-medium">
              Tracking number
            </label>
            <input id="ship-tracking" name="trackingNumber" required maxLength={TRACKING_NUMBER_MAX} className="input mt-1" />
          </div>
          <div>
            <label htmlFor="ship-url" className="font-medium">
              Tracking URL (for Other)
            </label>
            <input id="ship-url" name="trackingUrl" type="url" className="input mt-1" placeholder="https://" />
          </div>
        </div>
        <label className="flex items-center gap-2">
          <input type="checkbox" name="notify" defaultChecked />
          E-mail the customer
        </label>
        <button type="submit" className="btn-primary" disabled={busy}>
          Ship
        </button>
      </Form>
    </section>
  );
}

/** The admin's forms on one parcel: mark it delivered, correct its tracking (e-mailing the buyer only when ticked). */
export function ShipmentControls({ shipment, index }: { shipment: ShipmentView; index: number }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("shipmentId") === shipment.id;
  return (
    <div className="flex flex-wrap items-start gap-4">
      {shipment.deliveredAt ? null : (
        <Form method="post" preventScrollReset>
          <input type="hidden" name="intent" value="deliver" />
          <input type="hidden" name="shipmentId" value={shipment.id} />
          <button type="submit" className="btn-secondary py-1" disabled={busy} aria-label={`Mark shipment ${index + 1} delivered`}>
            Mark delivered
          </button>
        </Form>
      )}
      <details>
        <summary className="cursor-pointer underline">Edit tracking of shipment {index + 1}</summary>
        <Form
          key={`${shipment.carrier}:${shipment.trackingNumber}`}
          method="post"
          preventScrollReset
          className="mt-2 space-y-2"
          aria-label={`Tracking of shipment ${index + 1}`}
        >
          <input type="hidden" name="intent" value="tracking" />
          <input type="hidden" name="shipmentId" value={shipment.id} />
          <div>
            <label htmlFor={`carrier-${shipment.id}`}>Carrier</label>
            <CarrierSelect id={`carrier-${shipment.id}`} defaultValue={shipment.carrier} />
          </div>
          <div>
            <label htmlFor={`tracking-${shipment.id}`}>Tracking number</label>
            <input
              id={`tracking-${shipment.id}`}
              name="trackingNumber"
              required
              maxLength={TRACKING_NUMBER_MAX}
              defaultValue={shipment.trackingNumber}
              className="input mt-1"
            />
          </div>
          <div>
            <label htmlFor={`url-${shipment.id}`}>Tracking URL (for Other)</label>
            <input
              id={`url-${shipment.id}`}
              name="trackingUrl"
              type="url"
              defaultValue={shipment.carrier === "OTHER" ? (shipment.trackingUrl ?? "") : ""}
              className="input mt-1"
            />
          </div>
          <label className="flex items-center gap-2">
            <input type="checkbox" name="notify" />
            E-mail the customer the correction
          </label>
          <button type="submit" className="btn-secondary py-1" disabled={busy}>
            Save tracking
          </button>
        </Form>
      </details>
    </div>
  );
}
