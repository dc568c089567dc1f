-- The public origin the buyer checked out on, for links e-mailed later outside a request.
ALTER TABLE "Order" ADD COLUMN "origin" TEXT;
