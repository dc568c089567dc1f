// A stored product photo read back for the photo route (processing an upload
// is photo.server.ts): the original, the card-sized copy, or one of the
// product page's widths, as AVIF when the browser takes it and a smaller AVIF
// copy exists, else WebP. A copy not made (an original narrower than the
// width, or a photo stored before copies were made) is answered by the next
// larger thing there is: the original.
import { db } from "~/utils/db.server";
import { idSchema } from "./catalog-query";
import type { PhotoSize } from "./catalog";

type PhotoOptions = { withBytes?: boolean; avif?: boolean };

/**
 * A product's photo in the size asked for. With `withBytes: false` only the
 * metadata is read, so a conditional request answered 304 never loads the image.
 */
export async function getProductPhoto(
  productId: string | undefined,
  size: PhotoSize,
  { withBytes = true, avif = false }: PhotoOptions = {},
) {
  if (!idSchema.safeParse(productId).success) return null;
  const thumb = size === "thumb";
  const formats = avif ? ["avif", "webp"] : ["webp"];
  // One statement: the photo row, and the copies of this size in the formats the browser takes.
  const row = await db.productPhoto.findUnique({
    where: { productId },
    select: {
      etag: true,
      contentType: true,
      thumbType: true,
      data: withBytes && size === "full",
      thumbData: withBytes && thumb,
      variants:
        size === "full"
          ? false
          : { where: { size, format: { in: formats } }, select: { format: true, contentType: true, data: withBytes } },
    },
  });
  if (!row) return null;
  const copy = row.variants?.find((variant) => variant.format === "avif") ?? row.variants?.find((variant) => variant.format === "webp");
  // The tag names what is sent: the same URL answers AVIF to one browser and WebP to another.
  if (copy) {
    return {
      version: row.etag,
      etag: `"${row.etag}-${size}-${copy.format}"`,
      contentType: copy.contentType,
      bytes: copy.data ?? null,
    };
  }
  if (thumb) {
    return { version: row.etag, etag: `"${row.etag}-thumb"`, contentType: row.thumbType, bytes: row.thumbData ?? null };
  }
  if (size !== "full") return getProductPhoto(productId, "full", { withBytes });
  return { version: row.etag, etag: `"${row.etag}"`, contentType: row.contentType, bytes: row.data ?? null };
}

/** A variant's own photo: the original, or for any smaller size its card-sized copy (variants keep no srcset copies). */
export async function getVariantPhoto(variantId: string | undefined, size: PhotoSize, { withBytes = true }: PhotoOptions = {}) {
  if (!idSchema.safeParse(variantId).success) return null;
  const thumb = size !== "full";
  const row = await db.variantPhoto.findUnique({
    where: { variantId },
    select: { etag: true, contentType: true, thumbType: true, data: withBytes && !thumb, thumbData: withBytes && thumb },
  });
  if (!row) return null;
  return thumb
    ? { version: row.etag, etag: `"${row.etag}-thumb"`, contentType: row.thumbType, bytes: row.thumbData ?? null }
    : { version: row.etag, etag: `"${row.etag}"`, contentType: row.contentType, bytes: row.data ?? null };
}
