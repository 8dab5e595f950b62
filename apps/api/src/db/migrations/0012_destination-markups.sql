CREATE TABLE "destination_markups" (
	"destination_code" text PRIMARY KEY NOT NULL,
	"markup_bps" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "destination_markups" ADD CONSTRAINT "destination_markups_destination_code_destinations_code_fk" FOREIGN KEY ("destination_code") REFERENCES "public"."destinations"("code") ON DELETE no action ON UPDATE no action;