-- An order's money, stored once (app/domain/orders/money.ts): each line keeps
-- what it was charged (goods, its share of the discount and of the tax, what
-- the buyer paid for it), the order the part of its tax levied on shipping,
-- and each refund what it gave back per line and for the shipping.
ALTER TABLE "OrderLine"
  ADD COLUMN "subtotalCents" INTEGER NOT NULL DEFAULT 0,
  ADD COLUMN "discountCents" INTEGER NOT NULL DEFAULT 0,
  ADD COLUMN "taxCents" INTEGER NOT NULL DEFAULT 0,
  ADD COLUMN "totalCents" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "Order" ADD COLUMN "shippingTaxCents" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "Refund" ADD COLUMN "shippingCents" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "RefundLine" ADD COLUMN "amountCents" INTEGER NOT NULL DEFAULT 0, ADD COLUMN "taxCents" INTEGER NOT NULL DEFAULT 0;

-- Orders made before: the same shares, worked out here by the same rules
-- (largest remainder, the earlier line first on a tie), so their lines and
-- shipping sum exactly to what was charged.
UPDATE "OrderLine" SET "subtotalCents" = "unitPriceCents" * quantity;

-- The discount, shared by the lines' goods.
WITH weighted AS (
  SELECT l.id, l."orderId", l."subtotalCents"::bigint AS w,
         LEAST(o."discountCents"::bigint, SUM(l."subtotalCents") OVER (PARTITION BY l."orderId")::bigint) AS amount,
         SUM(l."subtotalCents") OVER (PARTITION BY l."orderId")::bigint AS total
  FROM "OrderLine" l JOIN "Order" o ON o.id = l."orderId"
  WHERE o."discountCents" > 0
), floored AS (
  SELECT id, "orderId", w, amount, (amount * w) / NULLIF(total, 0) AS share, (amount * w) % NULLIF(total, 0) AS remainder FROM weighted
), ranked AS (
  SELECT id, w, COALESCE(share, 0) AS share,
         amount - SUM(COALESCE(share, 0)) OVER (PARTITION BY "orderId") AS leftover,
         ROW_NUMBER() OVER (PARTITION BY "orderId" ORDER BY (w > 0) DESC, remainder DESC NULLS LAST, id) AS rank
  FROM floored
)
UPDATE "OrderLine" l
SET "discountCents" = ranked.share + CASE WHEN ranked.w > 0 AND ranked.rank <= ranked.leftover THEN 1 ELSE 0 END
FROM ranked WHERE ranked.id = l.id;

-- Shipping's tax: what the order's tax holds beyond the tax of its goods alone
-- (rounded half up, as app/domain/tax/tax.ts does), when it had both.
WITH goods AS (
  SELECT o.id, o."taxCents", o."taxRateMilli"::bigint AS rate, o."taxIncluded",
         (SUM(l."subtotalCents") - SUM(l."discountCents"))::bigint AS net
  FROM "Order" o JOIN "OrderLine" l ON l."orderId" = o.id
  WHERE o."taxCents" > 0 AND o."shippingCents" > 0 AND o."taxRateMilli" IS NOT NULL
  GROUP BY o.id
)
UPDATE "Order" o
SET "shippingTaxCents" = LEAST(o."taxCents", GREATEST(0, o."taxCents" - (
  CASE WHEN goods."taxIncluded"
    THEN (2 * goods.net * goods.rate + (100000 + goods.rate)) / (2 * (100000 + goods.rate))
    ELSE (2 * goods.net * goods.rate + 100000) / 200000
  END)))
FROM goods WHERE goods.id = o.id;

-- The rest of the tax, shared by the lines' goods after their discount.
WITH weighted AS (
  SELECT l.id, l."orderId", (l."subtotalCents" - l."discountCents")::bigint AS w,
         (o."taxCents" - o."shippingTaxCents")::bigint AS amount,
         SUM(l."subtotalCents" - l."discountCents") OVER (PARTITION BY l."orderId")::bigint AS total
  FROM "OrderLine" l JOIN "Order" o ON o.id = l."orderId"
  WHERE o."taxCents" > 0
), floored AS (
  SELECT id, "orderId", w, amount, total, (amount * w) / NULLIF(total, 0) AS share, (amount * w) % NULLIF(total, 0) AS remainder FROM weighted
), ranked AS (
  SELECT id, w, COALESCE(share, 0) AS share,
         CASE WHEN MAX(total) OVER (PARTITION BY "orderId") > 0 THEN amount - SUM(COALESCE(share, 0)) OVER (PARTITION BY "orderId") ELSE 0 END AS leftover,
         ROW_NUMBER() OVER (PARTITION BY "orderId" ORDER BY (w > 0) DESC, remainder DESC NULLS LAST, id) AS rank
  FROM floored
)
UPDATE "OrderLine" l
SET "taxCents" = ranked.share + CASE WHEN ranked.w > 0 AND ranked.rank <= ranked.leftover THEN 1 ELSE 0 END
FROM ranked WHERE ranked.id = l.id;

UPDATE "OrderLine" l
SET "totalCents" = l."subtotalCents" - l."discountCents" + CASE WHEN o."taxIncluded" THEN 0 ELSE l."taxCents" END
FROM "Order" o WHERE o.id = l."orderId";

-- Refunds made before gave back by unit price: their lines' parts are taken
-- as those units' share of what the line was charged (the sales figures
-- subtract them). The amounts refunded (Refund.amountCents) are unchanged.
UPDATE "RefundLine" rl
SET "amountCents" = (l."totalCents"::bigint * rl.quantity / NULLIF(l.quantity, 0))::int,
    "taxCents" = (l."taxCents"::bigint * rl.quantity / NULLIF(l.quantity, 0))::int
FROM "OrderLine" l WHERE l.id = rl."orderLineId";
