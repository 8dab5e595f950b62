-- The upstream's webhook events, one row per notifyId (decision 086): a replayed event finds its row and does
-- nothing. Rows are pruned after a few days by the webhook itself.
CREATE TABLE "esim_webhook_events" (
	"notify_id" text PRIMARY KEY NOT NULL,
	"notify_type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "esim_webhook_events_received_at_idx" ON "esim_webhook_events" USING btree ("received_at");
