-- Returns (app/domain/returns/): a customer asks to send back shipped units,
-- the owner approves or declines, marks the parcel received (restocking per
-- line) and refunds the received lines through the refund path. The domain
-- takes the return's row lock before each step and checks its state.
CREATE TYPE "ReturnStatus" AS ENUM ('REQUESTED', 'APPROVED', 'DECLINED', 'RECEIVED', 'REFUNDED');

CREATE TYPE "ReturnReason" AS ENUM ('WRONG_SIZE', 'DAMAGED', 'NOT_AS_DESCRIBED', 'CHANGED_MIND', 'OTHER');

CREATE TABLE "Return" (
    "id" TEXT NOT NULL,
    "number" SERIAL NOT NULL,
    "orderId" TEXT NOT NULL,
    "status" "ReturnStatus" NOT NULL DEFAULT 'REQUESTED',
    "reason" "ReturnReason" NOT NULL,
    "note" TEXT,
    "instructions" TEXT,
    "declineReason" TEXT,
    "refundId" TEXT,
    "requestedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "decidedAt" TIMESTAMP(3),
    "receivedAt" TIMESTAMP(3),
    "refundedAt" TIMESTAMP(3),
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Return_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "ReturnLine" (
    "id" TEXT NOT NULL,
    "returnId" TEXT NOT NULL,
    "orderLineId" TEXT NOT NULL,
    "quantity" INTEGER NOT NULL,
    "received" INTEGER NOT NULL DEFAULT 0,
    "restocked" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "ReturnLine_pkey" PRIMARY KEY ("id"),
    -- At least one unit asked, never more received than asked, nor restocked than received.
    CONSTRAINT "ReturnLine_quantities" CHECK ("quantity" > 0 AND "received" >= 0 AND "received" <= "quantity" AND "restocked" >= 0 AND "restocked" <= "received")
);

CREATE UNIQUE INDEX "Return_number_key" ON "Return"("number");
CREATE UNIQUE INDEX "Return_refundId_key" ON "Return"("refundId");
CREATE INDEX "Return_orderId_idx" ON "Return"("orderId");
CREATE INDEX "Return_status_requestedAt_idx" ON "Return"("status", "requestedAt");
CREATE INDEX "Return_requestedAt_idx" ON "Return"("requestedAt");
CREATE UNIQUE INDEX "ReturnLine_returnId_orderLineId_key" ON "ReturnLine"("returnId", "orderLineId");
CREATE INDEX "ReturnLine_orderLineId_idx" ON "ReturnLine"("orderLineId");

ALTER TABLE "Return" ADD CONSTRAINT "Return_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "Order"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "Return" ADD CONSTRAINT "Return_refundId_fkey" FOREIGN KEY ("refundId") REFERENCES "Refund"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "ReturnLine" ADD CONSTRAINT "ReturnLine_returnId_fkey" FOREIGN KEY ("returnId") REFERENCES "Return"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "ReturnLine" ADD CONSTRAINT "ReturnLine_orderLineId_fkey" FOREIGN KEY ("orderLineId") REFERENCES "OrderLine"("id") ON DELETE CASCADE ON UPDATE CASCADE;
