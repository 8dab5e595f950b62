CREATE TABLE "mail_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"message_id" text NOT NULL,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text NOT NULL,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"order_id" uuid,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mail_outbox_status_check" CHECK ("mail_outbox"."status" in ('queued', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "order_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint NOT NULL GENERATED ALWAYS AS IDENTITY (sequence name "order_events_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" uuid NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"event" text NOT NULL,
	"cause" text NOT NULL,
	"actor" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "worker_heartbeats" (
	"process_id" text PRIMARY KEY NOT NULL,
	"worker_ids" text[] DEFAULT '{}' NOT NULL,
	"hostname" text NOT NULL,
	"pid" integer NOT NULL,
	"beat_at" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "attention_kind" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "attention_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_overdue_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "checkout_claimed_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mail_outbox_key_key" ON "mail_outbox" USING btree ("key");--> statement-breakpoint
CREATE INDEX "mail_outbox_order_idx" ON "mail_outbox" USING btree ("order_id") WHERE "mail_outbox"."order_id" is not null;--> statement-breakpoint
CREATE INDEX "mail_outbox_queued_idx" ON "mail_outbox" USING btree ("created_at") WHERE "mail_outbox"."status" = 'queued';--> statement-breakpoint
CREATE INDEX "order_events_order_idx" ON "order_events" USING btree ("order_id","seq");--> statement-breakpoint
CREATE INDEX "orders_confirmed_at_idx" ON "orders" USING btree ("confirmed_at") WHERE "orders"."status" = 'confirmed';--> statement-breakpoint
CREATE INDEX "orders_attention_idx" ON "orders" USING btree ("attention_at") WHERE "orders"."attention_kind" is not null;--> statement-breakpoint
CREATE INDEX "payments_pending_updated_idx" ON "payments" USING btree ("updated_at") WHERE "payments"."status" = 'pending';--> statement-breakpoint
ALTER TABLE "cancellation_requests" ADD CONSTRAINT "cancellation_requests_status_check" CHECK ("cancellation_requests"."status" in ('pending', 'approved', 'refused'));--> statement-breakpoint
ALTER TABLE "esims" ADD CONSTRAINT "esims_status_check" CHECK ("esims"."status" in ('New', 'Onboard', 'In Use', 'Depleted', 'Canceled', 'Deleted', 'Unknown'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status_check" CHECK ("orders"."status" in ('not_paid', 'pending', 'confirmed', 'delivered', 'rejected', 'on_hold', 'refund_due', 'refunded'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_currency_check" CHECK ("orders"."currency" in ('DZD', 'USD'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_attention_kind_check" CHECK ("orders"."attention_kind" in ('amount_mismatch', 'provisioning_failed', 'delivery_overdue', 'late_payment'));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_status_check" CHECK ("payments"."status" in ('pending', 'successful', 'failed', 'canceled'));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_currency_check" CHECK ("payments"."currency" = 'DZD');--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_language_check" CHECK ("users"."language" in ('fr', 'en', 'ar'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_currency_check" CHECK ("users"."currency" in ('DZD', 'USD'));--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "install_email_sent_at";
--> statement-breakpoint
UPDATE "orders" SET "attention_kind" = 'provisioning_failed', "attention_at" = "updated_at" WHERE "attention_reason" LIKE 'provisioning%';--> statement-breakpoint
UPDATE "orders" SET "attention_kind" = 'amount_mismatch', "attention_at" = "updated_at" WHERE "attention_reason" LIKE 'amount_mismatch%' OR "attention_reason" LIKE 'payment_mismatch%';
