-- Listings order by one column and the id (so paging is deterministic), and these
-- indexes hold exactly those orders, so a page is read in order from an index
-- and a deep page finds its ids by an index-only scan, without reading the
-- rows it skips. Category pages (newest first) get their own.
DROP INDEX "Product_createdAt_idx";
CREATE INDEX "Product_createdAt_id_idx" ON "Product"("createdAt", "id");
DROP INDEX "Product_priceCents_idx";
CREATE INDEX "Product_priceCents_id_idx" ON "Product"("priceCents", "id");
DROP INDEX "Product_name_idx";
CREATE INDEX "Product_name_id_idx" ON "Product"("name", "id");
CREATE INDEX "Product_categoryId_createdAt_id_idx" ON "Product"("categoryId", "createdAt", "id");
