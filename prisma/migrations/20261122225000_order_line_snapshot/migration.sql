-- Order lines freeze the description and slug of the product too, as they
-- do its name and price (the old client shows the description in orders).
-- No semicolons inside comments here: the pg driver adapter that applies
-- migrations splits the script at every one.

-- AlterTable: add the columns with a temporary default so existing rows get a value.
ALTER TABLE "OrderLine" ADD COLUMN "description" TEXT NOT NULL DEFAULT '',
ADD COLUMN "slug" TEXT NOT NULL DEFAULT '';

-- Backfill: the values of the product where it still exists, and the empty
-- strings for lines whose product was deleted.
UPDATE "OrderLine" AS l
SET "description" = p."description", "slug" = p."slug"
FROM "Product" AS p
WHERE p."id" = l."productId";

-- New lines must be given both, as name and price are: no default.
ALTER TABLE "OrderLine" ALTER COLUMN "description" DROP DEFAULT,
ALTER COLUMN "slug" DROP DEFAULT;
