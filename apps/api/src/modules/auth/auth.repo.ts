import { and, desc, eq, gt, isNull, lt, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { pendingRegistrations, signInCodes } from "../../db/schema.ts";

export type SignInCodeRow = typeof signInCodes.$inferSelect;
export type PendingRegistrationRow = typeof pendingRegistrations.$inferSelect;

/** What a code is for: signing in, resetting the PIN, or an operator's sign-in (same table, same rules, never interchangeable). */
export type CodePurpose = "sign_in" | "pin_reset" | "operator_sign_in";

const SIGN_IN: CodePurpose = "sign_in";

/**
 * Serialises sign-in work on one email until the transaction ends, across every API
 * instance: two parallel requests cannot both pass the 60 s resend check.
 */
export async function lockEmail(tx: DbOrTx, email: string, purpose: CodePurpose = SIGN_IN): Promise<void> {
  const key = purpose === SIGN_IN ? `sign-in:${email}` : `${purpose}:${email}`;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
}

/** The newest code of this purpose sent to an email, whatever its state. */
export async function findLatestCode(
  db: DbOrTx,
  email: string,
  purpose: CodePurpose = SIGN_IN,
): Promise<SignInCodeRow | undefined> {
  const [row] = await db
    .select()
    .from(signInCodes)
    .where(and(eq(signInCodes.email, email), eq(signInCodes.purpose, purpose)))
    .orderBy(desc(signInCodes.createdAt))
    .limit(1);
  return row;
}

/** Revokes every code of the email and purpose that is neither used nor revoked yet. */
export async function revokeOpenCodes(
  db: DbOrTx,
  email: string,
  now: Date,
  purpose: CodePurpose = SIGN_IN,
): Promise<void> {
  await db
    .update(signInCodes)
    .set({ revokedAt: now })
    .where(
      and(
        eq(signInCodes.email, email),
        eq(signInCodes.purpose, purpose),
        isNull(signInCodes.usedAt),
        isNull(signInCodes.revokedAt),
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
    purpose?: CodePurpose;
  },
): Promise<string> {
  const [row] = await db
    .insert(signInCodes)
    .values({ ...values, purpose: values.purpose ?? SIGN_IN })
    .returning({ id: signInCodes.id });
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

export async function findPendingRegistration(db: DbOrTx, email: string): Promise<PendingRegistrationRow | undefined> {
  const [row] = await db.select().from(pendingRegistrations).where(eq(pendingRegistrations.email, email)).limit(1);
  return row;
}

/** Stores the latest details given on /register for an email, replacing earlier ones. */
export async function upsertPendingRegistration(
  db: DbOrTx,
  values: { email: string; name: string; country: string; phone: string | null; language: string; now: Date },
): Promise<void> {
  const { now, ...columns } = values;
  await db
    .insert(pendingRegistrations)
    .values({ ...columns, createdAt: now })
    .onConflictDoUpdate({
      target: pendingRegistrations.email,
      set: {
        name: columns.name,
        country: columns.country,
        phone: columns.phone,
        language: columns.language,
        createdAt: now,
      },
    });
}

export async function deletePendingRegistration(db: DbOrTx, email: string): Promise<void> {
  await db.delete(pendingRegistrations).where(eq(pendingRegistrations.email, email));
}
