import { Form, Link } from "@remix-run/react";
import { StackedCell } from "~/components/ui/StackedCell";
import { countryName } from "~/domain/shipping/country-name";
import { formatRate } from "~/domain/tax/tax";

type RateView = { id: string; country: string; region: string | null; rateMilli: number; name: string | null };

/** The rates, a table from 768 px; on phones each rate stacks into labelled pairs. Edit and Delete per rate. */
export function TaxRatesTable({ rates, path }: { rates: RateView[]; path: string }) {
  if (!rates.length) return <p className="text-gray-600">No tax rates yet: no tax is charged anywhere.</p>;
  return (
    <table role="table" aria-label="Tax rates" className="block w-full rounded border border-gray-200 bg-white text-left text-sm md:table">
      <thead role="rowgroup" className="sr-only bg-gray-100 md:not-sr-only md:table-header-group">
        <tr role="row">
          {["Country", "Region", "Rate", "Name", "Actions"].map((column) => (
            <th key={column} role="columnheader" scope="col" className="px-3 py-2">
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody role="rowgroup" className="block md:table-row-group">
        {rates.map((rate) => {
          const where = rate.region ?? rate.country;
          return (
            <tr
              key={rate.id}
              role="row"
              aria-label={where}
              className="grid grid-cols-2 gap-x-4 gap-y-2 border-t border-gray-200 p-3 first:border-t-0 md:table-row md:p-0 md:first:border-t"
            >
              <StackedCell label="Country" className="break-words">
                {countryName(rate.country)} ({rate.country})
              </StackedCell>
              <StackedCell label="Region">{rate.region ?? "Whole country"}</StackedCell>
              <StackedCell label="Rate">{formatRate(rate.rateMilli)}</StackedCell>
              <StackedCell label="Name" className="break-words">
                {rate.name ?? "—"}
              </StackedCell>
              <StackedCell label="Actions" className="col-span-2">
                <div className="flex flex-wrap gap-2">
                  <Link to={`${path}/${rate.id}`} className="btn-secondary" aria-label={`Edit the rate of ${where}`}>
                    Edit
                  </Link>
                  <Form method="post">
                    <input type="hidden" name="id" value={rate.id} />
                    <button type="submit" name="intent" value="delete" className="btn-danger" aria-label={`Delete the rate of ${where}`}>
                      Delete
                    </button>
                  </Form>
                </div>
              </StackedCell>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
