-- Variants: a product may declare up to three options (Size: S, M, L) and
-- sell one variant per combination, each with its own SKU, price, stock and
-- photo. A product without options has no variant rows and keeps its own
-- price and stock, as before.
ALTER TABLE "Product" ADD COLUMN "options" JSONB NOT NULL DEFAULT '[]';
-- The highest price of its variants, null for a product without options.
-- With priceCents (the lowest price a shopper can buy at) a card says "From".
ALTER TABLE "Product" ADD COLUMN "maxPriceCents" INTEGER;

CREATE TABLE "ProductVariant" (
    "id" TEXT NOT NULL,
    "productId" TEXT NOT NULL,
    "sku" TEXT,
    "title" TEXT NOT NULL,
    "options" JSONB NOT NULL,
    "position" INTEGER NOT NULL,
    "priceCents" INTEGER NOT NULL,
    "quantity" INTEGER NOT NULL,
    "archivedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    CONSTRAINT "ProductVariant_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "ProductVariant_quantity_not_negative" CHECK ("quantity" >= 0),
    CONSTRAINT "ProductVariant_price_not_negative" CHECK ("priceCents" >= 0)
);
ALTER TABLE "ProductVariant" ADD CONSTRAINT "ProductVariant_productId_fkey"
    FOREIGN KEY ("productId") REFERENCES "Product"("id") ON DELETE CASCADE ON UPDATE CASCADE;
CREATE INDEX "ProductVariant_productId_position_idx" ON "ProductVariant"("productId", "position");
-- A SKU names one variant on sale, whatever its case, an archived variant's SKU may be given again.
CREATE UNIQUE INDEX "ProductVariant_sku_lower_key" ON "ProductVariant" (lower("sku")) WHERE "sku" IS NOT NULL AND "archivedAt" IS NULL;

-- Photos of variants: the same bytes and card-sized copy as a product's photo.
CREATE TABLE "VariantPhoto" (
    "variantId" TEXT NOT NULL,
    "contentType" TEXT NOT NULL,
    "size" INTEGER NOT NULL,
    "width" INTEGER NOT NULL,
    "height" INTEGER NOT NULL,
    "data" BYTEA NOT NULL,
    "thumbData" BYTEA NOT NULL,
    "thumbType" TEXT NOT NULL,
    "thumbWidth" INTEGER NOT NULL,
    "thumbHeight" INTEGER NOT NULL,
    "etag" TEXT NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    CONSTRAINT "VariantPhoto_pkey" PRIMARY KEY ("variantId")
);
ALTER TABLE "VariantPhoto" ADD CONSTRAINT "VariantPhoto_variantId_fkey"
    FOREIGN KEY ("variantId") REFERENCES "ProductVariant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- An order line freezes the variant it sold: its title and SKU, and which
-- variant (kept while the variant exists, archived or not) so a refund can
-- put the units back where they came from.
ALTER TABLE "OrderLine" ADD COLUMN "variantId" TEXT;
ALTER TABLE "OrderLine" ADD COLUMN "variantTitle" TEXT;
ALTER TABLE "OrderLine" ADD COLUMN "sku" TEXT;
ALTER TABLE "OrderLine" ADD CONSTRAINT "OrderLine_variantId_fkey"
    FOREIGN KEY ("variantId") REFERENCES "ProductVariant"("id") ON DELETE SET NULL ON UPDATE CASCADE;
CREATE INDEX "OrderLine_variantId_idx" ON "OrderLine"("variantId");

-- A product with variants shows what its variants add up to, whatever
-- writes them (checkout, refunds, the admin): its stock is their sum, its
-- price the lowest a shopper can buy at now (the lowest in stock, else the
-- lowest), so listings, filters, sorts and their indexes read the product
-- row as before. Archived variants are not for sale and count for nothing.
-- Stock and price are written apart, so a sale that changes only stock is a
-- "details" change of the catalogue (pages), never a listing change.
-- (Semicolons in the bodies are written \073: the migration runner splits
-- scripts at every semicolon.)
CREATE FUNCTION product_variant_resummarise(pid TEXT) RETURNS void LANGUAGE plpgsql AS E'
DECLARE s RECORD\073
BEGIN
  SELECT COALESCE(SUM(v.quantity), 0)::int AS total,
         COALESCE(MIN(v."priceCents") FILTER (WHERE v.quantity > 0), MIN(v."priceCents")) AS lowest,
         MAX(v."priceCents") AS highest, count(*) AS n
    INTO s FROM "ProductVariant" v WHERE v."productId" = pid AND v."archivedAt" IS NULL\073
  IF s.n = 0 THEN RETURN\073 END IF\073
  UPDATE "Product" SET quantity = s.total, "updatedAt" = now() WHERE id = pid AND quantity IS DISTINCT FROM s.total\073
  UPDATE "Product" SET "priceCents" = s.lowest, "maxPriceCents" = s.highest, "updatedAt" = now()
    WHERE id = pid AND ("priceCents", "maxPriceCents") IS DISTINCT FROM (s.lowest, s.highest)\073
END';

CREATE FUNCTION product_variant_summary() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  IF TG_OP <> ''DELETE'' THEN PERFORM product_variant_resummarise(NEW."productId")\073 END IF\073
  IF TG_OP = ''DELETE'' OR (TG_OP = ''UPDATE'' AND OLD."productId" <> NEW."productId") THEN
    PERFORM product_variant_resummarise(OLD."productId")\073
  END IF\073
  RETURN NULL\073
END';

CREATE TRIGGER "ProductVariant_summary"
  AFTER INSERT OR DELETE OR UPDATE OF quantity, "priceCents", "archivedAt", "productId" ON "ProductVariant"
  FOR EACH ROW EXECUTE FUNCTION product_variant_summary();

-- A variant's title, SKU, photo or stock shows on its product's page: a "details" change.
CREATE TRIGGER "ProductVariant_details_changed" AFTER INSERT OR UPDATE OR DELETE ON "ProductVariant"
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_details_changed_notify();
CREATE TRIGGER "VariantPhoto_details_changed" AFTER INSERT OR UPDATE OR DELETE ON "VariantPhoto"
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_details_changed_notify();
