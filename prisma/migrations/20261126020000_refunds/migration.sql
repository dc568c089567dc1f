-- Refunds an admin makes on a paid order (lines, quantities, reason, restock),
-- the running refunded amount on the order, and an index for the sales figures.
CREATE TYPE "RefundStatus" AS ENUM ('PENDING', 'SUCCEEDED', 'FAILED');

ALTER TABLE "Order" ADD COLUMN "refundedCents" INTEGER NOT NULL DEFAULT 0;
-- Orders refunded in full before this table existed (the automatic refunds) gave back everything.
UPDATE "Order" SET "refundedCents" = "totalCents" WHERE "paymentStatus" = 'REFUNDED';
ALTER TABLE "Order" ADD CONSTRAINT "Order_refundedCents_check" CHECK ("refundedCents" >= 0 AND "refundedCents" <= "totalCents");
CREATE INDEX "Order_paidAt_idx" ON "Order"("paidAt");
-- The admin's order list and CSV export read newest first with ids breaking ties (keyset batches).
CREATE INDEX "Order_createdAt_id_idx" ON "Order"("createdAt", "id");

CREATE TABLE "Refund" (
    "id" TEXT NOT NULL,
    "orderId" TEXT NOT NULL,
    "amountCents" INTEGER NOT NULL,
    "reason" TEXT NOT NULL,
    "restocked" BOOLEAN NOT NULL,
    "byId" TEXT,
    "status" "RefundStatus" NOT NULL DEFAULT 'PENDING',
    "stripeRefundId" TEXT,
    "requestKey" TEXT,
    "failure" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    CONSTRAINT "Refund_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "Refund_amountCents_check" CHECK ("amountCents" > 0)
);
CREATE UNIQUE INDEX "Refund_requestKey_key" ON "Refund"("requestKey");
CREATE INDEX "Refund_orderId_idx" ON "Refund"("orderId");
CREATE INDEX "Refund_status_idx" ON "Refund"("status");
ALTER TABLE "Refund" ADD CONSTRAINT "Refund_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "Order"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "Refund" ADD CONSTRAINT "Refund_byId_fkey" FOREIGN KEY ("byId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

CREATE TABLE "RefundLine" (
    "id" TEXT NOT NULL,
    "refundId" TEXT NOT NULL,
    "orderLineId" TEXT NOT NULL,
    "quantity" INTEGER NOT NULL,
    CONSTRAINT "RefundLine_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "RefundLine_quantity_check" CHECK ("quantity" > 0)
);
CREATE INDEX "RefundLine_refundId_idx" ON "RefundLine"("refundId");
CREATE INDEX "RefundLine_orderLineId_idx" ON "RefundLine"("orderLineId");
ALTER TABLE "RefundLine" ADD CONSTRAINT "RefundLine_refundId_fkey" FOREIGN KEY ("refundId") REFERENCES "Refund"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "RefundLine" ADD CONSTRAINT "RefundLine_orderLineId_fkey" FOREIGN KEY ("orderLineId") REFERENCES "OrderLine"("id") ON DELETE CASCADE ON UPDATE CASCADE;
