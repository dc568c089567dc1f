-- Rows bulk-inserted into a GIN index with fastupdate on wait in its pending
-- list until the next vacuum, and the planner then prefers a sequential scan
-- for search (seen in bench/catalog.js: 18 ms instead of 1 ms a query). A shop
-- writes products rarely and searches often, so write them straight in.
ALTER INDEX "Product_name_trgm_idx" SET (fastupdate = off);
ALTER INDEX "Product_description_trgm_idx" SET (fastupdate = off);
