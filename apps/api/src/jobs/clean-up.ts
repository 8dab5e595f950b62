import type { DbOrTx } from "../db/client.ts";
import { deleteStaleRateCounters } from "../lib/rate-counter.ts";
import { deleteExpiredSignInRows } from "../modules/auth/index.ts";
import { clearSecretsOfDeletedAccounts } from "../modules/esims/index.ts";
import { dropOldEmailContent } from "../modules/mail-outbox/index.ts";
import { deleteEndedOperatorSignInRows } from "../modules/operators/index.ts";
import { deleteOldRecordedPushes } from "../providers/push/push-recorder.ts";

/** Accounts deleted this recently are looked at: a sweep missed for days (an outage) still reaches them. */
const DELETED_ACCOUNTS_LOOKED_BACK_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * Deletes expired sessions, sign-in codes over a day old, operators' sessions and challenges ended over a day ago, rate counters of finished windows and recorded pushes over a
 * week old; drops the content of emails given up over a week ago and the install secrets left by deleted accounts
 * (decision 059). Idempotent: every instance may run it.
 */
export async function cleanUpExpiredRows(db: DbOrTx, now: Date): Promise<void> {
  await deleteExpiredSignInRows(db, now);
  await deleteEndedOperatorSignInRows(db, now);
  await deleteStaleRateCounters(db, now);
  await deleteOldRecordedPushes(db, now);
  await dropOldEmailContent(db, now);
  await clearSecretsOfDeletedAccounts(db, new Date(now.getTime() - DELETED_ACCOUNTS_LOOKED_BACK_MS));
}
