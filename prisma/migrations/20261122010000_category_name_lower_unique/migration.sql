-- Category names are unique ignoring case (the app compares lower(name)),
-- now also when two admins create "Lamps" and "lamps" at the same moment.
CREATE UNIQUE INDEX "Category_name_lower_key" ON "Category" (lower(name));
