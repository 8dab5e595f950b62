import { integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt } from "../db/columns.ts";

/**
 * Each process running jobs says it is alive here every few seconds, with the ids graphile-worker gave its workers.
 * Jobs locked by a worker with no fresh heartbeat belong to a dead process: they are unlocked at once instead of after
 * graphile-worker's four-hour lock expiry (docs/decisions/025-crash-recovery.md).
 */
export const workerHeartbeats = pgTable("worker_heartbeats", {
  processId: text("process_id").primaryKey(),
  workerIds: text("worker_ids").array().notNull().default([]),
  hostname: text("hostname").notNull(),
  pid: integer("pid").notNull(),
  beatAt: timestamp("beat_at", { withTimezone: true }).notNull(),
  startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
  createdAt: createdAt(),
});
