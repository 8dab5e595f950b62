-- Store credit (decision 064): the part of an order paid by credit; an operator's grants with their reason
-- and expiry. Balances are the ledger's (decision 061).
ALTER TABLE "orders" ADD COLUMN "credit_applied_dzd_minor" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE TABLE "store_credit_grants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"amount_dzd_minor" integer NOT NULL,
	"reason" text NOT NULL,
	"expires_at" timestamp with time zone,
	"operator_id" uuid,
	"expiry_settled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_credit_grants_amount_positive" CHECK ("store_credit_grants"."amount_dzd_minor" > 0)
);
--> statement-breakpoint
ALTER TABLE "store_credit_grants" ADD CONSTRAINT "store_credit_grants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_credit_grants" ADD CONSTRAINT "store_credit_grants_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "store_credit_grants_user_idx" ON "store_credit_grants" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "store_credit_grants_due_idx" ON "store_credit_grants" USING btree ("expires_at") WHERE "store_credit_grants"."expires_at" is not null and "store_credit_grants"."expiry_settled_at" is null;
