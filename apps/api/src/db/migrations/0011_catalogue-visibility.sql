ALTER TABLE "destinations" ADD COLUMN "is_hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "destinations" ADD COLUMN "popular_override" boolean;--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "is_hidden" boolean DEFAULT false NOT NULL;