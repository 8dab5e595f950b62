-- The sandbox gateway applies the fee allocation as Chargily does (decision 054): what was asked, the whole fee and the
-- payer's share of it, whole dinars, as its checkout object and webhooks report them.
ALTER TABLE "sandbox_checkouts" ADD COLUMN "fees_allocation" text DEFAULT 'merchant' NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_checkouts" ADD COLUMN "fees" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_checkouts" ADD COLUMN "fees_on_customer" integer DEFAULT 0 NOT NULL;