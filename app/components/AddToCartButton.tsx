import { useFetcher, useFetchers, useLocation } from "@remix-run/react";
import { useEffect, useState } from "react";

/**
 * A hidden `respond=json` field, rendered only once React has hydrated: the
 * /cart action then answers a fetcher with JSON (and a toast) instead of the
 * redirect a plain form post without JavaScript needs.
 */
export function RespondWithJson() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated ? <input type="hidden" name="respond" value="json" /> : null;
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
 */
export function AddToCartButton({
  productId,
  productName,
  disabled,
  returnHash,
  maxQuantity,
}: {
  productId: string;
  productName: string;
  disabled?: boolean;
  returnHash?: string;
  maxQuantity?: number;
}) {
  const fetcher = useFetcher<{ ok: boolean; message?: string }>();
  const location = useLocation();
  const busy = useCartBusy();
  const quantityId = `quantity-${productId}`;
  return (
    <fetcher.Form method="post" action="/cart" className={maxQuantity && !disabled ? "flex flex-wrap items-end gap-3" : "inline"}>
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="productId" value={productId} />
      <input type="hidden" name="redirectTo" value={location.pathname + location.search + (returnHash ? `#${returnHash}` : "")} />
      <RespondWithJson />
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
    </fetcher.Form>
  );
}
