-- Two kinds of catalogue change (app/utils/catalog-bus.ts). A write that can
-- add, remove, rename, re-describe, re-price, re-date or move a product
-- changes listings, their counts and their order: NOTIFY catalog_changed
-- 'Product', as before. Any other update of a product (stock taken by an
-- order, shipping, the address) changes only what pages show: NOTIFY
-- catalog_changed 'details:Product', so pages are dropped but the listing
-- caches are kept. The second trigger fires on every UPDATE, so an update
-- of both kinds sends both. (Semicolons in the body are written \073: the
-- migration runner splits scripts at every semicolon.)
CREATE FUNCTION catalog_details_changed_notify() RETURNS trigger LANGUAGE plpgsql
  AS E'BEGIN PERFORM pg_notify(''catalog_changed'', ''details:'' || TG_TABLE_NAME)\073 RETURN NULL\073 END';

DROP TRIGGER "Product_catalog_changed" ON "Product";

CREATE TRIGGER "Product_catalog_changed"
  AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF id, name, description, "priceCents", "categoryId", "createdAt" ON "Product"
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_changed_notify();
CREATE TRIGGER "Product_details_changed" AFTER UPDATE ON "Product"
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_details_changed_notify();
