CREATE INDEX "esims_iccid_idx" ON "esims" USING btree ("iccid");--> statement-breakpoint
CREATE INDEX "esims_upstream_reference_idx" ON "esims" USING btree ("upstream_reference");--> statement-breakpoint
CREATE INDEX "esims_available_updated_idx" ON "esims" USING btree ("updated_at") WHERE "esims"."status" in ('New', 'Onboard', 'In Use');--> statement-breakpoint
CREATE INDEX "esims_available_expires_idx" ON "esims" USING btree ("expires_at") WHERE "esims"."status" in ('New', 'Onboard', 'In Use');--> statement-breakpoint
CREATE INDEX "orders_overdue_watch_idx" ON "orders" USING btree ("confirmed_at") WHERE "orders"."status" = 'confirmed' and "orders"."delivery_overdue_at" is null;--> statement-breakpoint
CREATE INDEX "orders_upstream_order_no_idx" ON "orders" USING btree ("upstream_order_no") WHERE "orders"."upstream_order_no" is not null;--> statement-breakpoint
CREATE INDEX "sessions_expires_at_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "sign_in_codes_created_at_idx" ON "sign_in_codes" USING btree ("created_at");