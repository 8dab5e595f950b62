import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "../../db/columns.ts";

// ---------------------------------------------------------------------------------------------------------
// Reliability (decision 025): emails sent after their transaction commits, and workers that die holding jobs.

export interface OutboxAttachment {
  filename: string;
  contentType: string;
  /** The file itself. */
  contentBase64: string;
  /** Referenced from the HTML as cid:… */
  cid?: string;
}

/**
 * Emails decided by a state change, written in the same transaction, sent by the worker after commit and marked sent
 * only once the SMTP server accepted them. `key` makes queueing idempotent; the Message-ID never changes on a retry.
 */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** One email per key, e.g. "install:<order id>". */
    key: text("key").notNull(),
    /** The RFC 5322 Message-ID, the same on every try so a receiver can tell a repeat. */
    messageId: text("message_id").notNull(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    /**
     * The content (an install email's activation code and QR code), kept only until it is sent; a given-up email's
     * for a week (decision 059). Null once dropped: the row stays for the order's timeline.
     */
    text: text("text"),
    html: text("html"),
    attachments: jsonb("attachments").$type<OutboxAttachment[]>().notNull().default([]),
    /** The order it is about, for the order's timeline. */
    orderId: uuid("order_id"),
    status: text("status").$type<"queued" | "sent" | "failed">().notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("mail_outbox_key_key").on(table.key),
    index("mail_outbox_order_idx").on(table.orderId).where(sql`${table.orderId} is not null`),
    index("mail_outbox_queued_idx").on(table.createdAt).where(sql`${table.status} = 'queued'`),
    check("mail_outbox_status_check", sql`${table.status} in ('queued', 'sent', 'failed')`),
  ],
);
