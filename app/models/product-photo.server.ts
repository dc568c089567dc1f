// A stored product photo read back for the photo route (processing an upload
// is photo.server.ts).
import { db } from "~/utils/db.server";
import { idSchema } from "./catalog-query";

export type PhotoSize = "full" | "thumb";

/**
 * A product's photo (or its card-sized copy). With `withBytes: false` only the
 * metadata is read, so a conditional request answered 304 never loads the image.
 */
export async function getProductPhoto(productId: string | undefined, size: PhotoSize, { withBytes = true } = {}) {
  if (!idSchema.safeParse(productId).success) return null;
  const thumb = size === "thumb";
  const row = await db.productPhoto.findUnique({
    where: { productId },
    select: { etag: true, contentType: true, thumbType: true, data: withBytes && !thumb, thumbData: withBytes && thumb },
  });
  if (!row) return null;
  return {
    /** The content hash of the original upload; it changes whenever the photo does. */
    version: row.etag,
    etag: thumb ? `"${row.etag}-thumb"` : `"${row.etag}"`,
    contentType: thumb ? row.thumbType : row.contentType,
    bytes: (thumb ? row.thumbData : row.data) ?? null,
  };
}
