import { bigint, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "../db/columns.ts";

/** The dev mailbox: messages kept instead of sent when no SMTP_URL is set. */
export const devMails = pgTable("dev_mails", {
  id: uuid("id").primaryKey().defaultRandom(),
  to: text("to").notNull(),
  subject: text("subject").notNull(),
  text: text("text").notNull(),
  html: text("html").notNull(),
  headers: jsonb("headers").$type<Record<string, string>>().notNull().default({}),
  createdAt: createdAt(),
});

/** Pushes the local recorder kept instead of sending (no FCM or APNs credentials), listed on /dev/mailbox. */
export const pushMessages = pgTable(
  "push_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    platform: text("platform").$type<"ios" | "android">().notNull(),
    token: text("token").notNull(),
    title: text("title").notNull(),
    body: text("body").notNull(),
    data: jsonb("data").$type<Record<string, string>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (table) => [index("push_messages_created_at_idx").on(table.createdAt)],
);

// ---------------------------------------------------------------------------------------------------------
// Local twins of outside services. They keep their state in PostgreSQL so that a restart in the middle of a
// flow behaves as the real service would: an order placed upstream stays placed.

/** The eSIM upstream simulator's orders, idempotent on the caller's transaction id. */
export const simulatorOrders = pgTable("simulator_orders", {
  orderNo: text("order_no").primaryKey(),
  transactionId: text("transaction_id").notNull().unique(),
  packageCode: text("package_code").notNull(),
  count: integer("count").notNull(),
  amountUsdE4: integer("amount_usd_e4").notNull(),
  /** Profiles are allocated asynchronously: queries before this time answer "allocating". */
  readyAt: timestamp("ready_at", { withTimezone: true }).notNull(),
  createdAt: createdAt(),
});

/** The simulator's eSIM profiles; usage and status move with time. */
export const simulatorProfiles = pgTable(
  "simulator_profiles",
  {
    esimTranNo: text("esim_tran_no").primaryKey(),
    orderNo: text("order_no")
      .notNull()
      .references(() => simulatorOrders.orderNo),
    iccid: text("iccid").notNull(),
    smdpAddress: text("smdp_address").notNull(),
    matchingId: text("matching_id").notNull(),
    packageCode: text("package_code").notNull(),
    esimStatus: text("esim_status").notNull(),
    smdpStatus: text("smdp_status").notNull(),
    totalBytes: bigint("total_bytes", { mode: "number" }).notNull(),
    usedBytes: bigint("used_bytes", { mode: "number" }).notNull().default(0),
    /** Top-ups applied, by transaction id (idempotent). */
    topUps: jsonb("top_ups")
      .$type<{ transactionId: string; packageCode: string; at: string }[]>()
      .notNull()
      .default([]),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("simulator_profiles_order_idx").on(table.orderNo)],
);

/** The sandbox payment gateway's checkouts (its hosted page is served by the API itself). */
export const sandboxCheckouts = pgTable("sandbox_checkouts", {
  id: text("id").primaryKey(),
  /** Whole dinars, as Chargily takes them. */
  amount: integer("amount").notNull(),
  /** Chargily's `chargily_pay_fees_allocation` as asked; the whole fee and the payer's share on top, whole dinars. */
  feesAllocation: text("fees_allocation").$type<"merchant" | "customer" | "split">().notNull().default("merchant"),
  fees: integer("fees").notNull().default(0),
  feesOnCustomer: integer("fees_on_customer").notNull().default(0),
  currency: text("currency").notNull().default("dzd"),
  paymentMethod: text("payment_method").notNull(),
  status: text("status").$type<"pending" | "paid" | "failed" | "canceled" | "expired">().notNull().default("pending"),
  locale: text("locale").notNull(),
  description: text("description"),
  successUrl: text("success_url").notNull(),
  failureUrl: text("failure_url").notNull(),
  webhookEndpoint: text("webhook_endpoint").notNull(),
  metadata: jsonb("metadata").$type<Record<string, unknown>>().notNull().default({}),
  createdAt: createdAt(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The upstream account's shared request budget (eSIM Access: 8 requests a second per account, whatever the number of
 * our processes): one row per request started, stamped by PostgreSQL's clock so every process counts on one clock;
 * rows older than a few seconds are pruned as requests start (decision 052).
 */
export const upstreamRequestStarts = pgTable(
  "upstream_request_starts",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    account: text("account").notNull(),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
  },
  (table) => [index("upstream_request_starts_account_idx").on(table.account, table.startedAt)],
);
