-- The package bought upstream in place of the order's own when the upstream withdrew it (decision 083): recorded with
-- the cost, before the purchase, so a run resumed after a crash stores the eSIMs of what was really bought.
ALTER TABLE "orders" ADD COLUMN "stand_in_package_id" uuid REFERENCES "packages"("id");
