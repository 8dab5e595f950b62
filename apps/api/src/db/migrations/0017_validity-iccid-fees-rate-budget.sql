CREATE TABLE "upstream_request_starts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "upstream_request_starts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"account" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "esims" ALTER COLUMN "iccid" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "validity_start" text DEFAULT 'installation' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "checkout_opened_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "fee_allocation" text DEFAULT 'merchant' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "customer_fee_minor" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "upstream_request_starts_account_idx" ON "upstream_request_starts" USING btree ("account","started_at");--> statement-breakpoint
ALTER TABLE "packages" ADD CONSTRAINT "packages_validity_start_check" CHECK ("packages"."validity_start" in ('installation', 'first_connection'));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_fee_allocation_check" CHECK ("payments"."fee_allocation" in ('merchant', 'customer', 'split'));--> statement-breakpoint
-- A checkout opened before this column existed was opened about when its payment was written.
UPDATE "payments" SET "checkout_opened_at" = "created_at" WHERE "checkout_url" IS NOT NULL;
