import { Link, useFetcher } from "@remix-run/react";
import { RespondWithJson, useCartBusy } from "~/components/cart/AddToCartButton";
import { MAX_LINE_QUANTITY, type CartActionData } from "~/domain/cart/cart";
import type { PricedLine } from "~/domain/cart/cart.server";
import { productPhotoPath } from "~/domain/catalog/catalog";
import { variantPhotoPath } from "~/domain/catalog/variants/variants";
import { formatPrice } from "~/utils/money";
import { preview } from "~/utils/text";

function problemText(line: PricedLine): string | null {
  switch (line.problem) {
    case "deleted":
      return "This product is no longer sold. Remove it from your cart; it is not counted in the total.";
    case "out-of-stock":
      return "Out of stock right now. It is not counted in the total.";
    case "reduced":
      return `Only ${line.quantity} left in stock: the total counts ${line.quantity}, not ${line.requestedQuantity}.`;
    default:
      return null;
  }
}

/** One line: quantity and Remove are separate forms (fetchers with JavaScript, plain posts without). */
export function CartLineItem({ line, error }: { line: PricedLine; error?: string }) {
  const update = useFetcher<CartActionData>();
  const remove = useFetcher<CartActionData>();
  const busy = useCartBusy();
  if (remove.state !== "idle") return null; // optimistic: gone at once

  const name = line.product?.title ?? "Unavailable product";
  // Optimistic quantity while the update is on its way.
  const pendingQuantity = update.formData ? Number(update.formData.get("quantity")) : NaN;
  const shownQuantity = Number.isInteger(pendingQuantity) && pendingQuantity > 0 ? pendingQuantity : line.requestedQuantity;
  const fetcherError =
    update.data && !update.data.ok ? update.data.message : remove.data && !remove.data.ok ? remove.data.message : undefined;
  const message = fetcherError ?? error;
  const problem = problemText(line);
  const maxQuantity = Math.max(1, Math.min(line.product?.stock ?? 1, MAX_LINE_QUANTITY));
  const inputId = `quantity-${line.productId}${line.variantId ? `-${line.variantId}` : ""}`;
  const variantField = line.variantId ? <input type="hidden" name="variantId" value={line.variantId} /> : null;

  return (
    <li className="flex flex-col gap-4 p-4 sm:flex-row" aria-label={name}>
      {line.product?.variantPhotoVersion || line.product?.photoVersion ? (
        <img
          src={
            line.product.variantPhotoVersion && line.variantId
              ? variantPhotoPath(line.variantId, line.product.variantPhotoVersion, "thumb")
              : productPhotoPath(line.productId, line.product.photoVersion, "thumb")
          }
          alt={name}
          width={96}
          height={96}
          loading="lazy"
          className="h-24 w-24 shrink-0 rounded object-cover"
        />
      ) : (
        <div className="flex h-24 w-24 shrink-0 items-center justify-center rounded bg-gray-100 text-xs text-gray-600" aria-hidden="true">
          No photo
        </div>
      )}
      <div className="flex-1">
        <p className="font-semibold">
          {line.product ? (
            <Link to={`/product/${line.product.slug}${line.variantId ? `?variant=${line.variantId}` : ""}`} className="hover:underline">
              {name}
            </Link>
          ) : (
            name
          )}
        </p>
        {line.product?.sku ? <p className="text-xs text-gray-600">SKU: {line.product.sku}</p> : null}
        {line.product ? <p className="text-sm text-gray-600">{preview(line.product.description)}</p> : null}
        {line.product ? <p className="mt-1">Price : {formatPrice(line.product.priceCents)}</p> : null}
        {problem ? (
          <p className="mt-1 text-sm font-medium text-amber-800" role="note">
            {problem}
          </p>
        ) : null}

        <div className="mt-3 flex flex-wrap items-end gap-3">
          {line.product && line.problem !== "out-of-stock" ? (
            <update.Form method="post" className="flex items-end gap-2">
              <input type="hidden" name="intent" value="set-quantity" />
              <input type="hidden" name="productId" value={line.productId} />
              {variantField}
              <RespondWithJson />
              <div>
                <label htmlFor={inputId} className="label">
                  Quantity
                </label>
                <input
                  id={inputId}
                  key={shownQuantity}
                  name="quantity"
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={maxQuantity}
                  required
                  defaultValue={shownQuantity}
                  aria-invalid={message ? true : undefined}
                  aria-describedby={message ? `${inputId}-error` : undefined}
                  className="input w-24"
                />
              </div>
              <button type="submit" className="btn-secondary" disabled={busy} aria-label={`Update quantity of ${name}`}>
                Update
              </button>
            </update.Form>
          ) : (
            <p className="text-sm">Quantity : {line.requestedQuantity}</p>
          )}
          <remove.Form method="post">
            <input type="hidden" name="intent" value="remove" />
            <input type="hidden" name="productId" value={line.productId} />
            {variantField}
            <RespondWithJson />
            <button type="submit" className="btn-danger" disabled={busy} aria-label={`Remove ${name}`}>
              Remove
            </button>
          </remove.Form>
        </div>
        {message ? (
          <p id={`${inputId}-error`} className="field-error" role="alert">
            {message}
          </p>
        ) : null}
      </div>
      {line.quantity > 0 ? <p className="font-semibold sm:text-right">{formatPrice(line.lineTotalCents)}</p> : null}
    </li>
  );
}
