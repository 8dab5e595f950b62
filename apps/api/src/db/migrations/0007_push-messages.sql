CREATE TABLE "push_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"platform" text NOT NULL,
	"token" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "push_messages_created_at_idx" ON "push_messages" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "devices_push_token_idx" ON "devices" USING btree ("push_token") WHERE "devices"."push_token" is not null;