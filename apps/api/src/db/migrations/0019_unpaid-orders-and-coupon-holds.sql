-- Decision 057: an unpaid order's coupon use is held until its checkout ends (held_until), and once-per-customer
-- coupons count per email hash, which outlives the account.
ALTER TABLE "coupon_redemptions" ADD COLUMN "held_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD COLUMN "email_hash" text;--> statement-breakpoint
-- Uses of orders still awaiting payment hold until their checkout's 30 minutes are over; paid ones are kept (null).
UPDATE "coupon_redemptions" SET "held_until" = coalesce("p"."checkout_opened_at", "o"."created_at") + interval '30 minutes'
FROM "orders" AS "o" LEFT JOIN "payments" AS "p" ON "p"."order_id" = "o"."id" AND "p"."status" = 'pending'
WHERE "o"."id" = "coupon_redemptions"."order_id" AND "o"."status" IN ('not_paid', 'pending');--> statement-breakpoint
-- The email as the sign-in form normalises it (trimmed, lower-case), hashed: the same value the API computes.
UPDATE "coupon_redemptions" SET "email_hash" = encode(sha256(convert_to(lower(trim("u"."email")), 'UTF8')), 'hex')
FROM "users" AS "u"
WHERE "u"."id" = "coupon_redemptions"."user_id" AND "u"."deleted_at" IS NULL;--> statement-breakpoint
ALTER TABLE "coupons" DROP COLUMN "uses_count";--> statement-breakpoint
CREATE INDEX "coupon_redemptions_email_idx" ON "coupon_redemptions" USING btree ("email_hash","coupon_id");
