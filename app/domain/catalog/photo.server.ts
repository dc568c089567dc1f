// Product photos: only real images (checked from the bytes, not the name or
// the browser's content type), stored in PostgreSQL with smaller copies made
// once at upload: a card-sized one, and the widths a product page's srcset
// offers (WebP, and AVIF where it comes out smaller), so a phone never
// downloads a desktop-sized image.
import { createHash } from "node:crypto";
import sharp, { type Metadata, type OutputInfo, type Sharp } from "sharp";
import { PHOTO_WIDTHS, THUMB_WIDTH } from "./catalog";

export const ACCEPTED_FORMATS = { jpeg: "image/jpeg", png: "image/png", webp: "image/webp", gif: "image/gif" } as const;

const MAX_PIXELS = 40_000_000;

export class InvalidImageError extends Error {}

export type ProcessedPhoto = {
  contentType: string;
  size: number;
  width: number;
  height: number;
  data: Uint8Array<ArrayBuffer>;
  thumbData: Uint8Array<ArrayBuffer>;
  thumbType: string;
  thumbWidth: number;
  thumbHeight: number;
  etag: string;
  variants: PhotoVariant[];
};

export type PhotoVariant = {
  size: string;
  format: "webp" | "avif";
  contentType: string;
  width: number;
  height: number;
  data: Uint8Array<ArrayBuffer>;
};

/** Validate and prepare an uploaded image; throws InvalidImageError with a message a person can act on. */
export async function processPhoto(bytes: Uint8Array): Promise<ProcessedPhoto> {
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, { limitInputPixels: MAX_PIXELS }).metadata();
  } catch {
    throw new InvalidImageError("The photo must be a JPEG, PNG, WebP or GIF image");
  }
  const format = metadata.format as keyof typeof ACCEPTED_FORMATS | undefined;
  if (!format || !(format in ACCEPTED_FORMATS) || !metadata.width || !metadata.height) {
    throw new InvalidImageError("The photo must be a JPEG, PNG, WebP or GIF image");
  }
  let thumb: { data: Buffer; info: OutputInfo };
  try {
    thumb = await sharp(bytes, { limitInputPixels: MAX_PIXELS })
      .rotate()
      .resize({ width: THUMB_WIDTH, height: THUMB_WIDTH, fit: "cover", withoutEnlargement: true })
      .webp({ quality: 78 })
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw new InvalidImageError("The photo could not be read; it may be damaged");
  }
  let variants: PhotoVariant[];
  try {
    variants = await makeVariants(bytes, thumb);
  } catch {
    throw new InvalidImageError("The photo could not be read; it may be damaged");
  }
  const data = new Uint8Array(bytes);
  return {
    variants,
    contentType: ACCEPTED_FORMATS[format],
    size: data.byteLength,
    width: metadata.width,
    height: metadata.height,
    data,
    thumbData: new Uint8Array(thumb.data),
    thumbType: "image/webp",
    thumbWidth: thumb.info.width,
    thumbHeight: thumb.info.height,
    etag: createHash("sha256").update(data).digest("base64url").slice(0, 32),
  };
}

/**
 * The copies a srcset points at: each of PHOTO_WIDTHS narrower than the
 * photo as WebP, and as AVIF when that is smaller; the card-sized copy as
 * AVIF when smaller than its WebP (which ProductPhoto itself holds).
 */
export async function makeVariants(bytes: Uint8Array, thumb: { data: Buffer; info: OutputInfo }): Promise<PhotoVariant[]> {
  const source = sharp(bytes, { limitInputPixels: MAX_PIXELS }).rotate();
  const { width = 0 } = await source.clone().metadata();
  const variants: PhotoVariant[] = [];
  const avifOf = async (image: Sharp) => image.avif({ quality: 50, effort: 3 }).toBuffer({ resolveWithObject: true });
  const keep = (size: string, format: PhotoVariant["format"], { data, info }: { data: Buffer; info: OutputInfo }) =>
    variants.push({ size, format, contentType: `image/${format}`, width: info.width, height: info.height, data: new Uint8Array(data) });

  const thumbAvif = await avifOf(sharp(thumb.data));
  if (thumbAvif.data.byteLength < thumb.data.byteLength) keep("thumb", "avif", thumbAvif);
  for (const target of PHOTO_WIDTHS) {
    if (width <= target) continue;
    const resized = source.clone().resize({ width: target, withoutEnlargement: true });
    const webp = await resized.clone().webp({ quality: 78 }).toBuffer({ resolveWithObject: true });
    keep(String(target), "webp", webp);
    const avif = await avifOf(resized.clone());
    if (avif.data.byteLength < webp.data.byteLength) keep(String(target), "avif", avif);
  }
  return variants;
}

/** A processed photo as Prisma writes it, new or replacing one (its old copies go). */
export function photoWrite(photo: ProcessedPhoto) {
  const { variants, ...photoFields } = photo;
  const fields = { ...photoFields, variantsMadeAt: new Date() };
  return {
    create: { ...fields, variants: { create: variants } },
    update: { ...fields, variants: { deleteMany: {}, create: variants } },
  };
}
