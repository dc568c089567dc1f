import { useSubmit } from "@remix-run/react";
import type { FormEvent } from "react";
import { TextField } from "~/components/ui/TextField";
import type { ShipToValues } from "~/domain/checkout/checkout-form";
import type { Quote } from "~/domain/checkout/quote.server";
import { formatPrice } from "~/utils/money";

/**
 * Where to deliver and how: the address fields, the delivery options as a
 * plain radio group (the cheapest chosen first), and Update delivery, which
 * prices them again. With JavaScript a change of country or method does that
 * by itself. Lives inside the checkout's one form.
 */
export function DeliveryFields({
  values,
  errors,
  countries,
  quote,
  methodId,
}: {
  values: ShipToValues;
  errors: Record<string, string>;
  countries: { code: string; name: string }[];
  quote: Quote | null;
  methodId: string | null;
}) {
  const submit = useSubmit();
  // Re-quote on a change that moves the price: the country, the region or the method.
  const requote = (event: FormEvent<HTMLElement>) => {
    const form = (event.target as HTMLInputElement).form;
    if (!form) return;
    const data = new FormData(form);
    data.set("intent", "quote");
    submit(data, { method: "post", replace: true, preventScrollReset: true });
  };
  const field = (name: keyof ShipToValues, label: string, extra: Record<string, unknown> = {}) => (
    <TextField label={label} name={name} defaultValue={values[name]} error={errors[name]} {...extra} />
  );
  const options = quote?.shipping.options ?? [];
  return (
    <>
      <fieldset className="space-y-3 rounded border border-gray-200 bg-white p-5">
        <legend className="px-1 font-semibold">Delivery address</legend>
        {field("name", "Full name", { autoComplete: "name", required: true })}
        {field("line1", "Address", { autoComplete: "address-line1", required: true })}
        {field("line2", "Address line 2 (optional)", { autoComplete: "address-line2" })}
        <div className="grid gap-3 sm:grid-cols-3">
          {field("city", "City", { autoComplete: "address-level2", required: true })}
          {field("region", "State or region", { autoComplete: "address-level1", hint: "Its code, e.g. NY", onBlur: requote })}
          {field("postalCode", "Postal code", { autoComplete: "postal-code", required: true })}
        </div>
        <div>
          <label htmlFor="country" className="label">
            Country
          </label>
          <select id="country" name="country" className="input" defaultValue={values.country} autoComplete="country" onChange={requote}>
            {countries.some((country) => country.code === values.country) ? null : <option value={values.country}>{values.country}</option>}
            {countries.map((country) => (
              <option key={country.code} value={country.code}>
                {country.name}
              </option>
            ))}
          </select>
          {errors.country ? <p className="field-error">{errors.country}</p> : null}
        </div>
        {field("phone", "Phone", { autoComplete: "tel", type: "tel", required: true })}
      </fieldset>

      {options.length ? (
        <fieldset className="space-y-2 rounded border border-gray-200 bg-white p-5">
          <legend className="px-1 font-semibold">Delivery</legend>
          {options.map((option) => (
            <label key={option.id} className="flex items-start gap-3 rounded border border-gray-200 p-3">
              <input
                type="radio"
                name="shippingMethodId"
                value={option.id}
                defaultChecked={option.id === methodId}
                onChange={requote}
                className="mt-1"
              />
              <span className="flex-1">
                <span className="font-medium">{option.name}</span>
                {option.estimate ? <span className="block text-sm text-gray-600">{option.estimate}</span> : null}
              </span>
              <span className="font-medium">{option.amountCents ? formatPrice(option.amountCents) : "Free"}</span>
            </label>
          ))}
        </fieldset>
      ) : null}
      <button type="submit" name="intent" value="quote" className="btn-secondary">
        Update delivery
      </button>
    </>
  );
}
