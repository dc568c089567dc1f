-- Every write to the catalogue tables tells every app instance to drop its
-- caches (NOTIFY catalog_changed, delivered when the transaction commits,
-- never when it rolls back). The app's models also call catalogChanged()
-- after their writes, and this catches the rest: a script, a fixture, an
-- operator's psql session. One notification per statement, not per row.
-- (The body's semicolons are written \073: the migration runner splits
-- scripts at every semicolon, even inside a quoted function body.)
CREATE FUNCTION catalog_changed_notify() RETURNS trigger LANGUAGE plpgsql
  AS E'BEGIN PERFORM pg_notify(''catalog_changed'', TG_TABLE_NAME)\073 RETURN NULL\073 END';

CREATE TRIGGER "Category_catalog_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "Category"
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_changed_notify();
CREATE TRIGGER "Product_catalog_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "Product"
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_changed_notify();
CREATE TRIGGER "ProductPhoto_catalog_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "ProductPhoto"
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_changed_notify();
