import { Link } from "@remix-run/react";
import { AddToCartButton } from "~/components/AddToCartButton";
import { productPhotoPath, type ProductCardData } from "~/models/catalog";
import { formatPrice } from "~/utils/money";
import { preview } from "~/utils/text";

// The card-sized copy made at upload is at most 400 × 400 (photo.server.ts THUMB_WIDTH).
const THUMB_SIZE = 400;

/**
 * One product in a grid: photo, name, a 30-character preview, price, More
 * Details and ADD TO CART. Cards in the first row load their photo at once
 * (`eager`); the rest lazily, as they scroll into view.
 */
export function ProductCard({ product, eager = false }: { product: ProductCardData; eager?: boolean }) {
  const headingId = `product-${product.id}-name`;
  return (
    <article aria-labelledby={headingId} className="flex w-full flex-col overflow-hidden rounded border border-gray-200 bg-white shadow-sm">
      <ProductPhoto product={product} eager={eager} />
      <div className="flex flex-1 flex-col gap-2 p-4">
        <div className="flex items-start justify-between gap-2">
          <h3 id={headingId} className="font-semibold leading-tight text-gray-900">
            {product.name}
          </h3>
          <p className="shrink-0 font-semibold text-emerald-700">{formatPrice(product.priceCents)}</p>
        </div>
        <p className="text-sm text-gray-600">{preview(product.description)}</p>
        <div className="mt-auto flex flex-wrap gap-2 pt-2">
          <Link to={`/product/${product.slug}`} className="btn-secondary" aria-label={`More Details: ${product.name}`}>
            More Details
          </Link>
          <AddToCartButton productId={product.id} productName={product.name} disabled={product.quantity <= 0} />
        </div>
      </div>
    </article>
  );
}

function ProductPhoto({ product, eager }: { product: ProductCardData; eager: boolean }) {
  if (!product.photoVersion) {
    return (
      <div className="flex aspect-square w-full items-center justify-center bg-gray-100 text-sm text-gray-500" role="img" aria-label={`${product.name}: no photo`}>
        No photo
      </div>
    );
  }
  return (
    <img
      src={productPhotoPath(product.id, product.photoVersion, "thumb")}
      alt={product.name}
      width={THUMB_SIZE}
      height={THUMB_SIZE}
      loading={eager ? "eager" : "lazy"}
      decoding="async"
      className="aspect-square w-full bg-gray-100 object-cover"
    />
  );
}
