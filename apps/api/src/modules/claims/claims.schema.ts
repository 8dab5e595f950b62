import {
  CLAIM_MESSAGE_AUTHORS,
  CLAIM_REASONS,
  CLAIM_STATUSES,
  type ClaimReason,
  type ClaimStatus,
} from "@esim/shared/claims/contracts";
import { REFUND_CHOICES, type RefundChoice } from "@esim/shared/orders/refunds";
import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, oneOf } from "../../db/columns.ts";
import { users } from "../account/account.schema.ts";
import { esims } from "../esims/esims.schema.ts";
import { orders } from "../orders/orders.schema.ts";

/** A traveller's claim that an eSIM does not work (decision 080): one open (received, answered) per eSIM at a time. */
export const claims = pgTable(
  "claims",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    esimId: uuid("esim_id")
      .notNull()
      .references(() => esims.id),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    reason: text("reason").$type<ClaimReason>().notNull(),
    /** Written only by claim-lifecycle.ts. */
    status: text("status").$type<ClaimStatus>().notNull().default("received"),
    refundPreference: text("refund_preference").$type<RefundChoice>().notNull().default("store_credit"),
    /** Filed within the 7-day refund window from the purchase: fixed at filing. */
    isRefundable: boolean("is_refundable").notNull(),
    refundableUntil: timestamp("refundable_until", { withTimezone: true }).notNull(),
    /** The shop settles the claim by then. */
    settleBy: timestamp("settle_by", { withTimezone: true }).notNull(),
    refundMethod: text("refund_method").$type<RefundChoice>(),
    refundDzdMinor: integer("refund_dzd_minor"),
    refusalReason: text("refusal_reason"),
    openedAt: timestamp("opened_at", { withTimezone: true }).notNull(),
    settledAt: timestamp("settled_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("claims_one_open_per_esim_key")
      .on(table.esimId)
      .where(sql`${table.status} in ('received', 'answered')`),
    index("claims_user_idx").on(table.userId, table.openedAt),
    index("claims_status_idx").on(table.status, table.settleBy),
    oneOf("claims_status_check", table.status, CLAIM_STATUSES),
    oneOf("claims_reason_check", table.reason, CLAIM_REASONS),
    oneOf("claims_refund_preference_check", table.refundPreference, REFUND_CHOICES),
    check(
      "claims_refund_method_check",
      sql`${table.refundMethod} is null or ${table.refundMethod} in ('store_credit', 'transfer')`,
    ),
  ],
);

/** A claim's thread: the traveller's messages and the operator's answers, oldest first. */
export const claimMessages = pgTable(
  "claim_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    claimId: uuid("claim_id")
      .notNull()
      .references(() => claims.id, { onDelete: "cascade" }),
    author: text("author").$type<(typeof CLAIM_MESSAGE_AUTHORS)[number]>().notNull(),
    operatorId: uuid("operator_id"),
    body: text("body").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    index("claim_messages_claim_idx").on(table.claimId, table.createdAt),
    oneOf("claim_messages_author_check", table.author, CLAIM_MESSAGE_AUTHORS),
  ],
);

/** A claim's history: every move of the lifecycle, by whom. */
export const claimEvents = pgTable(
  "claim_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    claimId: uuid("claim_id")
      .notNull()
      .references(() => claims.id, { onDelete: "cascade" }),
    event: text("event").notNull(),
    fromStatus: text("from_status").notNull(),
    toStatus: text("to_status").notNull(),
    actor: text("actor").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (table) => [index("claim_events_claim_idx").on(table.claimId, table.createdAt)],
);
