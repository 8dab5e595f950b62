import { and, desc, eq, gt, isNull, lt, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { pendingRegistrations, signInCodes } from "./auth.schema.ts";

export type SignInCodeRow = typeof signInCodes.$inferSelect;
export type PendingRegistrationRow = typeof pendingRegistrations.$inferSelect;

/** What a code is for: signing in, resetting the PIN, or an operator's sign-in (same table, same rules, never interchangeable). */
export type CodePurpose = "sign_in" | "pin_reset" | "operator_sign_in";

const SIGN_IN: CodePurpose = "sign_in";

/**
 * Serialises sign-in work on one email until the transaction ends, across every API
 * instance: two parallel requests cannot both pass the 60 s resend check.
 */
export async function lockEmail(tx: DbOrTx, email: string, purpose: CodePurpose): Promise<void> {
  const key = purpose === SIGN_IN ? `sign-in:${email}` : `${purpose}:${email}`;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
}

/** The newest code of this purpose sent to an email from one client address, whatever its state. */
export async function findLatestCodeFrom(
  db: DbOrTx,
  options: { email: string; purpose: CodePurpose; requestIp: string },
): Promise<SignInCodeRow | undefined> {
  const [row] = await db
    .select()
    .from(signInCodes)
    .where(
      and(
        eq(signInCodes.email, options.email),
        eq(signInCodes.purpose, options.purpose),
        eq(signInCodes.requestIp, options.requestIp),
      ),
    )
    .orderBy(desc(signInCodes.createdAt))
    .limit(1);
  return row;
}

/** The codes of this purpose an email holds that still work: neither used, revoked nor expired. Newest first. */
export async function findLiveCodes(
  db: DbOrTx,
  options: { email: string; purpose: CodePurpose; now: Date },
): Promise<SignInCodeRow[]> {
  return db
    .select()
    .from(signInCodes)
    .where(
      and(
        eq(signInCodes.email, options.email),
        eq(signInCodes.purpose, options.purpose),
        isNull(signInCodes.usedAt),
        isNull(signInCodes.revokedAt),
        gt(signInCodes.expiresAt, options.now),
      ),
    )
    .orderBy(desc(signInCodes.createdAt));
}

/**
 * Revokes the open (neither used nor revoked) codes of the email and purpose; only those asked from `requestIp` when
 * given (the same person asking again), all of them otherwise (a code was used).
 */
export async function revokeOpenCodes(
  db: DbOrTx,
  options: { email: string; purpose: CodePurpose; now: Date; requestIp?: string },
): Promise<void> {
  await db
    .update(signInCodes)
    .set({ revokedAt: options.now })
    .where(
      and(
        eq(signInCodes.email, options.email),
        eq(signInCodes.purpose, options.purpose),
        isNull(signInCodes.usedAt),
        isNull(signInCodes.revokedAt),
        options.requestIp === undefined ? undefined : eq(signInCodes.requestIp, options.requestIp),
      ),
    );
}

export async function insertCode(
  db: DbOrTx,
  values: {
    email: string;
    codeHash: string;
    expiresAt: Date;
    requestIp: string;
    language: string | null;
    createdAt: Date;
    purpose: CodePurpose;
  },
): Promise<string> {
  const [row] = await db.insert(signInCodes).values(values).returning({ id: signInCodes.id });
  return row!.id;
}

export async function deleteCode(db: DbOrTx, codeId: string): Promise<void> {
  await db.delete(signInCodes).where(eq(signInCodes.id, codeId));
}

/**
 * Counts one wrong try in a single statement, so parallel guesses cannot pass `maxTries`;
 * the try that reaches it revokes (burns) the code. Returns the tries so far, or undefined
 * when the code was already burnt or used.
 */
export async function recordWrongTry(
  db: DbOrTx,
  codeId: string,
  options: { maxTries: number; now: Date },
): Promise<number | undefined> {
  const [row] = await db
    .update(signInCodes)
    .set({
      tries: sql`${signInCodes.tries} + 1`,
      revokedAt: sql`case when ${signInCodes.tries} + 1 >= ${options.maxTries} then ${options.now.toISOString()}::timestamptz else ${signInCodes.revokedAt} end`,
    })
    .where(and(eq(signInCodes.id, codeId), lt(signInCodes.tries, options.maxTries), isNull(signInCodes.usedAt)))
    .returning({ tries: signInCodes.tries });
  return row?.tries;
}

/**
 * Marks a live code used in one statement; false when it is no longer live (used by a
 * parallel request, replaced, burnt or expired). A code therefore works once.
 */
export async function claimCode(db: DbOrTx, codeId: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(signInCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(signInCodes.id, codeId),
        isNull(signInCodes.usedAt),
        isNull(signInCodes.revokedAt),
        gt(signInCodes.expiresAt, now),
      ),
    )
    .returning({ id: signInCodes.id });
  return rows.length === 1;
}

export async function deleteCodesOfEmail(db: DbOrTx, email: string): Promise<void> {
  await db.delete(signInCodes).where(eq(signInCodes.email, email));
}

export async function deleteCodesCreatedBefore(db: DbOrTx, before: Date): Promise<void> {
  await db.delete(signInCodes).where(lt(signInCodes.createdAt, before));
}

/** The details a /register request left with the code it sent, if this code was sent by one. */
export async function findPendingRegistration(db: DbOrTx, codeId: string): Promise<PendingRegistrationRow | undefined> {
  const [row] = await db.select().from(pendingRegistrations).where(eq(pendingRegistrations.codeId, codeId)).limit(1);
  return row;
}

/** Keeps the details given on /register with the code that request sent. */
export async function insertPendingRegistration(
  db: DbOrTx,
  values: {
    codeId: string;
    email: string;
    name: string;
    country: string;
    phone: string | null;
    language: string;
    now: Date;
  },
): Promise<void> {
  const { now, ...columns } = values;
  await db.insert(pendingRegistrations).values({ ...columns, createdAt: now });
}

/** Forgets every registration waiting for this email (the account is verified, or deleted). */
export async function deletePendingRegistration(db: DbOrTx, email: string): Promise<void> {
  await db.delete(pendingRegistrations).where(eq(pendingRegistrations.email, email));
}
