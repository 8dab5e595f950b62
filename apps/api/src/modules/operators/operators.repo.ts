import type { OperatorRole } from "@esim/shared/console/roles";
import { and, desc, eq, gt, isNull, lt, or, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { operatorSessions, operatorSignInChallenges, operators } from "./operators.schema.ts";

export type OperatorRow = typeof operators.$inferSelect;
export type OperatorSessionRow = typeof operatorSessions.$inferSelect;

export async function findOperatorByEmail(db: DbOrTx, email: string): Promise<OperatorRow | undefined> {
  const [row] = await db.select().from(operators).where(eq(operators.email, email)).limit(1);
  return row;
}

export async function findOperatorById(db: DbOrTx, id: string): Promise<OperatorRow | undefined> {
  const [row] = await db.select().from(operators).where(eq(operators.id, id)).limit(1);
  return row;
}

/** Inserts an operator unless the email has one; undefined when it already existed. */
export async function insertOperator(
  db: DbOrTx,
  values: { email: string; role: OperatorRole; now: Date },
): Promise<OperatorRow | undefined> {
  const [row] = await db
    .insert(operators)
    .values({ email: values.email, role: values.role, createdAt: values.now })
    .onConflictDoNothing({ target: operators.email })
    .returning();
  return row;
}

/** Keeps the secret an operator not yet enrolled is about to scan (a new sign-in replaces it). */
export async function setPendingTotpSecret(db: DbOrTx, operatorId: string, secret: string): Promise<void> {
  await db
    .update(operators)
    .set({ totpSecret: secret })
    .where(and(eq(operators.id, operatorId), eq(operators.isEnrolled, false)));
}

/**
 * Records an accepted TOTP step, enrolling the operator; false when this step (or a later one) was already used, so a
 * code is accepted once even under parallel requests.
 */
export async function claimTotpStep(db: DbOrTx, operatorId: string, step: number): Promise<boolean> {
  const rows = await db
    .update(operators)
    .set({ totpLastStep: step, isEnrolled: true })
    .where(
      and(
        eq(operators.id, operatorId),
        sql`(${operators.totpLastStep} is null or ${operators.totpLastStep} < ${step})`,
      ),
    )
    .returning({ id: operators.id });
  return rows.length === 1;
}

export async function insertChallenge(
  db: DbOrTx,
  values: { operatorId: string; tokenHash: string; expiresAt: Date; now: Date },
): Promise<void> {
  const { now, ...columns } = values;
  await db.insert(operatorSignInChallenges).values({ ...columns, createdAt: now });
}

/** A challenge neither used, expired nor burnt, with its operator. */
export async function findLiveChallenge(db: DbOrTx, tokenHash: string, options: { now: Date; maxTries: number }) {
  const [row] = await db
    .select({ challenge: operatorSignInChallenges, operator: operators })
    .from(operatorSignInChallenges)
    .innerJoin(operators, eq(operators.id, operatorSignInChallenges.operatorId))
    .where(
      and(
        eq(operatorSignInChallenges.tokenHash, tokenHash),
        isNull(operatorSignInChallenges.usedAt),
        gt(operatorSignInChallenges.expiresAt, options.now),
        lt(operatorSignInChallenges.tries, options.maxTries),
        isNull(operators.disabledAt),
      ),
    )
    .limit(1);
  return row;
}

/** Counts a wrong authenticator code in one statement, so parallel guesses cannot pass the limit. */
export async function recordChallengeWrongTry(db: DbOrTx, challengeId: string): Promise<void> {
  await db
    .update(operatorSignInChallenges)
    .set({ tries: sql`${operatorSignInChallenges.tries} + 1` })
    .where(eq(operatorSignInChallenges.id, challengeId));
}

/** Marks a live challenge used; false when a parallel request took it first. */
export async function claimChallenge(db: DbOrTx, challengeId: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(operatorSignInChallenges)
    .set({ usedAt: now })
    .where(and(eq(operatorSignInChallenges.id, challengeId), isNull(operatorSignInChallenges.usedAt)))
    .returning({ id: operatorSignInChallenges.id });
  return rows.length === 1;
}

export async function insertOperatorSession(
  db: DbOrTx,
  values: {
    operatorId: string;
    tokenHash: string;
    expiresAt: Date;
    createdIp: string | null;
    userAgent: string | null;
    now: Date;
  },
): Promise<OperatorSessionRow> {
  const { now, ...columns } = values;
  const [row] = await db
    .insert(operatorSessions)
    .values({ ...columns, createdAt: now })
    .returning();
  return row!;
}

/** The live (unexpired, unrevoked) session of a token hash with its enabled operator. */
export async function findLiveOperatorSession(db: DbOrTx, tokenHash: string, now: Date) {
  const [row] = await db
    .select({ sessionId: operatorSessions.id, operator: operators })
    .from(operatorSessions)
    .innerJoin(operators, eq(operators.id, operatorSessions.operatorId))
    .where(
      and(
        eq(operatorSessions.tokenHash, tokenHash),
        gt(operatorSessions.expiresAt, now),
        isNull(operatorSessions.revokedAt),
        isNull(operators.disabledAt),
      ),
    )
    .limit(1);
  return row;
}

export async function listLiveOperatorSessions(db: DbOrTx, operatorId: string, now: Date) {
  return db
    .select()
    .from(operatorSessions)
    .where(
      and(
        eq(operatorSessions.operatorId, operatorId),
        gt(operatorSessions.expiresAt, now),
        isNull(operatorSessions.revokedAt),
      ),
    )
    .orderBy(desc(operatorSessions.createdAt), desc(operatorSessions.id));
}

/** Revokes one live session of this operator; the row as it was, or undefined when none matched. */
export async function revokeOperatorSession(
  db: DbOrTx,
  options: { operatorId: string; sessionId: string; now: Date },
): Promise<OperatorSessionRow | undefined> {
  const [row] = await db
    .update(operatorSessions)
    .set({ revokedAt: options.now })
    .where(
      and(
        eq(operatorSessions.id, options.sessionId),
        eq(operatorSessions.operatorId, options.operatorId),
        isNull(operatorSessions.revokedAt),
        gt(operatorSessions.expiresAt, options.now),
      ),
    )
    .returning();
  return row;
}

/** Deletes challenges and sessions that ended before `before` (expired or revoked). */
export async function deleteOperatorSignInRowsEndedBefore(db: DbOrTx, before: Date): Promise<void> {
  await db.delete(operatorSignInChallenges).where(lt(operatorSignInChallenges.expiresAt, before));
  await db
    .delete(operatorSessions)
    .where(or(lt(operatorSessions.expiresAt, before), lt(operatorSessions.revokedAt, before)));
}

/** Every operator with their live session count, enabled first, then by email. */
export async function listOperatorsWithLiveSessions(db: DbOrTx, now: Date) {
  // Both columns named with their table: in a query without joins Drizzle writes a bare "id", which inside this
  // subquery would be the session's own id (every operator then read "no open session").
  const liveSessions = sql<number>`(
    select count(*)::int from ${operatorSessions}
    where ${operatorSessions}.${sql.identifier(operatorSessions.operatorId.name)} = ${operators}.${sql.identifier(operators.id.name)}
      and ${operatorSessions.revokedAt} is null and ${operatorSessions.expiresAt} > ${now}
  )`;
  return db
    .select({ operator: operators, liveSessions })
    .from(operators)
    .orderBy(sql`${operators.disabledAt} is not null`, operators.email);
}

/** Locks one operator's row for a change (admins editing the same person at once take turns). */
export async function lockOperator(db: DbOrTx, id: string): Promise<OperatorRow | undefined> {
  const [row] = await db.select().from(operators).where(eq(operators.id, id)).for("update").limit(1);
  return row;
}

export async function updateOperator(
  db: DbOrTx,
  id: string,
  values: Partial<Pick<OperatorRow, "role" | "disabledAt" | "totpSecret" | "isEnrolled" | "totpLastStep">>,
): Promise<OperatorRow> {
  const [row] = await db.update(operators).set(values).where(eq(operators.id, id)).returning();
  return row!;
}

/** Ends every live session of an operator; how many were live. */
export async function revokeAllOperatorSessions(db: DbOrTx, operatorId: string, now: Date): Promise<number> {
  const rows = await db
    .update(operatorSessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(operatorSessions.operatorId, operatorId),
        isNull(operatorSessions.revokedAt),
        gt(operatorSessions.expiresAt, now),
      ),
    )
    .returning({ id: operatorSessions.id });
  return rows.length;
}

export async function countLiveOperatorSessions(db: DbOrTx, operatorId: string, now: Date): Promise<number> {
  return (await listLiveOperatorSessions(db, operatorId, now)).length;
}
