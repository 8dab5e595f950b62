CREATE SEQUENCE "public"."order_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "coupon_redemptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"coupon_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"percent_off" integer,
	"amount_off_dzd_minor" integer,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"max_uses" integer,
	"max_uses_per_user" integer DEFAULT 1 NOT NULL,
	"min_order_dzd_minor" integer,
	"allowed_package_ids" uuid[],
	"is_blocked" boolean DEFAULT false NOT NULL,
	"uses_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "destinations" (
	"code" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"name_fr" text NOT NULL,
	"name_en" text NOT NULL,
	"name_ar" text NOT NULL,
	"member_countries" text[] NOT NULL,
	"search_text" text NOT NULL,
	"is_popular" boolean DEFAULT false NOT NULL,
	"popular_rank" integer,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "esim_bundles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"esim_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"package_id" uuid NOT NULL,
	"data_mb" integer,
	"validity_days" integer NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "esims" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"order_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"upstream_reference" text NOT NULL,
	"iccid" text NOT NULL,
	"smdp_address" text NOT NULL,
	"matching_id" text NOT NULL,
	"activation_code" text NOT NULL,
	"qr_code_url" text,
	"apn" text,
	"status" text NOT NULL,
	"destination_code" text NOT NULL,
	"package_id" uuid NOT NULL,
	"data_total_bytes" bigint,
	"data_used_bytes" bigint DEFAULT 0 NOT NULL,
	"usage_updated_at" timestamp with time zone,
	"activate_before" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"user_id" uuid,
	"client_reference" text NOT NULL,
	"kind" text DEFAULT 'new' NOT NULL,
	"target_esim_id" uuid,
	"package_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"currency" text NOT NULL,
	"unit_price_minor" integer NOT NULL,
	"subtotal_minor" integer NOT NULL,
	"service_fee_minor" integer NOT NULL,
	"discount_minor" integer NOT NULL,
	"coupon_discount_minor" integer NOT NULL,
	"total_minor" integer NOT NULL,
	"charge_dzd_minor" integer NOT NULL,
	"coupon_id" uuid,
	"payment_method" text NOT NULL,
	"billing" jsonb NOT NULL,
	"status" text NOT NULL,
	"attention_reason" text,
	"upstream_order_no" text,
	"provisioning_attempts" integer DEFAULT 0 NOT NULL,
	"last_provisioning_error" text,
	"confirmed_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_quantity_range" CHECK ("orders"."quantity" between 1 and 10)
);
--> statement-breakpoint
CREATE TABLE "packages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"upstream_code" text NOT NULL,
	"provider" text NOT NULL,
	"destination_code" text NOT NULL,
	"name" text NOT NULL,
	"data_mb" integer,
	"is_unlimited" boolean DEFAULT false NOT NULL,
	"data_type" integer DEFAULT 1 NOT NULL,
	"validity_days" integer NOT NULL,
	"coverage" text[] NOT NULL,
	"networks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_top_up" boolean DEFAULT false NOT NULL,
	"supports_top_up" boolean DEFAULT false NOT NULL,
	"is_hotspot_allowed" boolean DEFAULT true NOT NULL,
	"fair_use_policy" text,
	"speed" text,
	"cost_usd_e4" integer NOT NULL,
	"retail_dzd_minor" integer NOT NULL,
	"retail_usd_minor" integer NOT NULL,
	"compare_at_dzd_minor" integer,
	"compare_at_usd_minor" integer,
	"is_active" boolean DEFAULT true NOT NULL,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "packages_validity_days_range" CHECK ("packages"."validity_days" between 1 and 90)
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"provider_reference" text,
	"amount_minor" integer NOT NULL,
	"currency" text DEFAULT 'DZD' NOT NULL,
	"method" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"checkout_url" text,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "price_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"dzd_per_usd" numeric(12, 4) NOT NULL,
	"markup_bps" integer NOT NULL,
	"service_fee_dzd_minor" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_checkouts" (
	"id" text PRIMARY KEY NOT NULL,
	"amount" integer NOT NULL,
	"currency" text DEFAULT 'dzd' NOT NULL,
	"payment_method" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"locale" text NOT NULL,
	"description" text,
	"success_url" text NOT NULL,
	"failure_url" text NOT NULL,
	"webhook_endpoint" text NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "simulator_orders" (
	"order_no" text PRIMARY KEY NOT NULL,
	"transaction_id" text NOT NULL,
	"package_code" text NOT NULL,
	"count" integer NOT NULL,
	"amount_usd_e4" integer NOT NULL,
	"ready_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "simulator_orders_transaction_id_unique" UNIQUE("transaction_id")
);
--> statement-breakpoint
CREATE TABLE "simulator_profiles" (
	"esim_tran_no" text PRIMARY KEY NOT NULL,
	"order_no" text NOT NULL,
	"iccid" text NOT NULL,
	"smdp_address" text NOT NULL,
	"matching_id" text NOT NULL,
	"package_code" text NOT NULL,
	"esim_status" text NOT NULL,
	"smdp_status" text NOT NULL,
	"total_bytes" bigint NOT NULL,
	"used_bytes" bigint DEFAULT 0 NOT NULL,
	"top_ups" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"payload" jsonb NOT NULL,
	"is_signature_valid" boolean NOT NULL,
	"processed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "esim_bundles" ADD CONSTRAINT "esim_bundles_esim_id_esims_id_fk" FOREIGN KEY ("esim_id") REFERENCES "public"."esims"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "esim_bundles" ADD CONSTRAINT "esim_bundles_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "esim_bundles" ADD CONSTRAINT "esim_bundles_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "esims" ADD CONSTRAINT "esims_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "esims" ADD CONSTRAINT "esims_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "esims" ADD CONSTRAINT "esims_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packages" ADD CONSTRAINT "packages_destination_code_destinations_code_fk" FOREIGN KEY ("destination_code") REFERENCES "public"."destinations"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "simulator_profiles" ADD CONSTRAINT "simulator_profiles_order_no_simulator_orders_order_no_fk" FOREIGN KEY ("order_no") REFERENCES "public"."simulator_orders"("order_no") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "coupon_redemptions_coupon_order_key" ON "coupon_redemptions" USING btree ("coupon_id","order_id");--> statement-breakpoint
CREATE INDEX "coupon_redemptions_order_idx" ON "coupon_redemptions" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "coupon_redemptions_user_idx" ON "coupon_redemptions" USING btree ("user_id","coupon_id");--> statement-breakpoint
CREATE UNIQUE INDEX "coupons_code_key" ON "coupons" USING btree ("code");--> statement-breakpoint
CREATE INDEX "destinations_type_idx" ON "destinations" USING btree ("type");--> statement-breakpoint
CREATE UNIQUE INDEX "esim_bundles_esim_order_key" ON "esim_bundles" USING btree ("esim_id","order_id");--> statement-breakpoint
CREATE INDEX "esim_bundles_order_idx" ON "esim_bundles" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "esim_bundles_package_idx" ON "esim_bundles" USING btree ("package_id");--> statement-breakpoint
CREATE UNIQUE INDEX "esims_provider_reference_key" ON "esims" USING btree ("provider","upstream_reference");--> statement-breakpoint
CREATE INDEX "esims_user_idx" ON "esims" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "esims_order_idx" ON "esims" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "esims_package_idx" ON "esims" USING btree ("package_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_number_key" ON "orders" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_user_client_reference_key" ON "orders" USING btree ("user_id","client_reference");--> statement-breakpoint
CREATE INDEX "orders_user_created_idx" ON "orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_package_idx" ON "orders" USING btree ("package_id");--> statement-breakpoint
CREATE INDEX "orders_coupon_idx" ON "orders" USING btree ("coupon_id");--> statement-breakpoint
CREATE INDEX "orders_target_esim_idx" ON "orders" USING btree ("target_esim_id");--> statement-breakpoint
CREATE UNIQUE INDEX "packages_provider_code_key" ON "packages" USING btree ("provider","upstream_code");--> statement-breakpoint
CREATE INDEX "packages_destination_idx" ON "packages" USING btree ("destination_code","validity_days");--> statement-breakpoint
CREATE INDEX "payments_order_idx" ON "payments" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_reference_key" ON "payments" USING btree ("provider","provider_reference");--> statement-breakpoint
CREATE INDEX "simulator_profiles_order_idx" ON "simulator_profiles" USING btree ("order_no");--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_events_provider_event_key" ON "webhook_events" USING btree ("provider","event_id");