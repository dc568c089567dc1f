-- Discount codes, and the discount each order was placed with. A code has
-- exactly one kind of amount, and is stored upper-case (so unique ignoring case).

CREATE TABLE "Discount" (
    "id" TEXT NOT NULL,
    "code" TEXT NOT NULL,
    "percentOff" INTEGER,
    "amountOffCents" INTEGER,
    "minSubtotalCents" INTEGER,
    "startsAt" TIMESTAMP(3),
    "endsAt" TIMESTAMP(3),
    "maxUses" INTEGER,
    "oncePerCustomer" BOOLEAN NOT NULL DEFAULT false,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "usesReserved" INTEGER NOT NULL DEFAULT 0,
    "usesPaid" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    CONSTRAINT "Discount_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "Discount_one_amount" CHECK (("percentOff" IS NULL) <> ("amountOffCents" IS NULL)),
    CONSTRAINT "Discount_percent_range" CHECK ("percentOff" IS NULL OR "percentOff" BETWEEN 1 AND 100),
    CONSTRAINT "Discount_amount_positive" CHECK ("amountOffCents" IS NULL OR "amountOffCents" > 0),
    CONSTRAINT "Discount_code_upper" CHECK ("code" = upper("code")),
    CONSTRAINT "Discount_uses_nonnegative" CHECK ("usesReserved" >= 0 AND "usesPaid" >= 0)
);
CREATE UNIQUE INDEX "Discount_code_key" ON "Discount"("code");
CREATE INDEX "Discount_createdAt_idx" ON "Discount"("createdAt");

ALTER TABLE "Order" ADD COLUMN "subtotalCents" INTEGER;
ALTER TABLE "Order" ADD COLUMN "discountCents" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "Order" ADD COLUMN "discountCode" TEXT;
ALTER TABLE "Order" ADD COLUMN "discountId" TEXT;
ALTER TABLE "Order" ADD CONSTRAINT "Order_discountId_fkey" FOREIGN KEY ("discountId") REFERENCES "Discount"("id") ON DELETE SET NULL ON UPDATE CASCADE;
CREATE INDEX "Order_discountId_buyerId_idx" ON "Order"("discountId", "buyerId");
