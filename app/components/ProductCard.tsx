import { Link } from "@remix-run/react";
import { Fragment } from "react";
import { AddToCartButton } from "~/components/AddToCartButton";
import { productPhotoPath, THUMB_WIDTH, type ProductCardData } from "~/models/catalog";
import { formatPrice } from "~/utils/money";
import { preview } from "~/utils/text";

/** A card's fragment: without JavaScript, ADD TO CART comes back to the card it was pressed on. */
export const cardAnchor = (productId: string) => `product-${productId}`;

// The card-sized copy made at upload is at most THUMB_WIDTH square.
const THUMB_SIZE = THUMB_WIDTH;

/**
 * One product in a grid: photo, name, a 30-character preview, price, More
 * Details and ADD TO CART. The photo and the name link to the product too
 * (the photo's link is skipped by Tab: it repeats the name's). Cards in the
 * first row load their photo at once (`eager`); the rest lazily, as they
 * scroll into view.
 */
export function ProductCard({ product, eager = false }: { product: ProductCardData; eager?: boolean }) {
  const headingId = `product-${product.id}-name`;
  const href = `/product/${product.slug}`;
  return (
    <article
      id={cardAnchor(product.id)}
      aria-labelledby={headingId}
      className="flex w-full min-w-0 scroll-mt-32 flex-col overflow-hidden rounded border border-gray-200 bg-white shadow-sm"
    >
      <Link to={href} tabIndex={-1} className="block">
        <ProductPhoto product={product} eager={eager} />
      </Link>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
          <h3 id={headingId} className="min-w-0 font-semibold leading-tight text-gray-900 hyphens-none">
            <Link to={href} className="hover:underline">
              <KeepWords text={product.name} />
            </Link>
          </h3>
          <p className="shrink-0 font-semibold text-emerald-700">{formatPrice(product.priceCents)}</p>
        </div>
        <p className="text-sm text-gray-600">{preview(product.description)}</p>
        <div className="mt-auto flex flex-wrap gap-2 pt-2">
          <Link to={`/product/${product.slug}`} className="btn-secondary" aria-label={`More Details: ${product.name}`}>
            More Details
          </Link>
          <AddToCartButton
            productId={product.id}
            productName={product.name}
            disabled={product.quantity <= 0}
            returnHash={cardAnchor(product.id)}
          />
        </div>
      </div>
    </article>
  );
}

/**
 * A name whose words wrap only between words: "Cotton T-Shirt" never ends a
 * line with "T-". Each word is an inline block (so it breaks inside only when
 * it is wider than the whole line, and then anywhere, never overflowing);
 * the spaces stay plain text, so the text content is the name itself.
 */
function KeepWords({ text }: { text: string }) {
  const words = text.split(" ");
  return (
    <>
      {words.map((word, index) => (
        <Fragment key={index}>
          {index > 0 ? " " : null}
          <span className="inline-block max-w-full break-words">{word}</span>
        </Fragment>
      ))}
    </>
  );
}

function ProductPhoto({ product, eager }: { product: ProductCardData; eager: boolean }) {
  if (!product.photoVersion) {
    return (
      <div
        className="flex aspect-square w-full items-center justify-center bg-gray-100 text-sm text-gray-600"
        role="img"
        aria-label={`${product.name}: no photo`}
      >
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

/** A small tile for similar products: photo, name and price; the whole tile leads to the product. */
export function CompactProductCard({ product }: { product: ProductCardData }) {
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
          width={THUMB_SIZE}
          height={THUMB_SIZE}
          loading="lazy"
          decoding="async"
          className="aspect-[4/3] w-full bg-gray-100 object-cover"
        />
      ) : (
        <div className="aspect-[4/3] w-full bg-gray-100" aria-hidden="true" />
      )}
      <div className="flex flex-1 flex-col gap-1 p-2">
        <h3 id={headingId} className="break-words font-semibold leading-tight">
          <Link
            to={`/product/${product.slug}`}
            className="after:absolute after:inset-0 after:content-[''] focus:outline-none group-hover:underline"
          >
            {product.name}
          </Link>
        </h3>
        <p className="mt-auto font-semibold text-emerald-700">{formatPrice(product.priceCents)}</p>
      </div>
    </article>
  );
}
