-- An order placed through a pay-for-me link names its link (decision 082): the link finds its orders by this column,
-- and the traveller's own unpaid-order cap leaves them out.
ALTER TABLE "orders" ADD COLUMN "pay_link_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_pay_link_id_pay_links_id_fk" FOREIGN KEY ("pay_link_id") REFERENCES "public"."pay_links"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_pay_link_idx" ON "orders" USING btree ("pay_link_id") WHERE "pay_link_id" is not null;--> statement-breakpoint
-- Orders placed before this column named their link in their client reference (pay-link:<id>:<attempt>).
UPDATE "orders" SET "pay_link_id" = split_part("client_reference", ':', 2)::uuid
WHERE "client_reference" LIKE 'pay-link:%' AND EXISTS (
  SELECT 1 FROM "pay_links" WHERE "pay_links"."id"::text = split_part("orders"."client_reference", ':', 2)
);
