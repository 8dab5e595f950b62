import {
  LEDGER_ACCOUNTS,
  LEDGER_MOVEMENT_KINDS,
  type LedgerAccount,
  type LedgerMovementKind,
} from "@esim/shared/ledger/vocabulary";
import { sql } from "drizzle-orm";
import { bigint, check, index, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, oneOf } from "../../db/columns.ts";
import { users } from "../account/account.schema.ts";
import { orders } from "../orders/orders.schema.ts";

// ---------------------------------------------------------------------------------------------------------
// The ledger (decision 061): every movement of money, append-only and double-entry. Owned by modules/ledger.

/**
 * One movement of money (a payment captured, a refund owed or sent, credit issued, spent or expired), with its cause
 * and actor. `key` makes posting idempotent: the same fact posted twice is one movement. Never updated or deleted
 * (triggers of migration 0022 refuse both).
 */
export const ledgerMovements = pgTable(
  "ledger_movements",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The order of writing. */
    seq: bigint("seq", { mode: "number" }).generatedAlwaysAsIdentity(),
    /** The fact it records, once: "payment:<payment id>", "refund-owed:cancellation:<request id>"… */
    key: text("key").notNull(),
    kind: text("kind").$type<LedgerMovementKind>().notNull(),
    orderId: uuid("order_id").references(() => orders.id),
    /** The customer whose money it is (store credit, refunds), when there is one. */
    userId: uuid("user_id").references(() => users.id),
    /** How money left or came (a refund's method, "chargily"…). */
    method: text("method"),
    /** The outside reference (a transfer's, the gateway's checkout id). */
    reference: text("reference"),
    cause: text("cause").notNull(),
    /** Who: "customer:<id>", "gateway:<name>", "worker", "sweep", "operator:<id>", "operator:cli". */
    actor: text("actor").notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("ledger_movements_key_key").on(table.key),
    index("ledger_movements_order_idx").on(table.orderId, table.seq),
    index("ledger_movements_user_idx").on(table.userId, table.seq),
    index("ledger_movements_created_idx").on(table.createdAt),
    oneOf("ledger_movements_kind_check", table.kind, LEDGER_MOVEMENT_KINDS),
  ],
);

/**
 * A movement's lines: positive debits the account, negative credits it; a movement's lines sum to zero (a deferred
 * trigger checks it at commit). The order and customer are the movement's, copied so a balance is one indexed sum.
 */
export const ledgerEntries = pgTable(
  "ledger_entries",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    movementId: uuid("movement_id")
      .notNull()
      .references(() => ledgerMovements.id),
    account: text("account").$type<LedgerAccount>().notNull(),
    amountDzdMinor: bigint("amount_dzd_minor", { mode: "number" }).notNull(),
    orderId: uuid("order_id").references(() => orders.id),
    userId: uuid("user_id").references(() => users.id),
    createdAt: createdAt(),
  },
  (table) => [
    index("ledger_entries_movement_idx").on(table.movementId),
    index("ledger_entries_order_idx").on(table.orderId, table.account).where(sql`${table.orderId} is not null`),
    index("ledger_entries_user_idx").on(table.userId, table.account).where(sql`${table.userId} is not null`),
    index("ledger_entries_account_created_idx").on(table.account, table.createdAt),
    oneOf("ledger_entries_account_check", table.account, LEDGER_ACCOUNTS),
    check("ledger_entries_amount_not_zero", sql`${table.amountDzdMinor} <> 0`),
  ],
);
