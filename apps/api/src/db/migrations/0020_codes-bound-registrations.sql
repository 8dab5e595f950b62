-- Registration details belong to the code their /register request sent (decision 056): only verifying that
-- code applies them. Rows waiting under the old key (the email) are at most a day old and are dropped; their owners
-- register again or fill in the profile after signing in.
DELETE FROM "pending_registrations";--> statement-breakpoint
ALTER TABLE "pending_registrations" DROP CONSTRAINT "pending_registrations_pkey";--> statement-breakpoint
ALTER TABLE "pending_registrations" ADD COLUMN "code_id" uuid PRIMARY KEY NOT NULL;--> statement-breakpoint
ALTER TABLE "pending_registrations" ADD CONSTRAINT "pending_registrations_code_id_sign_in_codes_id_fk" FOREIGN KEY ("code_id") REFERENCES "public"."sign_in_codes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pending_registrations_email_idx" ON "pending_registrations" USING btree ("email");
