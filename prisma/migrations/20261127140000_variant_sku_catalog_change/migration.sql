-- A variant's SKU is searched (a keyword equal to it finds its product), so
-- adding, removing, archiving or re-labelling a variant changes what a search
-- finds, its count and where its matches start: a "catalog" change like a
-- product's rename, which empties the listing caches on every instance
-- (app/utils/catalog-bus.ts). Other variant changes (stock, price through the
-- product's own summary, photos) stay "details".
CREATE TRIGGER "ProductVariant_catalog_changed"
  AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF sku, "archivedAt", "productId" ON "ProductVariant"
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_changed_notify();
