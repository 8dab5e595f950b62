-- Referrals (decision 079): invite codes, the operator's settings, each friend's referral, the discount on
-- the friend's order, and the ledger's account and movements of the inviter's reward.
CREATE TABLE "referral_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"is_enabled" boolean NOT NULL,
	"friend_discount_dzd_minor" integer NOT NULL,
	"reward_dzd_minor" integer NOT NULL,
	"monthly_reward_cap" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "referral_codes" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"device_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "referrals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"referrer_user_id" uuid NOT NULL,
	"friend_user_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"status" text NOT NULL,
	"refusal" text,
	"friend_discount_dzd_minor" integer DEFAULT 0 NOT NULL,
	"reward_dzd_minor" integer DEFAULT 0 NOT NULL,
	"taken_back_dzd_minor" integer DEFAULT 0 NOT NULL,
	"rewarded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referrals_status_check" CHECK ("referrals"."status" in ('pending', 'rewarded', 'taken_back', 'cancelled', 'refused')),
	CONSTRAINT "referrals_refusal_check" CHECK ("referrals"."refusal" in ('disabled', 'unknown_code', 'same_account', 'same_email', 'same_device', 'same_payment_reference', 'not_first_order', 'monthly_cap')),
	CONSTRAINT "referrals_refusal_when_refused" CHECK (("referrals"."status" = 'refused') = ("referrals"."refusal" is not null))
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "referral_discount_minor" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "referral_codes" ADD CONSTRAINT "referral_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_referrer_user_id_users_id_fk" FOREIGN KEY ("referrer_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_friend_user_id_users_id_fk" FOREIGN KEY ("friend_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "referral_codes_code_key" ON "referral_codes" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "referrals_order_key" ON "referrals" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "referrals_referrer_idx" ON "referrals" USING btree ("referrer_user_id","rewarded_at");--> statement-breakpoint
CREATE INDEX "referrals_friend_idx" ON "referrals" USING btree ("friend_user_id");--> statement-breakpoint
CREATE INDEX "referrals_created_idx" ON "referrals" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "ledger_movements" DROP CONSTRAINT "ledger_movements_kind_check";--> statement-breakpoint
ALTER TABLE "ledger_movements" ADD CONSTRAINT "ledger_movements_kind_check" CHECK ("ledger_movements"."kind" in ('payment_captured', 'payment_held', 'held_payment_accepted', 'refund_owed', 'refund_sent', 'credit_issued', 'credit_bought', 'credit_reserved', 'credit_released', 'credit_spent', 'credit_expired', 'referral_reward', 'referral_reward_taken_back'));--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_account_check";--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_account_check" CHECK ("ledger_entries"."account" in ('cash', 'sales', 'refunds', 'held_payments', 'refunds_owed', 'store_credit', 'credit_reserved', 'goodwill', 'credit_breakage', 'referral_rewards'));
