ALTER TABLE "esim_bundles" ADD COLUMN "usage_alert_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "esim_bundles" ADD COLUMN "expiry_alert_sent_at" timestamp with time zone;