-- Shipping zones and methods, tax rates and the shop's two tax settings,
-- and what an order freezes of them. With no zone and no rate the shop
-- charges neither, as before.
CREATE TABLE "ShippingZone" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "countries" TEXT[] NOT NULL,
    "regions" TEXT[] NOT NULL DEFAULT ARRAY[]::TEXT[],
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    CONSTRAINT "ShippingZone_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "ShippingMethod" (
    "id" TEXT NOT NULL,
    "zoneId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "priceCents" INTEGER NOT NULL,
    "freeFromCents" INTEGER,
    "estimate" TEXT,
    "position" INTEGER NOT NULL,
    CONSTRAINT "ShippingMethod_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "ShippingMethod_price_not_negative" CHECK ("priceCents" >= 0 AND ("freeFromCents" IS NULL OR "freeFromCents" >= 0))
);
ALTER TABLE "ShippingMethod" ADD CONSTRAINT "ShippingMethod_zoneId_fkey"
    FOREIGN KEY ("zoneId") REFERENCES "ShippingZone"("id") ON DELETE CASCADE ON UPDATE CASCADE;
CREATE INDEX "ShippingMethod_zoneId_position_idx" ON "ShippingMethod"("zoneId", "position");

-- A rate in thousandths of a percent (8.875 % is 8875), so tax is integer arithmetic.
CREATE TABLE "TaxRate" (
    "id" TEXT NOT NULL,
    "country" TEXT NOT NULL,
    "region" TEXT,
    "rateMilli" INTEGER NOT NULL,
    "name" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    CONSTRAINT "TaxRate_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "TaxRate_rate_range" CHECK ("rateMilli" >= 0 AND "rateMilli" <= 100000)
);
-- One rate per country, and one per region of it.
CREATE UNIQUE INDEX "TaxRate_country_region_key" ON "TaxRate" ("country", COALESCE("region", ''));

-- The shop's tax settings: one row.
CREATE TABLE "TaxSettings" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "pricesIncludeTax" BOOLEAN NOT NULL DEFAULT false,
    "taxShipping" BOOLEAN NOT NULL DEFAULT false,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "TaxSettings_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "TaxSettings_one_row" CHECK ("id" = 1)
);

-- Where a buyer last had an order delivered, offered at their next checkout.
ALTER TABLE "User" ADD COLUMN "shipTo" JSONB;

-- An order freezes where it goes, how and at what cost, and its tax:
-- totalCents = subtotal - discount + shipping (+ tax when added).
ALTER TABLE "Order" ADD COLUMN "shipLine1" TEXT;
ALTER TABLE "Order" ADD COLUMN "shipLine2" TEXT;
ALTER TABLE "Order" ADD COLUMN "shipCity" TEXT;
ALTER TABLE "Order" ADD COLUMN "shipRegion" TEXT;
ALTER TABLE "Order" ADD COLUMN "shipPostalCode" TEXT;
ALTER TABLE "Order" ADD COLUMN "shipCountry" TEXT;
ALTER TABLE "Order" ADD COLUMN "shippingMethod" TEXT;
ALTER TABLE "Order" ADD COLUMN "shippingEstimate" TEXT;
ALTER TABLE "Order" ADD COLUMN "shippingCents" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "Order" ADD COLUMN "taxCents" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "Order" ADD COLUMN "taxRateMilli" INTEGER;
ALTER TABLE "Order" ADD COLUMN "taxIncluded" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "Order" ADD COLUMN "taxName" TEXT;
ALTER TABLE "Order" ADD CONSTRAINT "Order_shipping_tax_not_negative" CHECK ("shippingCents" >= 0 AND "taxCents" >= 0);
