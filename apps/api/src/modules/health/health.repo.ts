import { sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";

// Readiness and the scrape-time gauges read tables of other modules (orders, mail_outbox, worker_heartbeats) and
// graphile-worker's: counts only, no writes, the same exception the dashboard makes (decision 034).

/** The newest applied migration's time stamp (drizzle's), or null when none is recorded. */
export async function findLatestAppliedMigrationMillis(db: Database): Promise<number | null> {
  const result = await db.execute<{ created_at: string | null }>(
    sql`select max(created_at)::text as created_at from drizzle.__drizzle_migrations`,
  );
  const value = result.rows[0]?.created_at;
  return value == null ? null : Number(value);
}

/** Seconds since the freshest heartbeat of any process running jobs, by the database's clock; null when none. */
export async function findFreshestHeartbeatAgeSeconds(db: Database): Promise<number | null> {
  const result = await db.execute<{ age: number | null }>(
    sql`select extract(epoch from now() - max(beat_at))::float8 as age from worker_heartbeats`,
  );
  return result.rows[0]?.age ?? null;
}

/** Orders by status: a scan of the whole orders table (0.4 s at a million orders; bench/metrics-scrape.ts). */
export async function countOrdersByStatus(db: Database): Promise<{ status: string; count: number }[]> {
  const result = await db.execute<{ status: string; count: number }>(
    sql`select status, count(*)::int as count from orders group by status`,
  );
  return result.rows;
}

export interface ScrapeFigures {
  paidUndeliveredOverdue: number;
  mailOutboxQueued: number;
  jobQueueDepth: number;
  jobQueueOldestAgeSeconds: number;
}

/** The database's other figures for one scrape, in one round trip, each read through an index or a small table. */
export async function readScrapeFigures(db: Database, options: { confirmedBefore: Date }): Promise<ScrapeFigures> {
  const result = await db.execute<{ overdue: number; outbox: number; jobs: number; oldest: number | null }>(sql`
    select
      (select count(*)::int from orders
         where status = 'confirmed' and confirmed_at < ${options.confirmedBefore.toISOString()}::timestamptz) as overdue,
      (select count(*)::int from mail_outbox where status = 'queued') as outbox,
      (select count(*)::int from graphile_worker._private_jobs
         where locked_at is null and attempts < max_attempts and run_at <= now()) as jobs,
      (select extract(epoch from now() - min(run_at))::float8 from graphile_worker._private_jobs
         where locked_at is null and attempts < max_attempts and run_at <= now()) as oldest`);
  const row = result.rows[0];
  return {
    paidUndeliveredOverdue: row?.overdue ?? 0,
    mailOutboxQueued: row?.outbox ?? 0,
    jobQueueDepth: row?.jobs ?? 0,
    jobQueueOldestAgeSeconds: row?.oldest ?? 0,
  };
}
