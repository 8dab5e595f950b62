import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { users } from "./account.schema.ts";

// The install PIN's columns of the account row (users): its rules live in modules/esims (pin.service.ts), its writes
// here, since the account module owns the users table (db/table-owners.ts, decision 066).

export interface PinState {
  pinHash: string | null;
  pinTries: number;
  isPinBlocked: boolean;
}

const pinColumns = { pinHash: users.pinHash, pinTries: users.pinTries, isPinBlocked: users.isPinBlocked };

export async function findPinState(db: DbOrTx, userId: string): Promise<PinState | undefined> {
  const [row] = await db.select(pinColumns).from(users).where(eq(users.id, userId));
  return row;
}

/** The PIN state, its row locked until the transaction ends (an operator's change serialised with any other). */
export async function lockPinState(tx: DbOrTx, userId: string): Promise<PinState | undefined> {
  const [row] = await tx.select(pinColumns).from(users).where(eq(users.id, userId)).for("update");
  return row;
}

/** Stores the first PIN only: false when one was set meanwhile (a parallel request). */
export async function setFirstPin(
  db: DbOrTx,
  userId: string,
  pinHash: string,
  now: Date,
): Promise<PinState | undefined> {
  const [row] = await db
    .update(users)
    .set({ pinHash, pinTries: 0, isPinBlocked: false, updatedAt: now })
    .where(and(eq(users.id, userId), sql`${users.pinHash} is null`))
    .returning(pinColumns);
  return row;
}

/** Replaces the PIN and unblocks it (after an emailed code, or by the operator without a new PIN). */
export async function replacePin(
  db: DbOrTx,
  userId: string,
  values: { pinHash?: string; now: Date },
): Promise<PinState | undefined> {
  const [row] = await db
    .update(users)
    .set({
      ...(values.pinHash ? { pinHash: values.pinHash } : {}),
      pinTries: 0,
      isPinBlocked: false,
      updatedAt: values.now,
    })
    .where(eq(users.id, userId))
    .returning(pinColumns);
  return row;
}

/**
 * Counts one wrong PIN in a single statement: parallel guesses are serialised by the row lock, so no more than
 * `maxTries` are ever counted; the one reaching it blocks the PIN. Undefined when it was already blocked.
 */
export async function recordWrongPin(
  db: DbOrTx,
  userId: string,
  maxTries: number,
): Promise<{ pinTries: number; isPinBlocked: boolean } | undefined> {
  const [row] = await db
    .update(users)
    .set({ pinTries: sql`${users.pinTries} + 1`, isPinBlocked: sql`${users.pinTries} + 1 >= ${maxTries}` })
    .where(and(eq(users.id, userId), eq(users.isPinBlocked, false)))
    .returning({ pinTries: users.pinTries, isPinBlocked: users.isPinBlocked });
  return row;
}

/** A right PIN clears the count, unless the PIN got blocked meanwhile (then false: refuse). */
export async function clearPinTries(db: DbOrTx, userId: string): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ pinTries: 0 })
    .where(and(eq(users.id, userId), eq(users.isPinBlocked, false)))
    .returning({ id: users.id });
  return rows.length === 1;
}
