-- The terms of sale and privacy policy accepted at checkout (decision 073; law 18-05 asks for the buyer's
-- express acceptance): when, and which version (their "updated on" date). Null on orders and loads placed before.
ALTER TABLE "orders" ADD COLUMN "terms_accepted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "terms_version" text;--> statement-breakpoint
ALTER TABLE "credit_loads" ADD COLUMN "terms_accepted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "credit_loads" ADD COLUMN "terms_version" text;
