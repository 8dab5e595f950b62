import { applyMigrations, type Database } from "./db/client.ts";
import { installJobQueue, poolOf, silentLog, type WorkerLog } from "./jobs/worker.ts";

/** Any fixed number, the same in every instance: the session-level lock held while one instance migrates. */
const MIGRATION_LOCK_KEY = 16_042_001;

/**
 * Applies our migrations and installs graphile-worker's schema, once however many instances start together: each
 * waits for PostgreSQL's advisory lock, so the first migrates and the others find nothing left to do. The lock is
 * tied to its connection: an instance dying mid-way frees it. Needs a pool of two connections or more.
 */
export async function prepareDatabase(db: Database, log: WorkerLog = silentLog): Promise<void> {
  const lockHolder = await poolOf(db).connect();
  try {
    await lockHolder.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    try {
      await applyMigrations(db);
      await installJobQueue(db, log);
    } finally {
      await lockHolder.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]);
    }
  } finally {
    lockHolder.release();
  }
}
