import { Link } from "@remix-run/react";
import { ConfirmDelete } from "~/components/ui/ConfirmDelete";
import { countryName } from "~/domain/shipping/country-name";
import { formatPrice } from "~/utils/money";

type ZoneView = {
  id: string;
  name: string;
  countries: string[];
  regions: string[];
  methods: { id: string; name: string; priceCents: number; freeFromCents: number | null; estimate: string | null }[];
};

/** What deleting a zone does (the dialog's and the confirmation page's words). */
export const deleteWarning = (name: string) =>
  `“${name}” and its methods will be gone. Its countries are then delivered to only if another zone has them (with no zone left, delivery is free everywhere). Orders already placed keep their delivery.`;

/** The shop's zones, each with its countries (by name), regions, methods, and Edit and Delete. */
export function ShippingZoneList({ zones, path }: { zones: ZoneView[]; path: string }) {
  if (!zones.length) {
    return <p className="text-gray-600">No shipping zones yet: delivery costs nothing, wherever it goes.</p>;
  }
  return (
    <ul className="grid gap-3 lg:grid-cols-2" aria-label="Shipping zones">
      {zones.map((zone) => (
        <li key={zone.id} className="min-w-0 rounded border border-gray-200 bg-white p-4 text-sm" aria-label={zone.name}>
          <h3 className="break-words text-base font-semibold">{zone.name}</h3>
          <p className="mt-1 break-words" data-testid="zone-countries">
            {zone.countries.map((code) => `${countryName(code)} (${code})`).join(", ")}
          </p>
          {zone.regions.length ? (
            <p className="break-words text-gray-700" data-testid="zone-regions">
              Only: {zone.regions.join(", ")}
            </p>
          ) : null}
          <ul className="mt-2 list-disc space-y-1 pl-5" aria-label={`Methods of ${zone.name}`}>
            {zone.methods.map((method) => (
              <li key={method.id} className="break-words">
                <span className="font-medium">{method.name}</span>: {formatPrice(method.priceCents)}
                {method.freeFromCents !== null ? `, free from ${formatPrice(method.freeFromCents)}` : ""}
                {method.estimate ? ` · ${method.estimate}` : ""}
              </li>
            ))}
          </ul>
          <div className="mt-3 flex flex-wrap gap-2">
            <Link to={`${path}/${zone.id}`} className="btn-secondary" aria-label={`Edit zone ${zone.name}`}>
              Edit
            </Link>
            <ConfirmDelete
              label={`Delete zone ${zone.name}`}
              title="Delete shipping zone?"
              description={deleteWarning(zone.name)}
              confirmText="Yes, delete this zone"
              action={path}
              fields={{ intent: "delete", id: zone.id }}
              confirmPage={`${path}/${zone.id}/delete`}
            />
          </div>
        </li>
      ))}
    </ul>
  );
}
