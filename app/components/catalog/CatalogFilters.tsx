import { Form, Link, useNavigation, useSubmit } from "@remix-run/react";
import { SortSelect } from "~/components/catalog/SortForm";
import { PRICE_BANDS, type SortId } from "~/domain/catalog/catalog";

/**
 * The home page's left column: a GET form, so every filter state is a URL.
 * Without JavaScript the shopper ticks boxes and presses Apply; with it every
 * change submits at once. The form is re-mounted per URL (`key`) so its
 * checkboxes always show the applied filters, e.g. after RESET FILTERS.
 */
export function CatalogFilters({
  categories,
  selectedCategoryIds,
  selectedBandId,
  sort,
}: {
  categories: { id: string; name: string }[];
  selectedCategoryIds: string[];
  selectedBandId: string | null;
  sort: SortId;
}) {
  const submit = useSubmit();
  const navigation = useNavigation();
  const applying = navigation.state === "loading" && navigation.location.pathname === "/";
  const selected = new Set(selectedCategoryIds);
  const stateKey = `${selectedCategoryIds.join(",")}|${selectedBandId ?? ""}|${sort}`;

  return (
    <Form
      key={stateKey}
      id="catalog-filters"
      method="get"
      action="/"
      preventScrollReset
      onChange={(event) => submit(event.currentTarget, { preventScrollReset: true })}
      className="filters-panel space-y-6"
      aria-busy={applying}
    >
      <fieldset>
        <legend className="mb-2 text-lg font-semibold">Filter By Category</legend>
        <div className="max-h-80 space-y-1 overflow-auto pr-2">
          {categories.map((category) => (
            <label key={category.id} className="flex items-center gap-2 text-sm">
              <input type="checkbox" name="category" value={category.id} defaultChecked={selected.has(category.id)} className="h-4 w-4" />
              {category.name}
            </label>
          ))}
        </div>
      </fieldset>

      <PriceBandRadios selectedBandId={selectedBandId} />

      <SortSelect id="catalog-sort" value={sort} className="input" />

      <div className="flex flex-col gap-2">
        <button type="submit" className="btn-primary">
          Apply
        </button>
        <Link to="/" className="btn-secondary">
          RESET FILTERS
        </Link>
      </div>
    </Form>
  );
}

/** The 'Filter By Price' radio group: one radio per band, each with its own id. */
export function PriceBandRadios({ selectedBandId }: { selectedBandId: string | null }) {
  return (
    <fieldset>
      <legend className="mb-2 text-lg font-semibold">Filter By Price</legend>
      <div className="space-y-1">
        {PRICE_BANDS.map((band) => (
          <label key={band.id} className="flex items-center gap-2 text-sm">
            <input type="radio" name="price" value={band.id} defaultChecked={band.id === selectedBandId} className="h-4 w-4" />
            {band.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
