import { Form, useNavigation } from "@remix-run/react";
import { useId } from "react";
import { DISCOUNT_CODE_MAX } from "~/domain/discounts/discount.schema";
import { formatPrice } from "~/utils/money";

/** The applied code as the cart and checkout show it (computed on the server). */
export type AppliedDiscount = { code: string; discountCents: number; label: string | null; problem: string | null };

/** The applied code's own line: code and amount off, or why it does not apply now; `removable` adds the Remove button. */
export function DiscountLine({ discount, removable = false }: { discount: AppliedDiscount; removable?: boolean }) {
  return (
    <div className="mt-2 rounded border border-gray-200 px-3 py-2 text-sm" data-testid="discount-line">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="min-w-0 break-all">
          Discount <strong>{discount.code}</strong>
          {discount.label ? <span className="text-gray-600"> · {discount.label}</span> : null}
        </span>
        <span className="flex items-center gap-2">
          {discount.problem ? null : <strong data-testid="discount-amount">−{formatPrice(discount.discountCents)}</strong>}
          {removable ? (
            <Form method="post" action="/cart">
              <input type="hidden" name="intent" value="remove-discount" />
              <button type="submit" className="text-sm underline" aria-label={`Remove discount ${discount.code}`}>
                Remove
              </button>
            </Form>
          ) : null}
        </span>
      </div>
      {discount.problem ? (
        <p className="mt-1 text-amber-800" role="note">
          {discount.problem}
        </p>
      ) : null}
    </div>
  );
}

/** The cart's "Discount code" field and Apply button: a plain form post, with or without JavaScript. */
export function DiscountCodeForm({ error, value }: { error?: string; value?: string }) {
  const id = useId();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "apply-discount";
  return (
    <Form method="post" action="/cart" className="mt-4" key={value}>
      <input type="hidden" name="intent" value="apply-discount" />
      <label htmlFor={id} className="label">
        Discount code
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          name="code"
          className="input min-w-0 flex-1 uppercase"
          maxLength={DISCOUNT_CODE_MAX}
          autoComplete="off"
          spellCheck={false}
          defaultValue={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <button type="submit" className="btn-secondary" disabled={busy}>
          Apply
        </button>
      </div>
      {error ? (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </Form>
  );
}
