import { hostname } from "node:os";
import { sql } from "drizzle-orm";
import { type Database, textArray } from "../db/client.ts";
import type { JobLog } from "../lib/job-queue.ts";

// Crash recovery (docs/decisions/025-crash-recovery.md). graphile-worker frees a job held by a dead process only when
// its four-hour lock expires. Each process running jobs says here, every few seconds, that it is alive and which
// worker ids it runs; any process then unlocks the jobs held by worker ids nobody vouches for, so another worker takes
// them over within a minute. Times are the database's, so instances' clocks never matter.

export interface WorkerHeartbeat {
  /** Says alive and takes over dead workers' jobs now (the timer does it on its own every fifth of the dead time). */
  beat(): Promise<void>;
  /** Stops beating and removes this process's row: its workers stopped cleanly. */
  stop(): Promise<void>;
}

/** How many jobs the last reap unlocked, and whose. */
export interface ReapResult {
  deadWorkerIds: string[];
}

/**
 * Unlocks the jobs of every worker id that no fresh heartbeat names and whose lock is older than `deadAfterSeconds`
 * (a worker just starting may hold a job before its process's first beat lands).
 */
export async function reapDeadWorkers(db: Database, options: { deadAfterSeconds: number }): Promise<ReapResult> {
  const result = await db.execute<{ locked_by: string }>(sql`
    with live as (
      select unnest(worker_ids) as worker_id
      from worker_heartbeats
      where beat_at > now() - make_interval(secs => ${options.deadAfterSeconds}::double precision)
    ), dead as (
      select locked_by from graphile_worker._private_jobs
      where locked_by is not null
        and locked_at < now() - make_interval(secs => ${options.deadAfterSeconds}::double precision)
        and locked_by not in (select worker_id from live)
      union
      select locked_by from graphile_worker._private_job_queues
      where locked_by is not null
        and locked_at < now() - make_interval(secs => ${options.deadAfterSeconds}::double precision)
        and locked_by not in (select worker_id from live)
    )
    select locked_by from dead`);
  const deadWorkerIds = result.rows.map((row) => row.locked_by);
  if (deadWorkerIds.length > 0) {
    await db.execute(sql`select graphile_worker.force_unlock_workers(${textArray(deadWorkerIds)})`);
  }
  // Rows of processes gone for a day tell nobody anything.
  await db.execute(sql`delete from worker_heartbeats where beat_at < now() - interval '1 day'`);
  return { deadWorkerIds };
}

/** Unlocks the jobs these worker ids hold, for any worker to take at once (a process out of time to finish them). */
export async function unlockJobsOf(db: Database, workerIds: string[]): Promise<void> {
  if (workerIds.length > 0) await db.execute(sql`select graphile_worker.force_unlock_workers(${textArray(workerIds)})`);
}

/** Starts this process's heartbeat; the first beat is written before it resolves. */
export async function startWorkerHeartbeat(
  db: Database,
  options: { workerIds: () => string[]; deadAfterSeconds: number; log: JobLog },
): Promise<WorkerHeartbeat> {
  const processId = `${hostname()}:${process.pid}:${crypto.randomUUID()}`;
  const startedAt = new Date();
  let isStopped = false;

  async function beat() {
    await db.execute(sql`
      insert into worker_heartbeats (process_id, worker_ids, hostname, pid, beat_at, started_at)
      values (${processId}, ${textArray(options.workerIds())}, ${hostname()}, ${process.pid}, now(), ${startedAt})
      on conflict (process_id) do update set worker_ids = excluded.worker_ids, beat_at = excluded.beat_at`);
    const { deadWorkerIds } = await reapDeadWorkers(db, { deadAfterSeconds: options.deadAfterSeconds });
    if (deadWorkerIds.length > 0) {
      options.log.warn({ deadWorkerIds }, "jobs held by workers that stopped beating were unlocked for others to run");
    }
  }

  await beat();
  let running: Promise<void> = Promise.resolve();
  const timer = setInterval(
    () => {
      running = beat().catch((error: unknown) =>
        options.log.warn({ err: error }, "worker heartbeat failed; the next one retries"),
      );
    },
    Math.max(200, (options.deadAfterSeconds * 1000) / 5),
  );
  timer.unref();
  return {
    beat,
    async stop() {
      if (isStopped) return;
      isStopped = true;
      clearInterval(timer);
      await running;
      // A courtesy: a row left behind (the database already stopping, as on Ctrl-C in a terminal) only ages out.
      await db.execute(sql`delete from worker_heartbeats where process_id = ${processId}`).catch(() => undefined);
    },
  };
}
