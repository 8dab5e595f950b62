import { lt } from "drizzle-orm";
import type { DbOrTx } from "../db/client.ts";
import { pushMessages, signInCodes } from "../db/schema.ts";
import { deleteStaleRateCounters } from "../lib/rate-counter.ts";
import { deleteExpiredSessions } from "../modules/auth/sessions.repo.ts";

/** Every this often each instance clears rows nobody can use any more; the deletes are idempotent. */
export const CLEAN_UP_EVERY_MS = 15 * 60 * 1000;

// A day keeps every code a user could still be told about (valid 10 minutes) and the resend checks.
const KEEP_SIGN_IN_CODES_MS = 24 * 60 * 60 * 1000;
// The push recorder may run where no one reads it (an instance without push credentials): a week is plenty to look.
const KEEP_RECORDED_PUSHES_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Deletes expired sessions, sign-in codes over a day old, rate counters of finished windows and recorded pushes over a
 * week old.
 */
export async function cleanUpExpiredRows(db: DbOrTx, now: Date): Promise<void> {
  await deleteExpiredSessions(db, now);
  await db.delete(signInCodes).where(lt(signInCodes.createdAt, new Date(now.getTime() - KEEP_SIGN_IN_CODES_MS)));
  await deleteStaleRateCounters(db, now);
  await db.delete(pushMessages).where(lt(pushMessages.createdAt, new Date(now.getTime() - KEEP_RECORDED_PUSHES_MS)));
}
