-- Pay-for-me links (decision 077): a traveller asks a relative to pay a top-up or a new eSIM by a link. The
-- link's token is stored hashed (SHA-256) only; its price is fixed when it is made; its order is the traveller's.
CREATE TABLE "pay_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL REFERENCES "users"("id"),
	"client_reference" text NOT NULL,
	"token_hash" text NOT NULL,
	"kind" text NOT NULL,
	"target_esim_id" uuid REFERENCES "esims"("id"),
	"package_id" uuid NOT NULL REFERENCES "packages"("id"),
	"unit_price_dzd_minor" integer NOT NULL,
	"discount_dzd_minor" integer NOT NULL,
	"service_fee_dzd_minor" integer NOT NULL,
	"total_dzd_minor" integer NOT NULL,
	"customer_fee_dzd_minor" integer NOT NULL,
	"fee_paid_by" text NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"order_id" uuid REFERENCES "orders"("id"),
	"payer_email" text,
	"payer_language" text,
	"expires_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pay_links_status_check" CHECK ("status" in ('waiting', 'paid', 'expired', 'revoked')),
	CONSTRAINT "pay_links_kind_check" CHECK ("kind" in ('top_up', 'new')),
	CONSTRAINT "pay_links_target_check" CHECK (("kind" = 'top_up') = ("target_esim_id" is not null)),
	CONSTRAINT "pay_links_total_positive" CHECK ("total_dzd_minor" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "pay_links_token_hash_key" ON "pay_links" USING btree ("token_hash");
--> statement-breakpoint
CREATE UNIQUE INDEX "pay_links_client_reference_key" ON "pay_links" USING btree ("user_id", "client_reference");
--> statement-breakpoint
CREATE UNIQUE INDEX "pay_links_order_key" ON "pay_links" USING btree ("order_id");
--> statement-breakpoint
CREATE INDEX "pay_links_user_idx" ON "pay_links" USING btree ("user_id", "created_at");
