import { Form, useSubmit } from "@remix-run/react";
import { SORTS } from "~/domain/catalog/catalog";
import { useHydrated } from "~/utils/hooks/use-hydrated";

/**
 * "Sort" for a listing other than home (category, search): a GET form, so the
 * order is part of the URL. With JavaScript a change applies at once; without
 * it the Apply button does. `hidden` keeps the page's other parameters.
 */
export function SortForm({
  value,
  hidden = {},
  extraOption,
}: {
  value: string;
  /** Name and value pairs (a list when a name repeats: `category`, `Size`). */
  hidden?: Record<string, string> | [string, string][];
  /** An order offered before the home page's ones (search: "Relevance"), selected when `value` is "". */
  extraOption?: string;
}) {
  const submit = useSubmit();
  const hydrated = useHydrated();
  return (
    <Form
      method="get"
      preventScrollReset
      className="flex items-end justify-end gap-2"
      onChange={(event) => submit(event.currentTarget, { preventScrollReset: true })}
    >
      {(Array.isArray(hidden) ? hidden : Object.entries(hidden)).map(([name, v], i) => (
        <input key={`${name}=${v}=${i}`} type="hidden" name={name} value={v} />
      ))}
      <SortSelect id="listing-sort" value={value} extraOption={extraOption} className="input w-auto" />
      {hydrated ? null : (
        <button type="submit" className="btn-secondary">
          Apply
        </button>
      )}
    </Form>
  );
}

/** The labelled Sort select of every listing (home's filters, category and search pages). */
export function SortSelect({ id, value, extraOption, className }: { id: string; value: string; extraOption?: string; className: string }) {
  return (
    <div>
      <label htmlFor={id} className="label">
        Sort
      </label>
      <select id={id} name="sort" defaultValue={value} className={className}>
        {extraOption ? <option value="">{extraOption}</option> : null}
        {SORTS.map((option) => (
          <option key={option.id} value={option.id}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
