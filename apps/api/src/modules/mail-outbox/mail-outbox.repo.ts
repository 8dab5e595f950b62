import { and, asc, eq, isNotNull, lt, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { mailOutbox } from "./mail-outbox.schema.ts";

export type OutboxRow = typeof mailOutbox.$inferSelect;

/** Keeps an email to send; undefined when one with this key was already queued (queueing is idempotent). */
export async function insertOutboxEmail(
  db: DbOrTx,
  values: typeof mailOutbox.$inferInsert,
): Promise<OutboxRow | undefined> {
  const [row] = await db.insert(mailOutbox).values(values).onConflictDoNothing({ target: mailOutbox.key }).returning();
  return row;
}

export async function findOutboxEmail(db: DbOrTx, id: string): Promise<OutboxRow | undefined> {
  const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  return row;
}

/** Counts a try that is about to be made. */
export async function recordOutboxAttempt(db: DbOrTx, id: string): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ attempts: sql`${mailOutbox.attempts} + 1` })
    .where(eq(mailOutbox.id, id));
}

/** queued → sent, once the SMTP server accepted it; its content goes (the timeline needs only that it was sent). */
export async function markOutboxSent(db: DbOrTx, id: string, now: Date): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ status: "sent", sentAt: now, lastError: null, text: null, html: null, attachments: [] })
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, "queued")));
}

/** Keeps the failure; with `isFinal`, queued → failed (no try is left). */
export async function recordOutboxFailure(db: DbOrTx, id: string, failure: { error: string; isFinal: boolean }) {
  await db
    .update(mailOutbox)
    .set({ lastError: failure.error, ...(failure.isFinal ? { status: "failed" as const } : {}) })
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, "queued")));
}

/** The emails about an order, oldest first (its timeline). */
export async function listOrderEmails(db: DbOrTx, orderId: string): Promise<OutboxRow[]> {
  return db.select().from(mailOutbox).where(eq(mailOutbox.orderId, orderId)).orderBy(asc(mailOutbox.createdAt));
}

/** Drops the content of emails given up before `before` (kept a while for the operator to see what failed). */
export async function dropGivenUpEmailContent(db: DbOrTx, before: Date): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ text: null, html: null, attachments: [] })
    .where(and(eq(mailOutbox.status, "failed"), lt(mailOutbox.createdAt, before), isNotNull(mailOutbox.text)));
}

/** Deletes every email to this address, sent or not (an account deleted: nothing of it is kept or sent after). */
export async function deleteEmailsTo(db: DbOrTx, email: string): Promise<void> {
  await db.delete(mailOutbox).where(sql`lower(${mailOutbox.to}) = lower(${email})`);
}
