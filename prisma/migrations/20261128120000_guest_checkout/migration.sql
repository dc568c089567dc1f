-- Guest checkout: an order may have no account. Every order now carries the
-- e-mail it was placed with (lower-case), which guest orders are known by.
ALTER TABLE "Order" ALTER COLUMN "buyerId" DROP NOT NULL;
ALTER TABLE "Order" ADD COLUMN "email" TEXT;
UPDATE "Order" o SET "email" = lower(u.email) FROM "User" u WHERE u.id = o."buyerId";
UPDATE "Order" SET "email" = '' WHERE "email" IS NULL;
ALTER TABLE "Order" ALTER COLUMN "email" SET NOT NULL;
ALTER TABLE "Order" ALTER COLUMN "email" SET DEFAULT '';
-- The browser a guest checks out from (a random key in a signed cookie): its attempts replace each other as a buyer's do.
ALTER TABLE "Order" ADD COLUMN "guestKey" TEXT;
-- The buyer ticked "Send me news and offers" at this checkout.
ALTER TABLE "Order" ADD COLUMN "marketingOptIn" BOOLEAN NOT NULL DEFAULT false;
-- Abandoned checkouts: when the reminder job judged this attempt abandoned, when it reminded, and the order that recovered it.
ALTER TABLE "Order" ADD COLUMN "abandonedAt" TIMESTAMP(3);
ALTER TABLE "Order" ADD COLUMN "remindedAt" TIMESTAMP(3);
ALTER TABLE "Order" ADD COLUMN "recoveredFromId" TEXT;
CREATE UNIQUE INDEX "Order_recoveredFromId_key" ON "Order"("recoveredFromId");
ALTER TABLE "Order" ADD CONSTRAINT "Order_recoveredFromId_fkey" FOREIGN KEY ("recoveredFromId") REFERENCES "Order"("id") ON DELETE SET NULL ON UPDATE CASCADE;
CREATE INDEX "Order_email_createdAt_idx" ON "Order"("email", "createdAt");
CREATE INDEX "Order_guestKey_idx" ON "Order"("guestKey");
CREATE INDEX "Order_abandonedAt_idx" ON "Order"("abandonedAt");

-- The owner's checkout settings (one row, id 1).
CREATE TABLE "CheckoutSettings" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "guestCheckout" BOOLEAN NOT NULL DEFAULT false,
    "abandonedEnabled" BOOLEAN NOT NULL DEFAULT true,
    "abandonedDelayMinutes" INTEGER NOT NULL DEFAULT 600,
    "abandonedAudience" TEXT NOT NULL DEFAULT 'subscribers',
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "CheckoutSettings_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "CheckoutSettings_one_row" CHECK ("id" = 1),
    CONSTRAINT "CheckoutSettings_delay" CHECK ("abandonedDelayMinutes" BETWEEN 1 AND 43200),
    CONSTRAINT "CheckoutSettings_audience" CHECK ("abandonedAudience" IN ('subscribers', 'everyone'))
);

-- Who may get marketing e-mail (abandoned-checkout reminders among them), by lower-case address.
CREATE TABLE "MarketingContact" (
    "email" TEXT NOT NULL,
    "subscribedAt" TIMESTAMP(3),
    "unsubscribedAt" TIMESTAMP(3),
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "MarketingContact_pkey" PRIMARY KEY ("email")
);
