-- A paid order the upstream refused for our account's balance waits for it (decision 089), flagged with its own kind.
ALTER TABLE "orders" DROP CONSTRAINT "orders_attention_kind_check";--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_attention_kind_check" CHECK ("orders"."attention_kind" in ('amount_mismatch', 'provisioning_failed', 'delivery_overdue', 'late_payment', 'awaiting_upstream_balance'));
