DROP INDEX "esims_available_expires_idx";--> statement-breakpoint
ALTER TABLE "esims" ADD COLUMN "expiry_alert_sent_at" timestamp with time zone;--> statement-breakpoint
-- Backfill: each eSIM takes its latest bundle's flag (the bundle applied last, as the alerts read it).
UPDATE "esims" SET "expiry_alert_sent_at" = "latest"."expiry_alert_sent_at"
FROM (
  SELECT DISTINCT ON ("esim_id") "esim_id", "expiry_alert_sent_at" FROM "esim_bundles"
  ORDER BY "esim_id", "applied_at" DESC, "created_at" DESC, "id" DESC
) AS "latest"
WHERE "latest"."esim_id" = "esims"."id" AND "latest"."expiry_alert_sent_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "esims_expiry_alert_due_idx" ON "esims" USING btree ("expires_at") WHERE "esims"."status" in ('New', 'Onboard', 'In Use') and "esims"."expiry_alert_sent_at" is null;