-- Auto top-up (decision 078): a traveller's choice per eSIM, and each trigger decided once (its key is
-- unique: the eSIM, the bundle it fired on and its kind), with the order it placed or why nothing was bought.
CREATE TABLE "auto_top_up_settings" (
	"esim_id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"is_enabled" boolean DEFAULT false NOT NULL,
	"package_id" uuid,
	"threshold_percent" integer NOT NULL,
	"is_on_validity_ending" boolean DEFAULT false NOT NULL,
	"monthly_cap" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auto_top_up_settings_threshold_check" CHECK ("threshold_percent" between 5 and 50),
	CONSTRAINT "auto_top_up_settings_cap_check" CHECK ("monthly_cap" between 1 and 5),
	CONSTRAINT "auto_top_up_settings_plan_check" CHECK (NOT "is_enabled" OR "package_id" IS NOT NULL)
);
--> statement-breakpoint
CREATE TABLE "auto_top_up_triggers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"trigger_key" text NOT NULL,
	"esim_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"bundle_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"package_id" uuid NOT NULL,
	"outcome" text NOT NULL,
	"order_id" uuid,
	"month" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "auto_top_up_triggers_kind_check" CHECK ("kind" in ('usage', 'validity')),
	CONSTRAINT "auto_top_up_triggers_outcome_check" CHECK ("outcome" in ('ordering', 'ordered', 'credit_short', 'cap_reached', 'plan_unavailable'))
);
--> statement-breakpoint
ALTER TABLE "auto_top_up_settings" ADD CONSTRAINT "auto_top_up_settings_esim_id_esims_id_fk" FOREIGN KEY ("esim_id") REFERENCES "public"."esims"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "auto_top_up_settings" ADD CONSTRAINT "auto_top_up_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "auto_top_up_settings" ADD CONSTRAINT "auto_top_up_settings_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "auto_top_up_triggers" ADD CONSTRAINT "auto_top_up_triggers_esim_id_esims_id_fk" FOREIGN KEY ("esim_id") REFERENCES "public"."esims"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "auto_top_up_triggers" ADD CONSTRAINT "auto_top_up_triggers_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "auto_top_up_triggers_key" ON "auto_top_up_triggers" USING btree ("trigger_key");
--> statement-breakpoint
-- The cap counts the eSIM's top-ups bought (or being bought) in a month.
CREATE INDEX "auto_top_up_triggers_esim_month_idx" ON "auto_top_up_triggers" USING btree ("esim_id", "month");
--> statement-breakpoint
-- The sweep reads the eSIMs whose auto top-up is on, only.
CREATE INDEX "auto_top_up_settings_enabled_idx" ON "auto_top_up_settings" USING btree ("esim_id") WHERE "is_enabled";
