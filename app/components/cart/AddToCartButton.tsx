import { useFetcher, useFetchers, useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import { useHydrated } from "~/utils/hooks/use-hydrated";

/**
 * A hidden `respond=json` field, rendered only once React has hydrated: the
 * /cart action then answers a fetcher with JSON (and a toast) instead of the
 * redirect a plain form post without JavaScript needs.
 */
export function RespondWithJson() {
  return useHydrated() ? <input type="hidden" name="respond" value="json" /> : null;
}

/**
 * True while any cart change is on its way. The cart is a cookie: a second
 * change posted before the first one's answer (and new cookie) arrives would
 * start from the old cart and undo the first, so cart buttons wait.
 */
export function useCartBusy(): boolean {
  return useFetchers().some((fetcher) => fetcher.state === "submitting" && fetcher.formAction?.split("?")[0] === "/cart");
}

/**
 * ADD TO CART: a real form posting to /cart (intent=add). Without JavaScript
 * the action redirects back to `redirectTo` (this page, at `returnHash`, so
 * the shopper lands where they were) with a toast; with it, a fetcher posts
 * in place and the header badge updates when the root revalidates.
 * `maxQuantity` adds a Quantity select (1…maxQuantity) before the button.
 * (A grid's cards post the same fields through their list's one fetcher:
 * see useCardList in ~/components/ProductCard.)
 */
export function AddToCartButton({
  returnHash,
  ...fields
}: {
  productId: string;
  variantId?: string | null;
  productName: string;
  disabled?: boolean;
  returnHash?: string;
  maxQuantity?: number;
}) {
  const fetcher = useFetcher<{ ok: boolean; message?: string }>();
  const location = useLocation();
  const busy = useCartBusy();
  return (
    <fetcher.Form
      method="post"
      action="/cart"
      className={fields.maxQuantity && !fields.disabled ? "flex flex-wrap items-end gap-3" : "inline"}
    >
      <AddToCartFields
        {...fields}
        redirectTo={location.pathname + location.search + (returnHash ? `#${returnHash}` : "")}
        busy={busy}
        respondWithJson={<RespondWithJson />}
      />
    </fetcher.Form>
  );
}

/** ADD TO CART's fields and button, inside whichever form posts them. */
export function AddToCartFields({
  productId,
  variantId,
  productName,
  disabled,
  maxQuantity,
  redirectTo,
  busy,
  respondWithJson,
}: {
  productId: string;
  /** The chosen variant, for a product with options. */
  variantId?: string | null;
  productName: string;
  disabled?: boolean;
  maxQuantity?: number;
  /** Where the no-JavaScript post comes back to. */
  redirectTo: string;
  /** Another cart change is on its way. */
  busy: boolean;
  /** The hidden respond=json field, once hydrated (the form's owner knows when). */
  respondWithJson: ReactNode;
}) {
  const quantityId = `quantity-${productId}`;
  return (
    <>
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="productId" value={productId} />
      {variantId ? <input type="hidden" name="variantId" value={variantId} /> : null}
      <input type="hidden" name="redirectTo" value={redirectTo} />
      {respondWithJson}
      {maxQuantity && !disabled ? (
        <div>
          <label htmlFor={quantityId} className="label">
            Quantity
          </label>
          <select id={quantityId} name="quantity" defaultValue="1" className="input w-24">
            {Array.from({ length: maxQuantity }, (_, i) => i + 1).map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <button
        type="submit"
        className="btn-primary"
        disabled={disabled || busy}
        aria-label={`${disabled ? "OUT OF STOCK" : "ADD TO CART"}: ${productName}`}
      >
        {disabled ? "OUT OF STOCK" : "ADD TO CART"}
      </button>
    </>
  );
}
