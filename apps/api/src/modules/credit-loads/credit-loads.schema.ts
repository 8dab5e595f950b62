import { CREDIT_LOAD_STATUSES, type CreditLoadStatus } from "@esim/shared/credit-loads/contracts";
import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, oneOf } from "../../db/columns.ts";
import { users } from "../account/account.schema.ts";

// ---------------------------------------------------------------------------------------------------------
// Store credit bought with a card (decision 068): a load is paid through the gateway like an order, its
// payment row pointing at it, and credited (the ledger's credit_bought) in the transaction that records the payment.

/**
 * A top-up of a customer's store credit through the gateway. Not an order (nothing is sold until the credit is spent):
 * its receipt (reçu, no TVA) is numbered when paid. Owned by the credit-loads module.
 */
export const creditLoads = pgTable(
  "credit_loads",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    /** The client's key for one attempt: a double click makes one load and one checkout. */
    clientReference: text("client_reference").notNull(),
    /** What is credited once paid (whole dinars, as the gateway charges). */
    amountDzdMinor: integer("amount_dzd_minor").notNull(),
    paymentMethod: text("payment_method").notNull(),
    /** When the buyer ticked the terms of sale and privacy policy, and their version (decision 073); null before it. */
    termsAcceptedAt: timestamp("terms_accepted_at", { withTimezone: true }),
    termsVersion: text("terms_version"),
    status: text("status").$type<CreditLoadStatus>().notNull().default("pending"),
    /** The year its receipt was numbered (Africa/Algiers), its place in that year and the number printed (R2026-000001). */
    receiptYear: integer("receipt_year"),
    receiptSequence: integer("receipt_sequence"),
    receiptNumber: text("receipt_number"),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    /** When it ended unpaid (failed, canceled, expired). */
    endedAt: timestamp("ended_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("credit_loads_client_reference_key").on(table.userId, table.clientReference),
    uniqueIndex("credit_loads_receipt_number_key").on(table.receiptNumber),
    index("credit_loads_user_idx").on(table.userId, table.createdAt),
    oneOf("credit_loads_status_check", table.status, CREDIT_LOAD_STATUSES),
    check("credit_loads_amount_positive", sql`${table.amountDzdMinor} > 0`),
    // Paid exactly when numbered: a receipt for every load credited, none for any other.
    check("credit_loads_receipt_when_paid", sql`(${table.status} = 'paid') = (${table.receiptNumber} is not null)`),
  ],
);

/** The last receipt number given in each year (Africa/Algiers): a numbering of its own, without gaps. */
export const creditLoadReceiptCounters = pgTable("credit_load_receipt_counters", {
  year: integer("year").primaryKey(),
  lastNumber: integer("last_number").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
