-- An email's content is kept only until it is sent (decision 059): the row stays for the order's timeline (kind,
-- recipient, subject, status, sent time), its text, HTML and attachments (an install email's activation code and QR
-- code) go. The content of emails already sent goes now.
ALTER TABLE "mail_outbox" ALTER COLUMN "text" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ALTER COLUMN "html" DROP NOT NULL;--> statement-breakpoint
UPDATE "mail_outbox" SET "text" = NULL, "html" = NULL, "attachments" = '[]'::jsonb WHERE "status" = 'sent';--> statement-breakpoint
-- The upkeep sweep clears the install secrets of eSIMs of accounts deleted lately: found through this index.
CREATE INDEX "users_deleted_at_idx" ON "users" USING btree ("deleted_at") WHERE "users"."deleted_at" is not null;
