import { EventEmitter } from "node:events";
import { setTimeout as sleep } from "node:timers/promises";
import {
  Logger,
  type LogLevel,
  type Runner,
  run,
  runMigrations,
  runOnce,
  type TaskList,
  type WorkerEvents,
} from "graphile-worker";
import type pg from "pg";
import type { Database } from "../db/client.ts";
import type { AppDeps } from "../lib/deps.ts";
import type { JobHandlers, JobLog } from "../lib/job-queue.ts";
import { devicesJobs } from "../modules/devices/index.ts";
import { mailOutboxJobs } from "../modules/mail-outbox/index.ts";
import { createOrdersJobs, type ProvisioningTiming, upstreamOrderReadyJobs } from "../modules/orders/index.ts";
import { unlockJobsOf } from "./worker-heartbeat.ts";

// Only wiring: each module owns its tasks (name, payload, handler) and exports them from its front door.

/** Where the worker reports: pino's logger (the app's) fits. */
export interface WorkerLog extends JobLog {
  debug(details: object, message: string): void;
}

export interface WorkerOptions {
  /** Jobs run at once by this process (WORKER_CONCURRENCY). */
  concurrency?: number;
  timing?: ProvisioningTiming;
  log?: WorkerLog;
}

/** graphile-worker's runner, kept running through database outages (startWorker). */
export interface JobRunner {
  /** The worker and pool ids of the runner running now: the heartbeat vouches for these. */
  workerIds(): string[];
  /** Stops taking jobs and lets running ones finish; call it before the pool closes. */
  stop(): Promise<void>;
}

/**
 * A runner that ended on its own is replaced after this, then after twice as long at each failed start, at most
 * RESTART_MAX_AFTER_MS: a connection attempt a second while the database is away costs nothing, and jobs resume within
 * a second of its return (bench/database-restart.ts).
 */
const RESTART_FIRST_AFTER_MS = 250;
const RESTART_MAX_AFTER_MS = 1000;

export const silentLog: WorkerLog = { error() {}, warn() {}, info() {}, debug() {} };

/** The pg pool behind the Drizzle handle (drizzle(pool) keeps it as `$client`); connectDatabase made it safe to lose. */
export function poolOf(db: Database): pg.Pool {
  return (db as Database & { $client: pg.Pool }).$client;
}

function graphileLogger(log: WorkerLog): Logger {
  const methods: Record<LogLevel, keyof WorkerLog> = {
    error: "error",
    warning: "warn",
    info: "info",
    debug: "debug",
  } as Record<LogLevel, keyof WorkerLog>;
  return new Logger((scope) => (level, message, meta) => {
    log[methods[level] ?? "info"]({ worker: scope, ...meta }, message);
  });
}

/** Every module's tasks, bound to the app's dependencies for graphile-worker. */
export function createTaskList(
  deps: AppDeps,
  options: { timing?: ProvisioningTiming; log?: WorkerLog } = {},
): TaskList {
  const log = options.log ?? silentLog;
  const handlers: JobHandlers = {
    ...createOrdersJobs(options.timing ? { timing: options.timing } : {}),
    ...upstreamOrderReadyJobs,
    ...mailOutboxJobs,
    ...devicesJobs,
  };
  return Object.fromEntries(
    Object.entries(handlers).map(([task, handler]) => [
      task,
      (payload, helpers) =>
        handler(payload, {
          deps,
          log,
          attempt: helpers.job.attempts,
          maxAttempts: helpers.job.max_attempts,
        }),
    ]),
  );
}

/** Installs or upgrades graphile-worker's schema (`graphile_worker`); safe on every start and from every instance. */
export async function installJobQueue(db: Database, log: WorkerLog = silentLog): Promise<void> {
  await runMigrations({ pgPool: poolOf(db), logger: graphileLogger(log) });
}

/**
 * Starts the worker on the app's database: it takes jobs as they are queued (LISTEN/NOTIFY, and a poll every 2 s) and
 * stops gracefully with `stop()`, letting running jobs finish. graphile-worker ends its runner for good when it cannot
 * record a job's outcome (the database restarting or failing over under a running job); such a runner is replaced as
 * soon as the database answers, the jobs it still held unlocked first so the new one retries them at once (every job
 * is idempotent). Signals are the server's to handle.
 */
export async function startWorker(deps: AppDeps, options: WorkerOptions = {}): Promise<JobRunner> {
  const log = options.log ?? silentLog;
  const taskList = createTaskList(deps, { ...(options.timing ? { timing: options.timing } : {}), log });
  let current: { runner: Runner; workerIds: string[] } | undefined;
  let isStopping = false;
  let restarting: Promise<void> = Promise.resolve();

  async function launch(): Promise<void> {
    const workerIds: string[] = [];
    // Given before run() so no worker is created unseen: the heartbeat must name every one of them.
    const events = new EventEmitter() as WorkerEvents;
    events.on("worker:create", ({ worker }) => workerIds.push(worker.workerId));
    // graphile-worker 0.17 locks the jobs it fetches in batches under the pool's id, not a worker's.
    events.on("pool:create", ({ workerPool }) => workerIds.push(workerPool.id));
    const runner = await run({
      pgPool: poolOf(deps.db),
      events,
      concurrency: options.concurrency ?? deps.config.WORKER_CONCURRENCY,
      noHandleSignals: true,
      pollInterval: 2000,
      // No cron items: without this, graphile-worker looks for a `crontab` file in the working directory.
      crontab: "",
      logger: graphileLogger(log),
      taskList,
      // Unbatched (the default), graphile-worker 0.17 records a job's outcome without awaiting it: with the database
      // away the rejection is unhandled and takes the process down. Batched (a batch per tick), a failure ends the
      // runner instead, which is replaced below.
      preset: { worker: { completeJobBatchDelay: 0, failJobBatchDelay: 0 } },
    });
    const started = { runner, workerIds };
    current = started;
    runner.promise.then(
      () => replace(started),
      (error: unknown) => replace(started, error),
    );
  }

  function replace(ended: { workerIds: string[] }, error?: unknown) {
    if (isStopping) return;
    current = undefined;
    log.error(
      { err: error },
      "the job runner ended on its own (database away?); another starts once the database answers",
    );
    restarting = restart(ended.workerIds);
  }

  async function restart(endedWorkerIds: string[]): Promise<void> {
    for (let attempt = 1, waitMs = RESTART_FIRST_AFTER_MS; ; attempt++) {
      await sleep(waitMs);
      if (isStopping) return;
      try {
        // Jobs whose outcome could not be recorded are still locked by the ended runner.
        await unlockJobsOf(deps.db, endedWorkerIds);
        await launch();
        log.warn({ attempt }, "the job runner started again");
        return;
      } catch (error) {
        // Said once: the database away, every attempt fails alike.
        if (attempt === 1) log.warn({ err: error }, "the job runner cannot start yet; retrying every second");
      }
      waitMs = Math.min(waitMs * 2, RESTART_MAX_AFTER_MS);
    }
  }

  await launch();
  return {
    workerIds: () => current?.workerIds ?? [],
    async stop() {
      isStopping = true;
      // A start under way finishes first, then stops with the rest.
      await restarting;
      await current?.runner.stop();
    },
  };
}

/** Runs every job due now until none is left, then returns (tests, and the operator's one-off runs). */
export async function runDueJobs(deps: AppDeps, options: { timing?: ProvisioningTiming; log?: WorkerLog } = {}) {
  const log = options.log ?? silentLog;
  await runOnce({
    pgPool: poolOf(deps.db),
    noHandleSignals: true,
    logger: graphileLogger(log),
    taskList: createTaskList(deps, { ...options, log }),
  });
}
