-- Product names are unique ignoring case, as category names are: two products
-- told apart only by a numbered address confused shoppers and admins (D19), and
-- the index makes the rule hold when two admins save one name at once.
-- Names already shared keep the oldest as it is, the others get (2), (3), ...
-- appended, so the index can be built on any existing shop.
UPDATE "Product" p
SET name = p.name || ' (' || d.n || ')'
FROM (SELECT id, row_number() OVER (PARTITION BY lower(name) ORDER BY "createdAt", id) AS n FROM "Product") d
WHERE d.id = p.id AND d.n > 1;

CREATE UNIQUE INDEX "Product_name_lower_key" ON "Product" (lower(name));
