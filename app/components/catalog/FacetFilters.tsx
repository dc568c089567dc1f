import { Form, Link, useNavigation, useSubmit } from "@remix-run/react";
import type { FacetValue, Facets } from "~/domain/catalog/facets";
import { useHydrated } from "~/utils/hooks/use-hydrated";

/**
 * The facets of a search or category page, laid out as the home page's
 * filters: a GET form, so every choice is a URL. Without JavaScript the
 * shopper ticks boxes and presses "Apply filters" (named apart from the sort's
 * own Apply beside the results); with it every change applies at once
 * (the same form submitted by Remix, no code of its own). Each value says how
 * many products choosing it would show; values that would show none are not
 * offered. On phones the form folds under a <details> disclosure (CSS:
 * .filters-toggle ~ .filters-panel), so the first results show on the first
 * screen. Re-mounted per URL (`stateKey`) so its boxes show what is applied.
 */
export function FacetFilters({
  facets,
  action,
  hidden,
  stateKey,
  clearHref,
}: {
  facets: Facets;
  action: string;
  /** The page's other parameters (the keyword, the sort), kept by every choice. */
  hidden: Record<string, string>;
  stateKey: string;
  /** The page without any facet. */
  clearHref: string;
}) {
  const submit = useSubmit();
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const applying = navigation.state === "loading" && navigation.location.pathname === action;
  const active =
    (facets.categories?.filter((v) => v.selected).length ?? 0) +
    facets.prices.filter((v) => v.selected).length +
    facets.options.reduce((n, group) => n + group.values.filter((v) => v.selected).length, 0) +
    (facets.inStock.selected ? 1 : 0);
  const anyPrice = !facets.prices.some((v) => v.selected);

  return (
    <aside aria-label="Filters" className="min-w-0">
      <details className="filters-toggle group mb-4 rounded border border-gray-200 bg-white md:hidden">
        <summary className="flex cursor-pointer items-center justify-between px-4 py-3 font-semibold">
          <span>
            Filters
            {active > 0 ? <span className="ml-2 text-sm font-normal text-gray-600">({active} active)</span> : null}
          </span>
          <span aria-hidden="true" className="inline-block transition group-open:rotate-180">
            ▾
          </span>
        </summary>
      </details>
      <Form
        key={stateKey}
        method="get"
        action={action}
        preventScrollReset
        onChange={(event) => submit(event.currentTarget, { preventScrollReset: true })}
        className="filters-panel space-y-6"
        aria-busy={applying}
      >
        {Object.entries(hidden).map(([name, value]) => (value ? <input key={name} type="hidden" name={name} value={value} /> : null))}
        {facets.categories?.length ? (
          <FacetFieldset legend="Category">
            {facets.categories.map((value) => (
              <FacetCheckbox key={value.value} name="category" value={value} />
            ))}
          </FacetFieldset>
        ) : null}
        {facets.prices.length ? (
          <FacetFieldset legend="Price">
            <label className="flex items-center gap-2 text-sm">
              <input type="radio" name="price" value="" defaultChecked={anyPrice} className="h-4 w-4" />
              Any price
            </label>
            {facets.prices.map((value) => (
              <label key={value.value} className="flex items-center gap-2 text-sm">
                <input type="radio" name="price" value={value.value} defaultChecked={value.selected} className="h-4 w-4" />
                <FacetLabel value={value} />
              </label>
            ))}
          </FacetFieldset>
        ) : null}
        {facets.options.map((group) => (
          <FacetFieldset key={group.name} legend={group.name}>
            {group.values.map((value) => (
              <FacetCheckbox key={value.value} name={group.name} value={value} />
            ))}
          </FacetFieldset>
        ))}
        {facets.inStock.count > 0 || facets.inStock.selected ? (
          <FacetFieldset legend="Availability">
            <FacetCheckbox
              name="inStock"
              value={{ value: "1", label: "In stock only", count: facets.inStock.count, selected: facets.inStock.selected }}
            />
          </FacetFieldset>
        ) : null}
        <div className="flex flex-col gap-2">
          {hydrated ? null : (
            <button type="submit" className="btn-primary">
              Apply filters
            </button>
          )}
          {active > 0 ? (
            <Link to={clearHref} className="btn-secondary" preventScrollReset>
              Clear filters
            </Link>
          ) : null}
        </div>
      </Form>
    </aside>
  );
}

function FacetFieldset({ legend, children }: { legend: string; children: React.ReactNode }) {
  return (
    <fieldset className="min-w-0">
      <legend className="mb-2 break-words text-lg font-semibold">{legend}</legend>
      <div className="max-h-64 space-y-1 overflow-y-auto pr-2">{children}</div>
    </fieldset>
  );
}

function FacetCheckbox({ name, value }: { name: string; value: FacetValue }) {
  return (
    <label className="flex items-center gap-2 text-sm">
      <input type="checkbox" name={name} value={value.value} defaultChecked={value.selected} className="h-4 w-4 shrink-0" />
      <FacetLabel value={value} />
    </label>
  );
}

/** "M (3)": the value and how many products choosing it shows. */
function FacetLabel({ value }: { value: FacetValue }) {
  return (
    <span className="min-w-0 break-words">
      {value.label} <span className="text-gray-600">({value.count})</span>
    </span>
  );
}
