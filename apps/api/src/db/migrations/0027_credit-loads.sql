-- Store credit bought with a card (decision 068): a load has its own table and its payment goes through the
-- payments table, which now pays either an order or a load, never both.
CREATE TABLE "credit_loads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"client_reference" text NOT NULL,
	"amount_dzd_minor" integer NOT NULL,
	"payment_method" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"receipt_year" integer,
	"receipt_sequence" integer,
	"receipt_number" text,
	"paid_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_loads_status_check" CHECK ("credit_loads"."status" in ('pending', 'paid', 'failed', 'canceled', 'expired')),
	CONSTRAINT "credit_loads_amount_positive" CHECK ("credit_loads"."amount_dzd_minor" > 0),
	CONSTRAINT "credit_loads_receipt_when_paid" CHECK (("credit_loads"."status" = 'paid') = ("credit_loads"."receipt_number" is not null))
);
--> statement-breakpoint
CREATE TABLE "credit_load_receipt_counters" (
	"year" integer PRIMARY KEY NOT NULL,
	"last_number" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "credit_loads" ADD CONSTRAINT "credit_loads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "credit_loads_client_reference_key" ON "credit_loads" USING btree ("user_id","client_reference");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_loads_receipt_number_key" ON "credit_loads" USING btree ("receipt_number");--> statement-breakpoint
CREATE INDEX "credit_loads_user_idx" ON "credit_loads" USING btree ("user_id","created_at");--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "order_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "credit_load_id" uuid;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_credit_load_id_credit_loads_id_fk" FOREIGN KEY ("credit_load_id") REFERENCES "public"."credit_loads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_credit_load_idx" ON "payments" USING btree ("credit_load_id") WHERE "payments"."credit_load_id" is not null;--> statement-breakpoint
-- Every payment pays exactly one thing: an order or a store credit load.
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_or_credit_load_check" CHECK (num_nonnulls("payments"."order_id", "payments"."credit_load_id") = 1);
