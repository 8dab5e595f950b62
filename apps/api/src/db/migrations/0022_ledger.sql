-- The ledger (decision 061): every movement of money, append-only and double-entry.
CREATE TABLE "ledger_movements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "ledger_movements_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"key" text NOT NULL,
	"kind" text NOT NULL,
	"order_id" uuid,
	"user_id" uuid,
	"method" text,
	"reference" text,
	"cause" text NOT NULL,
	"actor" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_movements_kind_check" CHECK ("ledger_movements"."kind" in ('payment_captured', 'payment_held', 'held_payment_accepted', 'refund_owed', 'refund_sent', 'credit_issued', 'credit_bought', 'credit_reserved', 'credit_released', 'credit_spent', 'credit_expired'))
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"movement_id" uuid NOT NULL,
	"account" text NOT NULL,
	"amount_dzd_minor" bigint NOT NULL,
	"order_id" uuid,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_account_check" CHECK ("ledger_entries"."account" in ('cash', 'sales', 'refunds', 'held_payments', 'refunds_owed', 'store_credit', 'credit_reserved', 'goodwill', 'credit_breakage')),
	CONSTRAINT "ledger_entries_amount_not_zero" CHECK ("ledger_entries"."amount_dzd_minor" <> 0)
);
--> statement-breakpoint
ALTER TABLE "ledger_movements" ADD CONSTRAINT "ledger_movements_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_movements" ADD CONSTRAINT "ledger_movements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_movement_id_ledger_movements_id_fk" FOREIGN KEY ("movement_id") REFERENCES "public"."ledger_movements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_movements_key_key" ON "ledger_movements" USING btree ("key");--> statement-breakpoint
CREATE INDEX "ledger_movements_order_idx" ON "ledger_movements" USING btree ("order_id","seq");--> statement-breakpoint
CREATE INDEX "ledger_movements_user_idx" ON "ledger_movements" USING btree ("user_id","seq");--> statement-breakpoint
CREATE INDEX "ledger_movements_created_idx" ON "ledger_movements" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "ledger_entries_movement_idx" ON "ledger_entries" USING btree ("movement_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_order_idx" ON "ledger_entries" USING btree ("order_id","account") WHERE "ledger_entries"."order_id" is not null;--> statement-breakpoint
CREATE INDEX "ledger_entries_user_idx" ON "ledger_entries" USING btree ("user_id","account") WHERE "ledger_entries"."user_id" is not null;--> statement-breakpoint
CREATE INDEX "ledger_entries_account_created_idx" ON "ledger_entries" USING btree ("account","created_at");--> statement-breakpoint
-- Append-only: a line of the ledger, once written, is never changed or removed, whoever connects.
CREATE FUNCTION "ledger_refuse_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only: % refused', TG_TABLE_NAME, TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "ledger_movements_append_only" BEFORE UPDATE OR DELETE ON "ledger_movements"
  FOR EACH ROW EXECUTE FUNCTION "ledger_refuse_change"();
--> statement-breakpoint
CREATE TRIGGER "ledger_movements_no_truncate" BEFORE TRUNCATE ON "ledger_movements"
  FOR EACH STATEMENT EXECUTE FUNCTION "ledger_refuse_change"();
--> statement-breakpoint
CREATE TRIGGER "ledger_entries_append_only" BEFORE UPDATE OR DELETE ON "ledger_entries"
  FOR EACH ROW EXECUTE FUNCTION "ledger_refuse_change"();
--> statement-breakpoint
CREATE TRIGGER "ledger_entries_no_truncate" BEFORE TRUNCATE ON "ledger_entries"
  FOR EACH STATEMENT EXECUTE FUNCTION "ledger_refuse_change"();
--> statement-breakpoint
-- Double entry: at commit, every movement written has at least two lines and its lines sum to zero.
CREATE FUNCTION "ledger_movement_balanced"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  movement uuid := (to_jsonb(NEW) ->> CASE WHEN TG_TABLE_NAME = 'ledger_movements' THEN 'id' ELSE 'movement_id' END)::uuid;
  total numeric;
  lines integer;
BEGIN
  SELECT coalesce(sum(amount_dzd_minor), 0), count(*) INTO total, lines FROM ledger_entries WHERE movement_id = movement;
  IF lines < 2 OR total <> 0 THEN
    RAISE EXCEPTION 'ledger movement % is not balanced: % lines summing to %', movement, lines, total
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "ledger_movements_balanced" AFTER INSERT ON "ledger_movements"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "ledger_movement_balanced"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "ledger_entries_balanced" AFTER INSERT ON "ledger_entries"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "ledger_movement_balanced"();
--> statement-breakpoint
-- The money of orders paid before the ledger, so that every balance is a sum of it from the start: a payment
-- captured (or held, then accepted), a refund owed, a refund sent (by a method not recorded then). Amounts are the
-- orders' charges (refunds before the ledger were whole).
CREATE FUNCTION "ledger_backfill_post"(
  movement_key text, movement_kind text, the_order uuid, the_user uuid, at timestamptz,
  debit_account text, credit_account text, amount bigint
) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  movement uuid;
BEGIN
  INSERT INTO ledger_movements (key, kind, order_id, user_id, cause, actor, created_at)
    VALUES (movement_key, movement_kind, the_order, the_user, 'recorded before the ledger (migration 0022)', 'migration', at)
    RETURNING id INTO movement;
  INSERT INTO ledger_entries (movement_id, account, amount_dzd_minor, order_id, user_id, created_at) VALUES
    (movement, debit_account, amount, the_order, the_user, at),
    (movement, credit_account, -amount, the_order, the_user, at);
END;
$$;
--> statement-breakpoint
DO $$
DECLARE
  o record;
  held_at timestamptz;
  accepted_at timestamptz;
  refund_at timestamptz;
  refunded_at timestamptz;
BEGIN
  FOR o IN SELECT * FROM orders WHERE charge_dzd_minor > 0 AND status IN ('confirmed', 'delivered', 'on_hold', 'refund_due', 'refunded') LOOP
    SELECT min(created_at) INTO held_at FROM order_events WHERE order_id = o.id AND event = 'payment_mismatched';
    SELECT min(created_at) INTO accepted_at FROM order_events WHERE order_id = o.id AND event = 'held_payment_accepted';
    SELECT min(created_at) INTO refund_at FROM order_events WHERE order_id = o.id AND to_status IN ('refund_due', 'refunded') AND from_status <> to_status;
    SELECT min(created_at) INTO refunded_at FROM order_events WHERE order_id = o.id AND to_status = 'refunded' AND from_status <> to_status;
    IF held_at IS NOT NULL AND (o.confirmed_at IS NULL OR held_at <= o.confirmed_at) THEN
      PERFORM ledger_backfill_post('backfill:held:' || o.id, 'payment_held', o.id, o.user_id, held_at, 'cash', 'held_payments', o.charge_dzd_minor);
      IF accepted_at IS NOT NULL THEN
        PERFORM ledger_backfill_post('backfill:accepted:' || o.id, 'held_payment_accepted', o.id, o.user_id, accepted_at, 'held_payments', 'sales', o.charge_dzd_minor);
      END IF;
    ELSE
      PERFORM ledger_backfill_post('backfill:payment:' || o.id, 'payment_captured', o.id, o.user_id, coalesce(o.confirmed_at, o.created_at), 'cash', 'sales', o.charge_dzd_minor);
    END IF;
    IF refund_at IS NOT NULL THEN
      PERFORM ledger_backfill_post('backfill:refund-owed:' || o.id, 'refund_owed', o.id, o.user_id, refund_at,
        CASE WHEN held_at IS NOT NULL AND accepted_at IS NULL AND (o.confirmed_at IS NULL OR held_at <= o.confirmed_at) THEN 'held_payments' ELSE 'refunds' END,
        'refunds_owed', o.charge_dzd_minor);
    END IF;
    IF refunded_at IS NOT NULL THEN
      PERFORM ledger_backfill_post('backfill:refund-sent:' || o.id, 'refund_sent', o.id, o.user_id, refunded_at, 'refunds_owed', 'cash', o.charge_dzd_minor);
    END IF;
  END LOOP;
END;
$$;
--> statement-breakpoint
DROP FUNCTION "ledger_backfill_post"(text, text, uuid, uuid, timestamptz, text, text, bigint);
--> statement-breakpoint
-- Credit notes (avoirs): an invoiced sale reversed by a refund, numbered per year without gaps, apart from invoices.
CREATE TABLE "credit_note_counters" (
	"year" integer PRIMARY KEY NOT NULL,
	"last_number" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credit_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"movement_id" uuid NOT NULL,
	"year" integer NOT NULL,
	"sequence" integer NOT NULL,
	"number" text NOT NULL,
	"language" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"seller" jsonb NOT NULL,
	"amount_ht_dzd_minor" integer NOT NULL,
	"tva_dzd_minor" integer NOT NULL,
	"amount_ttc_dzd_minor" integer NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_movement_id_ledger_movements_id_fk" FOREIGN KEY ("movement_id") REFERENCES "public"."ledger_movements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "credit_notes_movement_key" ON "credit_notes" USING btree ("movement_id");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_notes_year_sequence_key" ON "credit_notes" USING btree ("year","sequence");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_notes_number_key" ON "credit_notes" USING btree ("number");--> statement-breakpoint
CREATE INDEX "credit_notes_order_idx" ON "credit_notes" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "credit_notes_issued_idx" ON "credit_notes" USING btree ("issued_at");
