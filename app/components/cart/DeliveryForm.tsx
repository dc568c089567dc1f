import { useEffect, useRef, useState, type SyntheticEvent } from "react";
import { TextField } from "~/components/ui/TextField";
import type { ShipToValues } from "~/domain/checkout/checkout-form";
import type { CheckoutView } from "~/domain/checkout/checkout-page.server";
import { formatPrice } from "~/utils/money";

/** How long typing may pause before the form is priced again; leaving a field or choosing from a list does it at once. */
const TYPING_PAUSE_MS = 600;
const CHANGED_MS = 60;

/**
 * Where to deliver and how: the address fields (the country, and its state
 * or region from the country's own list), the delivery options as a plain
 * radio group (the cheapest chosen first), and Update delivery, which
 * prices them again. Lives inside the checkout's one form.
 *
 * Without JavaScript, Update delivery (or Checkout) answers the page for
 * what was typed, the region list of the chosen country included. With it,
 * the form is priced again as fields change (`onRequote`, debounced), and
 * a message shows under a field only while it holds what was checked, and,
 * for such a re-quote, only once the buyer has been to that field: no
 * "Enter the postal code" under a postal code being typed.
 */
export function DeliveryFields({
  view,
  live,
  onPending,
  onRequote,
}: {
  view: Pick<CheckoutView, "values" | "errors" | "countries" | "regions" | "regionRequired" | "quote" | "methodId">;
  /** This answer is a re-quote made as the buyer typed (not a press of a button). */
  live: boolean;
  onPending: (pending: boolean) => void;
  onRequote: (data: FormData) => void;
}) {
  const { values, errors, countries, regions, quote, methodId } = view;
  const [current, setCurrent] = useState<Partial<Record<string, string>>>({});
  const [visited, setVisited] = useState<ReadonlySet<string>>(new Set());
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const schedule = (form: HTMLFormElement, delay: number) => {
    clearTimeout(timer.current);
    onPending(true);
    timer.current = setTimeout(() => {
      const data = new FormData(form);
      data.set("intent", "quote");
      onRequote(data);
      onPending(false);
    }, delay);
  };
  const fieldOf = (event: SyntheticEvent) => {
    const target = event.target as HTMLInputElement | HTMLSelectElement;
    return target.form && target.name ? target : null;
  };
  const typed = (event: SyntheticEvent) => {
    const field = fieldOf(event);
    if (!field) return;
    setCurrent((now) => ({ ...now, [field.name]: field.value }));
    schedule(field.form!, TYPING_PAUSE_MS);
  };
  const changed = (event: SyntheticEvent) => {
    const field = fieldOf(event);
    if (!field) return;
    setCurrent((now) => ({ ...now, [field.name]: field.value }));
    setVisited((now) => new Set(now).add(field.name));
    schedule(field.form!, CHANGED_MS);
  };
  const left = (event: SyntheticEvent) => {
    const field = fieldOf(event);
    if (field && !visited.has(field.name)) setVisited((now) => new Set(now).add(field.name));
  };

  /** The field's message, unless the field has changed since it was checked, or a re-quote speaks of a field not yet reached. */
  const errorOf = (name: keyof ShipToValues) => {
    const error = errors[name];
    if (!error) return undefined;
    const now = current[name];
    if (now !== undefined && now.trim().toUpperCase() !== values[name].trim().toUpperCase()) return undefined;
    if (live && !visited.has(name)) return undefined;
    return error;
  };
  const field = (name: keyof ShipToValues, label: string, extra: Record<string, unknown> = {}) => (
    <TextField label={label} name={name} defaultValue={values[name]} error={errorOf(name)} {...extra} />
  );
  // The region list is the answered country's: while another country is on its way, it waits.
  const countryNow = (current.country ?? values.country).toUpperCase();
  const regionListStale = countryNow !== values.country.toUpperCase();
  const regionError = errorOf("region");
  const countryError = errorOf("country");
  const options = quote?.shipping.options ?? [];
  return (
    <div onInput={typed} onChange={changed} onBlur={left} className="space-y-6">
      <fieldset className="min-w-0 space-y-3 rounded border border-gray-200 bg-white p-5">
        <legend className="px-1 font-semibold">Delivery address</legend>
        {field("name", "Full name", { autoComplete: "shipping name", required: true })}
        {field("line1", "Address", { autoComplete: "shipping address-line1", required: true })}
        {field("line2", "Address line 2 (optional)", { autoComplete: "shipping address-line2" })}
        <div>
          <label htmlFor="country" className="label">
            Country
          </label>
          <select
            id="country"
            name="country"
            className="input"
            defaultValue={values.country}
            autoComplete="shipping country"
            aria-invalid={countryError ? true : undefined}
            aria-describedby={countryError ? "country-error" : undefined}
          >
            {countries.some((country) => country.code === values.country) ? null : <option value={values.country}>{values.country}</option>}
            {countries.map((country) => (
              <option key={country.code} value={country.code}>
                {country.name}
              </option>
            ))}
          </select>
          {countryError ? (
            <p id="country-error" className="field-error">
              {countryError}
            </p>
          ) : null}
        </div>
        <div className="grid gap-3 sm:grid-cols-3">
          {field("city", "City", { autoComplete: "shipping address-level2", required: true })}
          {regions.length ? (
            <div className="min-w-0">
              <label htmlFor="region" className="label">
                State or region{view.regionRequired ? "" : " (optional)"}
              </label>
              <select
                // A new country's list starts from what the answer kept (nothing, when the old region is not one of it).
                key={values.country}
                id="region"
                name="region"
                className="input"
                defaultValue={
                  regions.some((region) => region.code === values.region.trim().toUpperCase()) ? values.region.trim().toUpperCase() : ""
                }
                autoComplete="shipping address-level1"
                required={view.regionRequired}
                disabled={regionListStale}
                aria-invalid={regionError ? true : undefined}
                aria-describedby={regionError ? "region-error" : undefined}
              >
                <option value="">{view.regionRequired ? "Choose…" : "None"}</option>
                {regions.map((region) => (
                  <option key={region.code} value={region.code}>
                    {region.name}
                  </option>
                ))}
              </select>
              {regionError ? (
                <p id="region-error" className="field-error">
                  {regionError}
                </p>
              ) : null}
            </div>
          ) : null}
          {field("postalCode", "Postal code", { autoComplete: "shipping postal-code", required: true })}
        </div>
        {field("phone", "Phone", { autoComplete: "shipping tel", type: "tel", required: true })}
      </fieldset>

      {options.length ? (
        <fieldset className="min-w-0 space-y-2 rounded border border-gray-200 bg-white p-5">
          <legend className="px-1 font-semibold">Delivery</legend>
          {options.map((option) => (
            <label key={option.id} className="flex items-start gap-3 rounded border border-gray-200 p-3">
              <input type="radio" name="shippingMethodId" value={option.id} defaultChecked={option.id === methodId} className="mt-1" />
              <span className="min-w-0 flex-1">
                <span className="font-medium">{option.name}</span>
                {option.estimate ? <span className="block text-sm text-gray-600">{option.estimate}</span> : null}
              </span>
              <span className="font-medium">{option.amountCents ? formatPrice(option.amountCents) : "Free"}</span>
            </label>
          ))}
        </fieldset>
      ) : quote ? null : (
        <p className="rounded border border-gray-200 bg-white p-4 text-sm text-gray-700">
          Delivery options and the total with delivery and tax show once the address is complete.
        </p>
      )}
      {/* Re-pricing a half-typed address is allowed: the page answers with what is missing (no browser validation first). */}
      <button type="submit" name="intent" value="quote" className="btn-secondary" formNoValidate>
        Update delivery
      </button>
    </div>
  );
}
