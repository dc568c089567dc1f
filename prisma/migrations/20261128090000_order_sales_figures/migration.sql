-- What an order's goods were charged (after the discount, without tax) and how
-- many units it sold: the sums of its lines' stored charges (totalCents -
-- taxCents, quantity), kept on the order so the back office's sales figures
-- read one row per order instead of joining every line of every order paid in
-- the period. A trigger keeps them, whatever writes the lines (checkout, a
-- fixture, a script). The body's semicolons are written \073: the migration
-- runner splits scripts at every semicolon, even inside a quoted body.
ALTER TABLE "Order" ADD COLUMN "goodsChargedCents" INTEGER NOT NULL DEFAULT 0,
  ADD COLUMN "units" INTEGER NOT NULL DEFAULT 0;

UPDATE "Order" o SET "goodsChargedCents" = s.goods, "units" = s.units
FROM (SELECT "orderId", sum("totalCents" - "taxCents") AS goods, sum(quantity) AS units FROM "OrderLine" GROUP BY "orderId") s
WHERE s."orderId" = o.id;

CREATE FUNCTION order_line_sales_figures() RETURNS trigger LANGUAGE plpgsql
  AS E'BEGIN '
     'IF TG_OP <> ''INSERT'' THEN UPDATE "Order" SET "goodsChargedCents" = "goodsChargedCents" - (OLD."totalCents" - OLD."taxCents"), '
     '"units" = "units" - OLD.quantity WHERE id = OLD."orderId"\073 END IF\073 '
     'IF TG_OP <> ''DELETE'' THEN UPDATE "Order" SET "goodsChargedCents" = "goodsChargedCents" + (NEW."totalCents" - NEW."taxCents"), '
     '"units" = "units" + NEW.quantity WHERE id = NEW."orderId"\073 END IF\073 '
     'RETURN NULL\073 END';

CREATE TRIGGER "OrderLine_sales_figures" AFTER INSERT OR DELETE OR UPDATE OF "totalCents", "taxCents", quantity, "orderId" ON "OrderLine"
  FOR EACH ROW EXECUTE FUNCTION order_line_sales_figures();
