import { and, eq, gt, isNull, lt, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { preparedQuery } from "../../db/prepared.ts";
import { users } from "../account/account.schema.ts";
import { sessions } from "./auth.schema.ts";

export async function insertSession(
  db: DbOrTx,
  values: { tokenHash: string; userId: string; expiresAt: Date; userAgent: string | null; now: Date },
) {
  const { now, ...columns } = values;
  await db.insert(sessions).values({ ...columns, lastUsedAt: now, createdAt: now });
}

const liveSession = preparedQuery("find_live_session", (db) =>
  db
    .select({ sessionId: sessions.id, expiresAt: sessions.expiresAt, lastUsedAt: sessions.lastUsedAt, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder("tokenHash")),
        gt(sessions.expiresAt, sql.placeholder("now")),
        isNull(users.deletedAt),
      ),
    )
    .limit(1),
);

/** The live session for a token hash and its user, or undefined when expired, revoked or deleted. */
export async function findLiveSession(db: DbOrTx, tokenHash: string, now: Date) {
  const [row] = await liveSession(db, { tokenHash, now });
  return row;
}

export async function extendSession(db: DbOrTx, sessionId: string, values: { expiresAt: Date; lastUsedAt: Date }) {
  await db.update(sessions).set(values).where(eq(sessions.id, sessionId));
}

export async function deleteSessionByHash(db: DbOrTx, tokenHash: string) {
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}

/** Ends one session by its id (an operator's revoke); answers what it was, or undefined when already gone. */
export async function deleteSessionById(db: DbOrTx, sessionId: string) {
  const [row] = await db.delete(sessions).where(eq(sessions.id, sessionId)).returning({
    id: sessions.id,
    userId: sessions.userId,
    userAgent: sessions.userAgent,
    createdAt: sessions.createdAt,
    lastUsedAt: sessions.lastUsedAt,
  });
  return row;
}

export async function deleteUserSessions(db: DbOrTx, userId: string) {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

export async function deleteExpiredSessions(db: DbOrTx, now: Date) {
  await db.delete(sessions).where(lt(sessions.expiresAt, now));
}
