import { PAYMENT_STATUSES, type PaymentStatus } from "@esim/shared/statuses";
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt, oneOf } from "../../db/columns.ts";
import { creditLoads } from "../credit-loads/credit-loads.schema.ts";
import { orders } from "../orders/orders.schema.ts";

export const payments = pgTable(
  "payments",
  {
    /** Given to the callback page (`/payment-callback?paymentId=`). */
    id: uuid("id").primaryKey().defaultRandom(),
    /** The order it pays; null for a store credit load's payment (exactly one of the two, decision 068). */
    orderId: uuid("order_id").references(() => orders.id),
    /** The store credit load it pays; null for an order's payment. */
    creditLoadId: uuid("credit_load_id").references(() => creditLoads.id),
    provider: text("provider").notNull(),
    /** The gateway's checkout id. */
    providerReference: text("provider_reference"),
    amountMinor: integer("amount_minor").notNull(),
    currency: text("currency").$type<"DZD">().notNull().default("DZD"),
    method: text("method").notNull(),
    status: text("status").$type<PaymentStatus>().notNull().default("pending"),
    checkoutUrl: text("checkout_url"),
    /** When the current checkout was created at the gateway: Chargily ends a checkout 30 minutes after (decision 054). */
    checkoutOpenedAt: timestamp("checkout_opened_at", { withTimezone: true }),
    /** Who pays the gateway's fee on this payment (Chargily `chargily_pay_fees_allocation`): merchant, customer or split. */
    feeAllocation: text("fee_allocation").$type<"merchant" | "customer" | "split">().notNull().default("merchant"),
    /** The gateway's fee the payer pays on top of amountMinor, as shown before payment (0 when the merchant pays it). */
    customerFeeMinor: integer("customer_fee_minor").notNull().default(0),
    /**
     * While set and in the future, one request is asking the gateway for this payment's checkout; the others wait for
     * it (one checkout per payment, however many retries). A claim left by a crash lapses.
     */
    checkoutClaimedUntil: timestamp("checkout_claimed_until", { withTimezone: true }),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("payments_order_idx").on(table.orderId),
    index("payments_credit_load_idx").on(table.creditLoadId).where(sql`${table.creditLoadId} is not null`),
    check("payments_order_or_credit_load_check", sql`num_nonnulls(${table.orderId}, ${table.creditLoadId}) = 1`),
    uniqueIndex("payments_provider_reference_key").on(table.provider, table.providerReference),
    oneOf("payments_status_check", table.status, PAYMENT_STATUSES),
    check("payments_currency_check", sql`${table.currency} = 'DZD'`),
    oneOf("payments_fee_allocation_check", table.feeAllocation, ["merchant", "customer", "split"]),
    // The reconciliation sweep reads pending payments by their last look.
    index("payments_pending_updated_idx").on(table.updatedAt).where(sql`${table.status} = 'pending'`),
  ],
);

export const webhookEvents = pgTable(
  "webhook_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    provider: text("provider").notNull(),
    eventId: text("event_id").notNull(),
    payload: jsonb("payload").notNull(),
    isSignatureValid: boolean("is_signature_valid").notNull(),
    processedAt: timestamp("processed_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("webhook_events_provider_event_key").on(table.provider, table.eventId),
    // An order's timeline in the console (refreshed every few seconds while it waits) finds its payment's webhooks
    // by the gateway's checkout id or by our payment id in the metadata: each an index, not a scan of every event.
    index("webhook_events_checkout_idx").on(table.provider, sql`(${table.payload}->'data'->>'id')`),
    index("webhook_events_payment_idx").on(table.provider, sql`(${table.payload}->'data'->'metadata'->>'paymentId')`),
  ],
);
