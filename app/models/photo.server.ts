// Product photos: only real images (checked from the bytes, not the name or
// the browser's content type), stored in PostgreSQL with a small card-sized
// version made once at upload.
import { createHash } from "node:crypto";
import sharp, { type Metadata, type OutputInfo } from "sharp";

export const ACCEPTED_FORMATS = { jpeg: "image/jpeg", png: "image/png", webp: "image/webp", gif: "image/gif" } as const;
export const THUMB_WIDTH = 400;
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
  const data = new Uint8Array(bytes);
  return {
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
