import { sql } from "drizzle-orm";
import { type DbOrTx, textArray } from "../db/client.ts";
import type { AppDeps } from "./deps.ts";

// graphile-worker jobs are queued through its SQL function, inside the transaction that makes them necessary: the job
// exists exactly when that transaction committed (decision 027). Each module names its own tasks and exports their
// handlers from its front door; jobs/worker.ts only wires them to graphile-worker.

/** Where a job reports (pino's `info(details, message)` shape). */
export interface JobLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

/** What a handler is given besides its payload. */
export interface JobContext {
  deps: AppDeps;
  log: JobLog;
  /** This run's attempt number, from 1. */
  attempt: number;
  maxAttempts: number;
}

/** Runs one job; a throw is a failed attempt, retried by graphile-worker with exponential backoff. */
export type JobHandler = (payload: unknown, context: JobContext) => Promise<void>;

/** A module's tasks, by task name. */
export type JobHandlers = Readonly<Record<string, JobHandler>>;

export interface NewJob {
  task: string;
  payload: Record<string, unknown>;
  /** One job per key: `preserve_run_at` keeps a queued one as it is; `replace` puts a new one in its place. */
  key?: string;
  keyMode?: "preserve_run_at" | "replace";
  delayMs?: number;
  /** graphile-worker waits exp(attempt) seconds between tries: 10 attempts span about three and a half hours. */
  maxAttempts?: number;
}

/** Queues a job in the caller's transaction (or at once on the database handle). */
export async function addJob(db: DbOrTx, job: NewJob): Promise<void> {
  const delaySeconds = (job.delayMs ?? 0) / 1000;
  await db.execute(sql`
    select graphile_worker.add_job(
      ${job.task},
      ${JSON.stringify(job.payload)}::json,
      run_at => now() + make_interval(secs => ${delaySeconds}::double precision),
      max_attempts => ${job.maxAttempts ?? 10}::int,
      job_key => ${job.key ?? null}::text,
      job_key_mode => ${job.key ? (job.keyMode ?? "preserve_run_at") : null}::text
    )`);
}

export interface QueuedJob {
  task: string;
  key: string | null;
  attempts: number;
  maxAttempts: number;
  lastError: string | null;
  runAt: Date;
  lockedAt: Date | null;
  lockedBy: string | null;
}

/** The queued, running or failed jobs with these keys, oldest first (for the operator and tests). */
export async function findJobsByKeys(db: DbOrTx, keys: string[]): Promise<QueuedJob[]> {
  if (keys.length === 0) return [];
  const result = await db.execute<{
    task: string;
    key: string | null;
    attempts: number;
    max_attempts: number;
    last_error: string | null;
    run_at: Date;
    locked_at: Date | null;
    locked_by: string | null;
  }>(sql`
    select task_identifier as task, key, attempts, max_attempts, last_error, run_at, locked_at, locked_by
    from graphile_worker.jobs
    where key = any(${textArray(keys)})
    order by id`);
  return result.rows.map((row) => ({
    task: row.task,
    key: row.key,
    attempts: row.attempts,
    maxAttempts: row.max_attempts,
    lastError: row.last_error,
    runAt: new Date(row.run_at),
    lockedAt: row.locked_at ? new Date(row.locked_at) : null,
    lockedBy: row.locked_by,
  }));
}

/** Reads a job payload's string fields, or throws (a payload this code never writes: a bug, not a retry). */
export function readPayload<const K extends string>(payload: unknown, keys: readonly K[]): Record<K, string> {
  const record = (payload ?? {}) as Record<string, unknown>;
  for (const key of keys) {
    if (typeof record[key] !== "string") throw new Error(`A job payload without ${key}: ${JSON.stringify(payload)}`);
  }
  return record as Record<K, string>;
}
