import { AddToCartButton } from "~/components/cart/AddToCartButton";
import { cardPrice, useCardLinks } from "~/components/catalog/ProductCard";
import { MAX_LINE_QUANTITY } from "~/domain/cart/cart";
import { productPhotoPath, THUMB_WIDTH, type ProductCardData } from "~/domain/catalog/catalog";
import { lineTitle, type VariantSelection } from "~/domain/catalog/variants/variants";
import { formatPrice } from "~/utils/money";
import { VariantPicker } from "./VariantPicker";

/**
 * The product page's buy box: price, stock, how it ships, a quantity
 * (1…stock) and ADD TO CART together. A product with options shows its
 * choices first, and the chosen variant's price and stock (none: that
 * combination is not sold). Without JavaScript, adding comes back here
 * (#buy-box) rather than to the top of the page.
 */
export function BuyBox({
  product,
  selection,
}: {
  product: { id: string; name: string; priceCents: number; quantity: number; shipping: boolean };
  selection?: VariantSelection;
}) {
  const variant = selection?.variant ?? null;
  const unavailable = selection !== undefined && !variant;
  const priceCents = variant ? variant.priceCents : product.priceCents;
  const quantity = unavailable ? 0 : variant ? variant.quantity : product.quantity;
  const inStock = quantity > 0;
  return (
    <section id="buy-box" aria-label="Buy" className="scroll-mt-32 space-y-3 rounded border border-gray-200 bg-white p-4 shadow-sm">
      {selection ? <VariantPicker groups={selection.groups} /> : null}
      <p className="text-2xl font-semibold text-emerald-700">
        <span className="sr-only">Price: </span>
        {unavailable ? "—" : formatPrice(priceCents)}
      </p>
      {variant?.sku ? <p className="text-sm text-gray-600">SKU: {variant.sku}</p> : null}
      <p className={`text-sm font-medium ${inStock ? "text-green-800" : "text-red-700"}`}>
        {unavailable
          ? "This combination is not available"
          : inStock
            ? quantity <= 5
              ? `In stock: only ${quantity} left`
              : `In stock (${quantity} available)`
            : "Out of stock"}
        {inStock ? (
          <span className="font-normal text-gray-600"> · {product.shipping ? "Ships to you" : "No shipping: pick up only"}</span>
        ) : null}
      </p>
      <AddToCartButton
        productId={product.id}
        variantId={variant?.id}
        productName={variant ? lineTitle(product.name, variant.title) : product.name}
        disabled={!inStock}
        returnHash="buy-box"
        maxQuantity={Math.min(quantity, MAX_LINE_QUANTITY)}
      />
    </section>
  );
}

/** Other products of the same category, as small tiles. */
export function SimilarProducts({ products }: { products: ProductCardData[] }) {
  const similar = products;
  const onClick = useCardLinks();
  return (
    <section aria-labelledby="similar-heading" className="mt-10">
      <h2 id="similar-heading" className="mb-4 text-xl font-bold">
        Similar Products
      </h2>
      {similar.length === 0 ? (
        <p className="text-gray-600">No similar products found</p>
      ) : (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6" onClick={onClick}>
          {similar.map((item) => (
            <li key={item.id} className="flex">
              <CompactProductCard product={item} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * A small tile for similar products: photo, name and price; the whole tile
 * leads to the product. Only inside a list that uses useCardLinks. Kept here,
 * not with the listings' cards, so listing pages do not load it.
 */
function CompactProductCard({ product }: { product: ProductCardData }) {
  const headingId = `similar-${product.id}-name`;
  return (
    <article
      aria-labelledby={headingId}
      className="group relative flex w-full flex-col overflow-hidden rounded border border-gray-200 bg-white text-sm shadow-sm hover:shadow-md focus-within:ring-2 focus-within:ring-gray-900"
    >
      {product.photoVersion ? (
        <img
          src={productPhotoPath(product.id, product.photoVersion, "thumb")}
          alt=""
          width={THUMB_WIDTH}
          height={THUMB_WIDTH}
          loading="lazy"
          decoding="async"
          className="aspect-[4/3] w-full bg-gray-100 object-cover"
        />
      ) : (
        <div className="aspect-[4/3] w-full bg-gray-100" aria-hidden="true" />
      )}
      <div className="flex flex-1 flex-col gap-1 p-2">
        <h3 id={headingId} className="break-words font-semibold leading-tight">
          <a
            href={`/product/${product.slug}`}
            className="after:absolute after:inset-0 after:content-[''] focus:outline-none group-hover:underline"
            data-card-link=""
            data-discover="true"
          >
            {product.name}
          </a>
        </h3>
        <p className="mt-auto font-semibold text-emerald-700">{cardPrice(product)}</p>
      </div>
    </article>
  );
}
