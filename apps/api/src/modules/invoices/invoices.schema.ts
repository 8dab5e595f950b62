import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "../../db/columns.ts";
import { ledgerMovements } from "../ledger/ledger.schema.ts";
import { orders } from "../orders/orders.schema.ts";

// ---------------------------------------------------------------------------------------------------------
// Invoices (decision 014): one per paid order, numbered per year of payment without gaps.

/** The last invoice number given in each year (Africa/Algiers); bumped in the transaction that inserts the invoice. */
export const invoiceCounters = pgTable("invoice_counters", {
  year: integer("year").primaryKey(),
  lastNumber: integer("last_number").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** The seller's legal identity and TVA treatment, as printed on invoices. */
export interface SellerIdentitySnapshot {
  name: string;
  address: string;
  /** Numéro d'identification fiscale, 15 or 20 digits (may be empty while only the config fallback exists). */
  nif: string;
  /** Numéro d'identification statistique, 15 digits. */
  nis: string;
  /** Registre du commerce, e.g. 16/00-1234567 B 18. */
  rc: string;
  /** Article d'imposition. */
  article: string;
  /** TVA rate in basis points (1900 = 19 %); 0 when exempt. */
  tvaRateBps: number;
  /** The exemption's legal mention; null when TVA is charged. */
  tvaExemption: string | null;
}

/** Every identity the operator set, newest last: the current one is the latest row; invoices copy it when issued. */
export const sellerIdentities = pgTable("seller_identities", {
  /** Rising with each change: the highest is the current identity, whatever the clock said. */
  id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
  identity: jsonb("identity").$type<SellerIdentitySnapshot>().notNull(),
  /** Who set it (`operator:cli`, or an operator's id). */
  createdBy: text("created_by").notNull(),
  createdAt: createdAt(),
});

export const invoices = pgTable(
  "invoices",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id),
    /** The year of payment (orders.confirmed_at in Africa/Algiers). */
    year: integer("year").notNull(),
    /** 1, 2, 3… within the year, without gaps. */
    sequence: integer("sequence").notNull(),
    /** F2026-000001. */
    number: text("number").notNull(),
    /** The buyer's language when it was issued. */
    language: text("language").notNull(),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull(),
    /** The seller and TVA treatment it was issued with; null for invoices issued before they were recorded. */
    seller: jsonb("seller").$type<SellerIdentitySnapshot>(),
    /** The DZD charged, split as the accountant reads it (null like `seller`): HT + TVA = TTC. */
    amountHtDzdMinor: integer("amount_ht_dzd_minor"),
    tvaDzdMinor: integer("tva_dzd_minor"),
    amountTtcDzdMinor: integer("amount_ttc_dzd_minor"),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("invoices_order_key").on(table.orderId),
    uniqueIndex("invoices_year_sequence_key").on(table.year, table.sequence),
    uniqueIndex("invoices_number_key").on(table.number),
  ],
);

/** The last credit note number given in each year (Africa/Algiers): a numbering of its own, without gaps. */
export const creditNoteCounters = pgTable("credit_note_counters", {
  year: integer("year").primaryKey(),
  lastNumber: integer("last_number").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A credit note (avoir): an invoiced sale reversed, in part or whole, by a refund owed (decision 061). One per refund
 * movement; the seller and TVA rate are the invoice's, so the TVA reversed is the TVA declared. Owned by invoices.
 */
export const creditNotes = pgTable(
  "credit_notes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id),
    invoiceId: uuid("invoice_id")
      .notNull()
      .references(() => invoices.id),
    /** The ledger's refund_owed movement it documents. */
    movementId: uuid("movement_id")
      .notNull()
      .references(() => ledgerMovements.id),
    /** The year it was issued (Africa/Algiers). */
    year: integer("year").notNull(),
    sequence: integer("sequence").notNull(),
    /** A2026-000001. */
    number: text("number").notNull(),
    /** The buyer's language when it was issued. */
    language: text("language").notNull(),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull(),
    seller: jsonb("seller").$type<SellerIdentitySnapshot>().notNull(),
    /** What is reversed, as the accountant reads it: HT + TVA = TTC (positive amounts). */
    amountHtDzdMinor: integer("amount_ht_dzd_minor").notNull(),
    tvaDzdMinor: integer("tva_dzd_minor").notNull(),
    amountTtcDzdMinor: integer("amount_ttc_dzd_minor").notNull(),
    /** Why, for the customer and the accountant: "eSIM cancelled on request", "not delivered". */
    reason: text("reason").notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("credit_notes_movement_key").on(table.movementId),
    uniqueIndex("credit_notes_year_sequence_key").on(table.year, table.sequence),
    uniqueIndex("credit_notes_number_key").on(table.number),
    index("credit_notes_order_idx").on(table.orderId),
    index("credit_notes_issued_idx").on(table.issuedAt),
  ],
);
