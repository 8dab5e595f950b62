-- Claims from inside the app (decision 080): a traveller's "It doesn't work" on an eSIM, its thread
-- of messages and its history. One open claim (received or answered) per eSIM at a time.
CREATE TABLE "claims" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"esim_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'received' NOT NULL,
	"refund_preference" text DEFAULT 'store_credit' NOT NULL,
	"is_refundable" boolean NOT NULL,
	"refundable_until" timestamp with time zone NOT NULL,
	"settle_by" timestamp with time zone NOT NULL,
	"refund_method" text,
	"refund_dzd_minor" integer,
	"refusal_reason" text,
	"opened_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "claims_status_check" CHECK ("claims"."status" in ('received', 'answered', 'refunded', 'refused')),
	CONSTRAINT "claims_reason_check" CHECK ("claims"."reason" in ('no_coverage', 'slow', 'cannot_install', 'cannot_connect', 'other')),
	CONSTRAINT "claims_refund_preference_check" CHECK ("claims"."refund_preference" in ('store_credit', 'transfer')),
	CONSTRAINT "claims_refund_method_check" CHECK ("claims"."refund_method" is null or "claims"."refund_method" in ('store_credit', 'transfer'))
);
--> statement-breakpoint
CREATE TABLE "claim_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"claim_id" uuid NOT NULL,
	"author" text NOT NULL,
	"operator_id" uuid,
	"body" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "claim_messages_author_check" CHECK ("claim_messages"."author" in ('traveller', 'operator'))
);
--> statement-breakpoint
CREATE TABLE "claim_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"claim_id" uuid NOT NULL,
	"event" text NOT NULL,
	"from_status" text NOT NULL,
	"to_status" text NOT NULL,
	"actor" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_esim_id_esims_id_fk" FOREIGN KEY ("esim_id") REFERENCES "public"."esims"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_messages" ADD CONSTRAINT "claim_messages_claim_id_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."claims"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_events" ADD CONSTRAINT "claim_events_claim_id_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."claims"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "claims_one_open_per_esim_key" ON "claims" USING btree ("esim_id") WHERE "claims"."status" in ('received', 'answered');--> statement-breakpoint
CREATE INDEX "claims_user_idx" ON "claims" USING btree ("user_id","opened_at");--> statement-breakpoint
CREATE INDEX "claims_status_idx" ON "claims" USING btree ("status","settle_by");--> statement-breakpoint
CREATE INDEX "claim_messages_claim_idx" ON "claim_messages" USING btree ("claim_id","created_at");--> statement-breakpoint
CREATE INDEX "claim_events_claim_idx" ON "claim_events" USING btree ("claim_id","created_at");
