import { AddToCartButton } from "~/components/AddToCartButton";
import { CompactProductCard, useCardLinks } from "~/components/ProductCard";
import { MAX_LINE_QUANTITY } from "~/models/cart";
import type { ProductCardData } from "~/models/catalog";
import { formatPrice } from "~/utils/money";

/**
 * The product page's buy box: price, stock, how it ships, a quantity
 * (1…stock) and ADD TO CART together. Without JavaScript, adding comes back
 * here (#buy-box) rather than to the top of the page.
 */
export function BuyBox({ product }: { product: { id: string; name: string; priceCents: number; quantity: number; shipping: boolean } }) {
  const inStock = product.quantity > 0;
  return (
    <section id="buy-box" aria-label="Buy" className="scroll-mt-32 space-y-3 rounded border border-gray-200 bg-white p-4 shadow-sm">
      <p className="text-2xl font-semibold text-emerald-700">
        <span className="sr-only">Price: </span>
        {formatPrice(product.priceCents)}
      </p>
      <p className={`text-sm font-medium ${inStock ? "text-green-800" : "text-red-700"}`}>
        {inStock
          ? product.quantity <= 5
            ? `In stock: only ${product.quantity} left`
            : `In stock (${product.quantity} available)`
          : "Out of stock"}
        {inStock ? (
          <span className="font-normal text-gray-600"> · {product.shipping ? "Ships to you" : "No shipping: pick up only"}</span>
        ) : null}
      </p>
      <AddToCartButton
        productId={product.id}
        productName={product.name}
        disabled={!inStock}
        returnHash="buy-box"
        maxQuantity={Math.min(product.quantity, MAX_LINE_QUANTITY)}
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
