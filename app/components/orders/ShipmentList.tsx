import { lineTitle } from "~/domain/catalog/variants/variants";
import { carrierName } from "~/domain/shipments/shipment";
import { RelativeTime } from "~/components/ui/RelativeTime";

export type ShipmentView = {
  id: string;
  carrier: string;
  trackingNumber: string;
  trackingUrl: string | null;
  shippedAt: string;
  deliveredAt: string | null;
  lines: { id: string; orderLineId: string; quantity: number; orderLine: { name: string; variantTitle?: string | null } }[];
};

/**
 * An order's parcels, for its buyer and the admin: each with its lines, its
 * carrier and tracking link, shipped and delivered. `controls` adds the
 * admin's forms to each (mark delivered, correct the tracking).
 */
export function ShipmentList({
  shipments,
  controls,
}: {
  shipments: ShipmentView[];
  controls?: (shipment: ShipmentView) => React.ReactNode;
}) {
  if (!shipments.length) return null;
  return (
    <section aria-labelledby="shipments-heading" className="rounded border border-gray-200 bg-white">
      <h2 id="shipments-heading" className="border-b border-gray-100 px-4 py-3 font-semibold">
        Shipments
      </h2>
      <ol className="divide-y divide-gray-100">
        {shipments.map((shipment, index) => (
          <li key={shipment.id} className="space-y-2 px-4 py-3 text-sm" aria-label={`Shipment ${index + 1}`}>
            <p className="flex flex-wrap justify-between gap-2">
              <span className="font-medium">
                {carrierName(shipment.carrier)}:{" "}
                {shipment.trackingUrl ? (
                  <a href={shipment.trackingUrl} className="underline" target="_blank" rel="noreferrer noopener">
                    Track {shipment.trackingNumber}
                  </a>
                ) : (
                  shipment.trackingNumber
                )}
              </span>
              <span className="text-gray-600">
                {shipment.deliveredAt ? (
                  <>
                    Delivered <RelativeTime at={shipment.deliveredAt} />
                  </>
                ) : (
                  <>
                    Shipped <RelativeTime at={shipment.shippedAt} />
                  </>
                )}
              </span>
            </p>
            <ul className="list-disc pl-5">
              {shipment.lines.map((line) => (
                <li key={line.id}>
                  {line.quantity} × {lineTitle(line.orderLine.name, line.orderLine.variantTitle)}
                </li>
              ))}
            </ul>
            {controls?.(shipment)}
          </li>
        ))}
      </ol>
    </section>
  );
}
