// The srcset copies of photos stored before copies existed (photo.server.ts
// makes them at upload now): the photos.variants job calls this every minute
// until none is left.
import type { OutputInfo } from "sharp";
import { db } from "~/utils/db.server";
import { makeVariants, type PhotoVariant } from "./photo.server";

/**
 * Makes the copies of photos stored before copies existed, a few per call
 * (the photos.variants job runs it every minute until none is left). Each
 * photo's copies and its mark are written together, once, whoever else runs it.
 */
export async function makeMissingPhotoVariants(limit = 5): Promise<number> {
  const pending = await db.productPhoto.findMany({
    where: { variantsMadeAt: null },
    select: { productId: true, data: true, thumbData: true, thumbWidth: true, thumbHeight: true },
    take: limit,
  });
  let made = 0;
  for (const photo of pending) {
    let variants: PhotoVariant[] = [];
    try {
      variants = await makeVariants(photo.data, {
        data: Buffer.from(photo.thumbData),
        info: { width: photo.thumbWidth, height: photo.thumbHeight } as OutputInfo,
      });
    } catch (error) {
      // A photo sharp cannot read again keeps its original and card copy: marked, never retried for ever.
      console.error(`Photo copies for product ${photo.productId} could not be made: ${error instanceof Error ? error.message : error}`);
    }
    const marked = await db.$transaction(async (tx) => {
      const claim = await tx.productPhoto.updateMany({
        where: { productId: photo.productId, variantsMadeAt: null },
        data: { variantsMadeAt: new Date() },
      });
      if (claim.count === 0) return false;
      await tx.productPhotoVariant.createMany({
        data: variants.map((variant) => ({ ...variant, productId: photo.productId })),
        skipDuplicates: true,
      });
      return true;
    });
    if (marked) made += 1;
  }
  return made;
}
