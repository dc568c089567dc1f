import { productPhotoPath, productPhotoSrcSet } from "~/domain/catalog/catalog";
import { variantPhotoPath } from "~/domain/catalog/variants/variants";

type PhotoMeta = { etag: string; width: number; height: number };

/**
 * The product page's photo: the page's largest image, sized for the screen; a
 * labelled placeholder without one. A chosen variant with a photo of its own shows that one.
 */
export function ProductPhoto({
  product,
  variant,
}: {
  product: { id: string; name: string; photo: PhotoMeta | null };
  variant?: { id: string; title: string; photo: PhotoMeta | null } | null;
}) {
  if (variant?.photo) {
    return (
      <img
        src={variantPhotoPath(variant.id, variant.photo.etag)}
        alt={`${product.name}, ${variant.title}`}
        width={variant.photo.width}
        height={variant.photo.height}
        {...{ fetchpriority: "high" }}
        className="h-auto w-full rounded border border-gray-200 bg-white object-contain"
      />
    );
  }
  return product.photo ? (
    <img
      src={productPhotoPath(product.id, product.photo.etag)}
      // A phone gets a copy its screen's width, not the original: half the page's width from md.
      srcSet={productPhotoSrcSet(product.id, product.photo)}
      sizes="(min-width: 1280px) 600px, (min-width: 768px) 50vw, 100vw"
      alt={product.name}
      width={product.photo.width}
      height={product.photo.height}
      // The page's largest image: fetched before the scripts. (React 18 knows
      // only the lowercase attribute; the camelCase prop warns.)
      {...{ fetchpriority: "high" }}
      className="h-auto w-full rounded border border-gray-200 bg-white object-contain"
    />
  ) : (
    <div
      className="flex aspect-square w-full items-center justify-center rounded bg-gray-100 text-gray-600"
      role="img"
      aria-label={`${product.name}: no photo`}
    >
      No photo
    </div>
  );
}
