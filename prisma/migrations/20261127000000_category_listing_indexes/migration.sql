-- A category's listing in every order, read in order from an index: without
-- these, a category page by price or by name walked the whole catalogue's
-- index and dropped the other categories' rows (8,579 rows read for 49 at
-- page 20 by name, 100,000 products in 8 categories). The ids complete each
-- order, so a deep page's ids come from an index-only scan.
DROP INDEX "Product_categoryId_priceCents_idx";
CREATE INDEX "Product_categoryId_priceCents_id_idx" ON "Product"("categoryId", "priceCents", "id");
CREATE INDEX "Product_categoryId_name_id_idx" ON "Product"("categoryId", "name", "id");
