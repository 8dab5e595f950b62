-- Discounts never below the upstream cost unless a campaign allows it, shop-wide monthly referral budgets with a
-- once-a-month alert (the outbox's key), and the inviter's debt for a reward spent before it was taken back (decision 087).
ALTER TABLE "coupons" ADD COLUMN "allows_below_cost" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "referral_settings" ADD COLUMN "allows_below_cost" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "referral_settings" ADD COLUMN "friend_discount_monthly_budget_dzd_minor" integer DEFAULT 3000000 NOT NULL;--> statement-breakpoint
ALTER TABLE "referral_settings" ADD COLUMN "reward_monthly_budget_dzd_minor" integer DEFAULT 3000000 NOT NULL;--> statement-breakpoint
ALTER TABLE "referrals" DROP CONSTRAINT "referrals_refusal_check";--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_refusal_check" CHECK ("referrals"."refusal" in ('disabled', 'unknown_code', 'same_account', 'same_email', 'same_device', 'same_payment_reference', 'not_first_order', 'monthly_cap', 'friend_budget_spent', 'reward_budget_spent'));--> statement-breakpoint
ALTER TABLE "ledger_movements" DROP CONSTRAINT "ledger_movements_kind_check";--> statement-breakpoint
ALTER TABLE "ledger_movements" ADD CONSTRAINT "ledger_movements_kind_check" CHECK ("ledger_movements"."kind" in ('payment_captured', 'payment_held', 'held_payment_accepted', 'refund_owed', 'refund_sent', 'credit_issued', 'credit_bought', 'credit_reserved', 'credit_released', 'credit_spent', 'credit_expired', 'referral_reward', 'referral_reward_taken_back', 'referral_debt_recorded', 'referral_debt_repaid'));--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_account_check";--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_account_check" CHECK ("ledger_entries"."account" in ('cash', 'sales', 'refunds', 'held_payments', 'refunds_owed', 'store_credit', 'credit_reserved', 'goodwill', 'credit_breakage', 'referral_rewards', 'referral_debt'));
