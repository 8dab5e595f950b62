-- Refunds as they really are (decision 062): the customer's choice of how an order's refund comes back.
-- A transfer's account is kept only until the refund is sent: the row is deleted once nothing is owed any more.
CREATE TABLE "refund_choices" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"account_number" text,
	"holder_name" text,
	"chosen_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refund_choices_kind_check" CHECK ("refund_choices"."kind" in ('store_credit', 'transfer')),
	CONSTRAINT "refund_choices_transfer_check" CHECK (("refund_choices"."kind" = 'transfer') = ("refund_choices"."account_number" is not null and "refund_choices"."holder_name" is not null))
);
--> statement-breakpoint
ALTER TABLE "refund_choices" ADD CONSTRAINT "refund_choices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_choices" ADD CONSTRAINT "refund_choices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "refund_choices_user_idx" ON "refund_choices" USING btree ("user_id");
