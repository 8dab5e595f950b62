import { EventEmitter } from "node:events";
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
import { scrubText } from "../lib/log-redaction.ts";
import { devicesJobs } from "../modules/devices/index.ts";
import { mailOutboxJobs } from "../modules/mail-outbox/index.ts";
import { createOrdersJobs, type ProvisioningTiming, upstreamOrderReadyJobs } from "../modules/orders/index.ts";

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
  /** Called with each worker and pool id graphile-worker creates in this process (the heartbeat names them). */
  onWorkerCreated?: (workerId: string) => void;
}

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
  // graphile-worker's meta holds the whole job (its payload) and its error's message holds what the handler's error
  // said (a failed query's parameters: an email's text): the job is named, not copied, and the error goes to the `err`
  // serializer; the message goes through the same redaction rule as every log line (decision 059).
  return new Logger((scope) => (level, message, meta) => {
    const { job, error, fatalError, ...rest } = (meta ?? {}) as {
      job?: { id: string; task_identifier: string; attempts: number; max_attempts: number };
      error?: unknown;
      fatalError?: unknown;
    };
    const details = {
      worker: scope,
      ...rest,
      ...(job ? { job: { id: job.id, task: job.task_identifier, attempt: job.attempts, of: job.max_attempts } } : {}),
      ...((error ?? fatalError) ? { err: error ?? fatalError } : {}),
    };
    log[methods[level] ?? "info"](details, scrubText(message));
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
 * Starts the worker on the app's database: it takes jobs as they are queued (LISTEN/NOTIFY) and stops gracefully with
 * `stop()`, letting running jobs finish; call that before the pool closes. Signals are the server's to handle.
 */
export async function startWorker(deps: AppDeps, options: WorkerOptions = {}): Promise<Runner> {
  const log = options.log ?? silentLog;
  // Given before run() so no worker is created unseen: the heartbeat must name every one of them.
  const events = new EventEmitter() as WorkerEvents;
  events.on("worker:create", ({ worker }) => options.onWorkerCreated?.(worker.workerId));
  // graphile-worker 0.17 locks the jobs it fetches in batches under the pool's id, not a worker's.
  events.on("pool:create", ({ workerPool }) => options.onWorkerCreated?.(workerPool.id));
  const runner = await run({
    pgPool: poolOf(deps.db),
    events,
    concurrency: options.concurrency ?? deps.config.WORKER_CONCURRENCY,
    noHandleSignals: true,
    pollInterval: 2000,
    // No cron items: without this, graphile-worker looks for a `crontab` file in the working directory.
    crontab: "",
    logger: graphileLogger(log),
    taskList: createTaskList(deps, { ...(options.timing ? { timing: options.timing } : {}), log }),
  });
  return runner;
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
