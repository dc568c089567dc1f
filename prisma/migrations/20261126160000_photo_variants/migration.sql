-- Smaller copies of each product photo, for srcset (made at upload).
CREATE TABLE "ProductPhotoVariant" (
    "productId" TEXT NOT NULL,
    "size" TEXT NOT NULL,
    "format" TEXT NOT NULL,
    "contentType" TEXT NOT NULL,
    "width" INTEGER NOT NULL,
    "height" INTEGER NOT NULL,
    "data" BYTEA NOT NULL,

    CONSTRAINT "ProductPhotoVariant_pkey" PRIMARY KEY ("productId","size","format")
);

ALTER TABLE "ProductPhotoVariant" ADD CONSTRAINT "ProductPhotoVariant_productId_fkey" FOREIGN KEY ("productId") REFERENCES "ProductPhoto"("productId") ON DELETE CASCADE ON UPDATE CASCADE;

-- Photos stored before copies existed have none yet: the photos.variants job makes them.
ALTER TABLE "ProductPhoto" ADD COLUMN "variantsMadeAt" TIMESTAMP(3);
