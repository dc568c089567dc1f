-- One search index (app/domain/catalog/search.server.ts): each product keeps
-- a weighted full-text document, "searchVector", read through a GIN index.
--   A: its name and the SKUs of its variants on sale
--   B: its category's name and its options' values (Size M, Colour Red)
--   C: its description
-- Text is folded to plain letters first (unaccent behind an IMMUTABLE
-- wrapper, which an index and a stored column need), so "cafe" finds "Café".
-- The english configuration stems words, so "lamps" finds "Lamp".
-- Triggers keep it current whatever writes the catalogue (the admin, the
-- API, a script): a product's own columns, its variants' SKUs, its
-- category's name. Those writes already NOTIFY catalog_changed, so every
-- instance's caches drop as before.
-- "SearchWord" holds the catalogue's distinct words, folded and lower case,
-- for correcting a word that matches nothing (pg_trgm similarity over a
-- table of words, as PostgreSQL's documentation suggests for spelling).
-- Words are only ever added: one that no longer matches anything is never
-- offered, since a correction is checked against the index before use.
-- (Semicolons in the bodies are written \073: the migration runner splits
-- scripts at every semicolon.)
CREATE EXTENSION IF NOT EXISTS unaccent;

CREATE FUNCTION search_unaccent(text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $fn$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $fn$;

-- The distinct words of a text, as the corrections table keeps them.
CREATE FUNCTION search_words(body text) RETURNS SETOF text LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $fn$ SELECT w FROM unnest(tsvector_to_array(to_tsvector('simple', search_unaccent(body)))) w
          WHERE length(w) BETWEEN 3 AND 40 AND w !~ '^[0-9.,-]+$' $fn$;

-- The values of a product's options ([{ "name": "Size", "values": ["S", "M"] }]) as one text.
CREATE FUNCTION search_option_values(options jsonb) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $fn$ SELECT COALESCE(string_agg(v, ' '), '') FROM jsonb_array_elements(CASE WHEN jsonb_typeof(options) = 'array' THEN options ELSE '[]' END) o,
          jsonb_array_elements_text(CASE WHEN jsonb_typeof(o->'values') = 'array' THEN o->'values' ELSE '[]' END) v $fn$;

CREATE FUNCTION product_search_document(pid text, pname text, pdescription text, pcategory text, poptions jsonb)
  RETURNS tsvector LANGUAGE sql STABLE
  AS $fn$ SELECT
      setweight(to_tsvector('english', search_unaccent(COALESCE(pname, ''))), 'A')
   || setweight(COALESCE((SELECT array_to_tsvector(array_agg(DISTINCT lower(v.sku))) FROM "ProductVariant" v
                          WHERE v."productId" = pid AND v."archivedAt" IS NULL AND v.sku IS NOT NULL AND v.sku <> ''), ''::tsvector), 'A')
   || setweight(to_tsvector('english', search_unaccent(COALESCE((SELECT c.name FROM "Category" c WHERE c.id = pcategory), ''))), 'B')
   || setweight(to_tsvector('english', search_unaccent(search_option_values(poptions))), 'B')
   || setweight(to_tsvector('english', search_unaccent(COALESCE(pdescription, ''))), 'C') $fn$;

CREATE TABLE "SearchWord" ("word" TEXT NOT NULL PRIMARY KEY);
CREATE INDEX "SearchWord_word_trgm_idx" ON "SearchWord" USING GIN ("word" gin_trgm_ops);

ALTER TABLE "Product" ADD COLUMN "searchVector" tsvector;

CREATE FUNCTION product_search_refresh() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  NEW."searchVector" := product_search_document(NEW.id, NEW.name, NEW.description, NEW."categoryId", NEW.options)\073
  INSERT INTO "SearchWord" (word)
    SELECT search_words(NEW.name || '' '' || NEW.description || '' '' || search_option_values(NEW.options))
    ON CONFLICT DO NOTHING\073
  RETURN NEW\073
END';

CREATE TRIGGER "Product_search_refresh"
  BEFORE INSERT OR UPDATE OF name, description, "categoryId", options ON "Product"
  FOR EACH ROW EXECUTE FUNCTION product_search_refresh();

-- Setting only "searchVector" fires none of the Product triggers above but the details one.
CREATE FUNCTION product_search_reindex(pid text) RETURNS void LANGUAGE sql
  AS $fn$ UPDATE "Product" p SET "searchVector" = product_search_document(p.id, p.name, p.description, p."categoryId", p.options)
          WHERE p.id = pid $fn$;

CREATE FUNCTION variant_search_refresh() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  IF TG_OP <> ''DELETE'' THEN PERFORM product_search_reindex(NEW."productId")\073 END IF\073
  IF TG_OP = ''DELETE'' OR (TG_OP = ''UPDATE'' AND OLD."productId" <> NEW."productId") THEN
    PERFORM product_search_reindex(OLD."productId")\073
  END IF\073
  RETURN NULL\073
END';

CREATE TRIGGER "ProductVariant_search_refresh"
  AFTER INSERT OR DELETE OR UPDATE OF sku, "archivedAt", "productId" ON "ProductVariant"
  FOR EACH ROW EXECUTE FUNCTION variant_search_refresh();

CREATE FUNCTION category_search_refresh() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  INSERT INTO "SearchWord" (word) SELECT search_words(NEW.name) ON CONFLICT DO NOTHING\073
  IF TG_OP = ''UPDATE'' AND NEW.name IS DISTINCT FROM OLD.name THEN
    UPDATE "Product" p SET "searchVector" = product_search_document(p.id, p.name, p.description, p."categoryId", p.options)
      WHERE p."categoryId" = NEW.id\073
  END IF\073
  RETURN NULL\073
END';

CREATE TRIGGER "Category_search_refresh"
  AFTER INSERT OR UPDATE OF name ON "Category"
  FOR EACH ROW EXECUTE FUNCTION category_search_refresh();

-- What is already there.
UPDATE "Product" p SET "searchVector" = product_search_document(p.id, p.name, p.description, p."categoryId", p.options);
INSERT INTO "SearchWord" (word)
  SELECT search_words(p.name || ' ' || p.description || ' ' || search_option_values(p.options)) FROM "Product" p
  UNION SELECT search_words(c.name) FROM "Category" c
  ON CONFLICT DO NOTHING;

CREATE INDEX "Product_searchVector_idx" ON "Product" USING GIN ("searchVector");

-- Relevance puts the product named exactly as the keyword first (ignoring case and accents): found by this index.
CREATE INDEX "Product_name_folded_idx" ON "Product" (lower(search_unaccent(name)));
