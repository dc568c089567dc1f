-- Orders get a short number people can read and say (#10001 up, in order of
-- creation for the orders that exist), the ship-to details as they were when
-- the order was placed, and a history of status and payment changes.

CREATE SEQUENCE "Order_number_seq" START WITH 10001;
ALTER TABLE "Order" ADD COLUMN "number" INTEGER;
UPDATE "Order" o SET "number" = n.num
FROM (SELECT id, 10000 + row_number() OVER (ORDER BY "createdAt", id) AS num FROM "Order") n
WHERE n.id = o.id;
SELECT setval('"Order_number_seq"', GREATEST(10000, (SELECT COALESCE(max("number"), 10000) FROM "Order")));
ALTER TABLE "Order" ALTER COLUMN "number" SET DEFAULT nextval('"Order_number_seq"');
ALTER TABLE "Order" ALTER COLUMN "number" SET NOT NULL;
ALTER SEQUENCE "Order_number_seq" OWNED BY "Order"."number";
CREATE UNIQUE INDEX "Order_number_key" ON "Order"("number");

-- Existing orders take the buyer's current profile: the best record there is of where they shipped.
ALTER TABLE "Order" ADD COLUMN "shipName" TEXT NOT NULL DEFAULT '';
ALTER TABLE "Order" ADD COLUMN "shipAddress" TEXT NOT NULL DEFAULT '';
ALTER TABLE "Order" ADD COLUMN "shipPhone" TEXT NOT NULL DEFAULT '';
UPDATE "Order" o SET "shipName" = u.name, "shipAddress" = u.address, "shipPhone" = u.phone
FROM "User" u WHERE u.id = o."buyerId";

CREATE TABLE "OrderEvent" (
  "id" TEXT NOT NULL DEFAULT gen_random_uuid()::text,
  "orderId" TEXT NOT NULL,
  "at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "status" "OrderStatus" NOT NULL,
  "paymentStatus" "PaymentStatus" NOT NULL,
  CONSTRAINT "OrderEvent_pkey" PRIMARY KEY ("id"),
  CONSTRAINT "OrderEvent_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "Order"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "OrderEvent_orderId_at_idx" ON "OrderEvent"("orderId", "at");

-- Existing orders start their history with what they are now, dated when they were placed.
INSERT INTO "OrderEvent" ("orderId", "at", "status", "paymentStatus")
SELECT id, "createdAt", status, "paymentStatus" FROM "Order";

-- Every insert, and every change of status or payment status, by any code path or script, is recorded.
-- The placing is dated when the order was created, each change by clock_timestamp() (not now():
-- two changes in one transaction keep their order).
-- (The body's semicolons are written \073: the migration runner splits scripts at every semicolon.)
CREATE FUNCTION order_event_record() RETURNS trigger LANGUAGE plpgsql
  AS E'BEGIN IF TG_OP = ''INSERT'' OR NEW.status IS DISTINCT FROM OLD.status OR NEW."paymentStatus" IS DISTINCT FROM OLD."paymentStatus" THEN INSERT INTO "OrderEvent" ("orderId", at, status, "paymentStatus") VALUES (NEW.id, CASE WHEN TG_OP = ''INSERT'' THEN NEW."createdAt" ELSE clock_timestamp() END, NEW.status, NEW."paymentStatus")\073 END IF\073 RETURN NULL\073 END';
CREATE TRIGGER order_event_after_write AFTER INSERT OR UPDATE OF status, "paymentStatus" ON "Order"
FOR EACH ROW EXECUTE FUNCTION order_event_record();
