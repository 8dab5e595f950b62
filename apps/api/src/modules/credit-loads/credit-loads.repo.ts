import { and, desc, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { creditLoadReceiptCounters, creditLoads } from "./credit-loads.schema.ts";

export type CreditLoadRow = typeof creditLoads.$inferSelect;

/**
 * Writes a pending load unless the user's client reference has one already: the new row, or undefined. The terms the
 * buyer accepted are recorded as accepted now (decision 073).
 */
export async function insertCreditLoad(
  db: DbOrTx,
  values: {
    userId: string;
    clientReference: string;
    amountDzdMinor: number;
    paymentMethod: string;
    termsVersion: string;
    now: Date;
  },
): Promise<CreditLoadRow | undefined> {
  const [row] = await db
    .insert(creditLoads)
    .values({
      userId: values.userId,
      clientReference: values.clientReference,
      amountDzdMinor: values.amountDzdMinor,
      paymentMethod: values.paymentMethod,
      termsAcceptedAt: values.now,
      termsVersion: values.termsVersion,
      status: "pending",
      createdAt: values.now,
      updatedAt: values.now,
    })
    .onConflictDoNothing()
    .returning();
  return row;
}

export async function findCreditLoadByReference(
  db: DbOrTx,
  userId: string,
  clientReference: string,
): Promise<CreditLoadRow | undefined> {
  const [row] = await db
    .select()
    .from(creditLoads)
    .where(and(eq(creditLoads.userId, userId), eq(creditLoads.clientReference, clientReference)));
  return row;
}

/** The user's load; undefined for anyone else's. */
export async function findUserCreditLoad(
  db: DbOrTx,
  userId: string,
  loadId: string,
): Promise<CreditLoadRow | undefined> {
  const [row] = await db
    .select()
    .from(creditLoads)
    .where(and(eq(creditLoads.id, loadId), eq(creditLoads.userId, userId)));
  return row;
}

export async function lockCreditLoad(db: DbOrTx, loadId: string): Promise<CreditLoadRow | undefined> {
  const [row] = await db.select().from(creditLoads).where(eq(creditLoads.id, loadId)).for("update");
  return row;
}

export async function countPendingCreditLoads(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(creditLoads)
    .where(and(eq(creditLoads.userId, userId), eq(creditLoads.status, "pending")));
  return row?.count ?? 0;
}

/** The user's paid loads, the latest receipt first. */
export function listPaidCreditLoads(db: DbOrTx, userId: string): Promise<CreditLoadRow[]> {
  return db
    .select()
    .from(creditLoads)
    .where(and(eq(creditLoads.userId, userId), eq(creditLoads.status, "paid")))
    .orderBy(desc(creditLoads.receiptYear), desc(creditLoads.receiptSequence));
}

/** The year's next receipt sequence, in the caller's transaction: a rollback gives it back (no gaps). */
export async function takeReceiptSequence(db: DbOrTx, year: number, now: Date): Promise<number> {
  const [counter] = await db
    .insert(creditLoadReceiptCounters)
    .values({ year, lastNumber: 1, updatedAt: now })
    .onConflictDoUpdate({
      target: creditLoadReceiptCounters.year,
      set: { lastNumber: sql`${creditLoadReceiptCounters.lastNumber} + 1`, updatedAt: now },
    })
    .returning({ lastNumber: creditLoadReceiptCounters.lastNumber });
  return counter!.lastNumber;
}

export async function markCreditLoadPaid(
  db: DbOrTx,
  loadId: string,
  receipt: { year: number; sequence: number; number: string; now: Date },
): Promise<void> {
  await db
    .update(creditLoads)
    .set({
      status: "paid",
      receiptYear: receipt.year,
      receiptSequence: receipt.sequence,
      receiptNumber: receipt.number,
      paidAt: receipt.now,
      updatedAt: receipt.now,
    })
    .where(eq(creditLoads.id, loadId));
}

/** → failed, canceled or expired, only from pending. */
export async function markCreditLoadEnded(
  db: DbOrTx,
  loadId: string,
  status: "failed" | "canceled" | "expired",
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(creditLoads)
    .set({ status, endedAt: now, updatedAt: now })
    .where(and(eq(creditLoads.id, loadId), eq(creditLoads.status, "pending")))
    .returning({ id: creditLoads.id });
  return rows.length > 0;
}

/** All the user's loads, newest first, for the console (which adds each one's checkout from the payments module). */
export function listCreditLoadsOf(db: DbOrTx, userId: string) {
  return db.select().from(creditLoads).where(eq(creditLoads.userId, userId)).orderBy(desc(creditLoads.createdAt));
}
