CREATE TABLE "seller_identities" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "seller_identities_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"identity" jsonb NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "seller" jsonb;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "amount_ht_dzd_minor" integer;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "tva_dzd_minor" integer;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "amount_ttc_dzd_minor" integer;