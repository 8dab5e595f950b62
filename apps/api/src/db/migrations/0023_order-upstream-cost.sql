-- What an order (or a top-up) cost at the upstream, recorded before it is bought (decision 065): USD × 10 000 for the
-- whole order (unit × quantity) and the DZD-per-USD rate of that moment, so its cost in dinars stays what it was after
-- the rate changes. Null on orders bought before this: their cost is unknown, never 0.
ALTER TABLE "orders" ADD COLUMN "upstream_cost_usd_e4" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "upstream_dzd_per_usd" numeric(12, 4);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_upstream_cost_check" CHECK (("orders"."upstream_cost_usd_e4" is null) = ("orders"."upstream_dzd_per_usd" is null));
