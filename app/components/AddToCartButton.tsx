import { useFetcher, useLocation } from "@remix-run/react";
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
 * ADD TO CART: a real form posting to /cart (intent=add). Without JavaScript
 * the action redirects back to `redirectTo` with a toast; with it, a fetcher
 * posts in place and the header badge updates when the root revalidates.
 */
export function AddToCartButton({ productId, productName, disabled }: { productId: string; productName: string; disabled?: boolean }) {
  const fetcher = useFetcher<{ ok: boolean; message?: string }>();
  const location = useLocation();
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post" action="/cart" className="inline">
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="productId" value={productId} />
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <RespondWithJson />
      <button type="submit" className="btn-primary" disabled={disabled || busy} aria-label={`ADD TO CART: ${productName}`}>
        {disabled ? "OUT OF STOCK" : "ADD TO CART"}
      </button>
    </fetcher.Form>
  );
}
