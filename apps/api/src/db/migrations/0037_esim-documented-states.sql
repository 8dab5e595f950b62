-- Every documented eSIM Access state has its own status (decision 084); the sweeps' partial indexes cover every
-- status whose days may remain, as AVAILABLE_ESIM_STATUSES lists them.
ALTER TABLE "esims" DROP CONSTRAINT "esims_status_check";--> statement-breakpoint
ALTER TABLE "esims" ADD CONSTRAINT "esims_status_check" CHECK ("esims"."status" in ('New', 'Downloading', 'Installing', 'Ready', 'Onboard', 'In Use', 'Suspended', 'Depleted', 'Used Expired', 'Unused Expired', 'Revoked', 'Canceled', 'Deleted', 'Unknown'));--> statement-breakpoint
DROP INDEX "esims_available_updated_idx";--> statement-breakpoint
CREATE INDEX "esims_available_updated_idx" ON "esims" USING btree ("updated_at") WHERE "esims"."status" in ('New', 'Downloading', 'Installing', 'Ready', 'Onboard', 'In Use', 'Suspended');--> statement-breakpoint
DROP INDEX "esims_expiry_alert_due_idx";--> statement-breakpoint
CREATE INDEX "esims_expiry_alert_due_idx" ON "esims" USING btree ("expires_at") WHERE "esims"."status" in ('New', 'Downloading', 'Installing', 'Ready', 'Onboard', 'In Use', 'Suspended') and "esims"."expiry_alert_sent_at" is null;
