-- Facets (app/domain/catalog/facets.server.ts): a listing narrowed to an
-- option's value probes each candidate product's variants on sale, and a
-- listing's facet counts read the variants of every product it holds, both
-- by product. This index holds exactly that: the variants on sale by product,
-- with their options and stock beside the key, so both read the index alone
-- (an index-only scan) instead of visiting each variant's row.
-- No index over option values themselves (GIN over the jsonb): every facet
-- narrows a listing that is already found by its keyword or its category, so
-- the variants are always reached from a product, never the other way round.
CREATE INDEX "ProductVariant_on_sale_facets_idx" ON "ProductVariant" ("productId") INCLUDE ("quantity", "options") WHERE "archivedAt" IS NULL;
