-- A product's declared options and a variant's option values are searched
-- (the search document holds them) and are what the facets offer, so
-- changing them changes what a search finds and which options exist: a
-- "catalog" change (app/utils/catalog-bus.ts), like a rename, whatever
-- writes it. Before, only the app's own writes said so, and an UPDATE of these
-- columns alone sent a "details" change, which keeps the listing caches.
DROP TRIGGER "Product_catalog_changed" ON "Product";
CREATE TRIGGER "Product_catalog_changed"
  AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF id, name, description, "priceCents", "categoryId", "createdAt", options ON "Product"
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_changed_notify();

DROP TRIGGER "ProductVariant_catalog_changed" ON "ProductVariant";
CREATE TRIGGER "ProductVariant_catalog_changed"
  AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF sku, "archivedAt", "productId", options ON "ProductVariant"
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_changed_notify();
