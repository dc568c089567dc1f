-- Stock is reserved when checkout starts and held for the life of the
-- Checkout Session: the order's quantities are taken from "Product".quantity
-- at once and given back if the session is cancelled or expires.
-- "reservedUntil" is set while an order holds stock (null once the stock is
-- sold to it or given back), and the sweep releases holds past that time.
ALTER TABLE "Order" ADD COLUMN "reservedUntil" TIMESTAMP(3);
ALTER TABLE "Order" ADD COLUMN "stripePaymentIntentId" TEXT;
-- Why a payment needs the admin (amount mismatch, refund given or failed).
ALTER TABLE "Order" ADD COLUMN "paymentNote" TEXT;
CREATE INDEX "Order_reservedUntil_idx" ON "Order"("reservedUntil");
CREATE INDEX "Order_paymentStatus_idx" ON "Order"("paymentStatus");

-- Attempts that ended without payment, payments given back, and payments the
-- shop refused to fulfil (e.g. an amount that is not the order's total).
ALTER TYPE "PaymentStatus" ADD VALUE 'CANCELLED';
ALTER TYPE "PaymentStatus" ADD VALUE 'REFUND_PENDING';
ALTER TYPE "PaymentStatus" ADD VALUE 'REFUNDED';
ALTER TYPE "PaymentStatus" ADD VALUE 'NEEDS_REVIEW';

-- Stock never below zero, whatever code path writes it.
ALTER TABLE "Product" ADD CONSTRAINT "Product_quantity_not_negative" CHECK (quantity >= 0);
