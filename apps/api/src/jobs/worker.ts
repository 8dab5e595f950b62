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
  type Worker,
  type WorkerEvents,
} from "graphile-worker";
import type pg from "pg";
import type { Database } from "../db/client.ts";
import { placeOrder } from "../flows/place-order.ts";
import { createProvisionOrderJobs, type ProvisioningTiming } from "../flows/provision-order.ts";
import { settlePayment } from "../flows/settle-payment.ts";
import type { AppDeps } from "../lib/deps.ts";
import type { JobHandlers, JobLog } from "../lib/job-queue.ts";
import { scrubText } from "../lib/log-redaction.ts";
import { createAutoTopUpJobs } from "../modules/auto-top-up/index.ts";
import { devicesJobs } from "../modules/devices/index.ts";
import { esimsJobs } from "../modules/esims/index.ts";
import { mailOutboxJobs } from "../modules/mail-outbox/index.ts";
import { upstreamBalanceJobs, upstreamOrderReadyJobs } from "../modules/orders/index.ts";
import { createPaymentsJobs } from "../modules/payments/index.ts";
import { ledgerSubscriberJobs, orderSubscriberJobs } from "../subscribers/index.ts";
import { unlockJobsOf } from "./worker-heartbeat.ts";

// Only wiring: each module owns its tasks (name, payload, handler) and exports them from its front door; a task that
// runs a flow (provision-order, auto top-up) is built here from the flow.

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
/** An ended runner's jobs still running are waited for this long at most before they are unlocked for its successor. */
const ENDED_JOBS_WAIT_MS = 30_000;

/** One runner of startWorker's, and what it created. */
interface Generation {
  runner?: Runner;
  workerIds: string[];
  workers: Worker[];
  hasEnded: boolean;
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
    ...createProvisionOrderJobs(options.timing ? { timing: options.timing } : {}),
    ...upstreamBalanceJobs,
    ...upstreamOrderReadyJobs,
    ...createPaymentsJobs(settlePayment),
    ...mailOutboxJobs,
    ...devicesJobs,
    ...esimsJobs,
    ...createAutoTopUpJobs((input) => placeOrder(deps, { door: "credit", ...input })),
    ...orderSubscriberJobs,
    ...ledgerSubscriberJobs,
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
  let current: Generation | undefined;
  let isStopping = false;
  let restarting: Promise<void> = Promise.resolve();

  async function launch(): Promise<void> {
    const generation: Generation = { workerIds: [], workers: [], hasEnded: false };
    // Given before run() so no worker is created unseen: the heartbeat must name every one of them.
    const events = new EventEmitter() as WorkerEvents;
    events.on("worker:create", ({ worker }) => {
      generation.workerIds.push(worker.workerId);
      generation.workers.push(worker);
    });
    // graphile-worker 0.17 locks the jobs it fetches in batches under the pool's id, not a worker's.
    events.on("pool:create", ({ workerPool }) => generation.workerIds.push(workerPool.id));
    // graphile-worker 0.17 does not always finish shutting down a pool whose outcome batch failed (its batcher's count
    // of pending batches goes below zero): the runner is taken as ended at its first fatal error.
    events.on("pool:fatalError", ({ error }) => end(generation, error));
    // The third argument, no cron items: graphile-worker otherwise looks for a `crontab` file and logs its absence.
    const runner = await run(
      {
        pgPool: poolOf(deps.db),
        events,
        concurrency: options.concurrency ?? deps.config.WORKER_CONCURRENCY,
        noHandleSignals: true,
        pollInterval: 2000,
        logger: graphileLogger(log),
        taskList,
        // Unbatched (the default), graphile-worker 0.17 records a job's outcome without awaiting it: with the database
        // away the rejection is unhandled and takes the process down. Batched (a batch per tick), a failure ends the
        // runner instead, which is replaced below.
        preset: { worker: { completeJobBatchDelay: 0, failJobBatchDelay: 0 } },
      },
      undefined,
      [],
    );
    generation.runner = runner;
    current = generation;
    runner.promise.then(
      () => end(generation),
      (error: unknown) => end(generation, error),
    );
  }

  function end(generation: Generation, error?: unknown) {
    if (generation.hasEnded || isStopping) return;
    generation.hasEnded = true;
    if (current === generation) current = undefined;
    log.error({ err: error }, "the job runner ended (database away?); another starts once the database answers");
    restarting = restart(generation);
  }

  async function restart(ended: Generation): Promise<void> {
    // Its jobs still running end first (they fail fast without the database): unlocked earlier, they could run twice.
    const deadline = Date.now() + ENDED_JOBS_WAIT_MS;
    while (ended.workers.some((worker) => worker.getActiveJob() !== null) && Date.now() < deadline) await sleep(100);
    for (let attempt = 1, waitMs = RESTART_FIRST_AFTER_MS; ; attempt++) {
      await sleep(waitMs);
      if (isStopping) return;
      try {
        // Jobs whose outcome could not be recorded are still locked by the ended runner.
        await unlockJobsOf(deps.db, ended.workerIds);
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
      await current?.runner?.stop();
    },
  };
}

/** Runs every job due now until none is left, then returns (tests, and the operator's one-off runs). */
export async function runDueJobs(
  deps: AppDeps,
  options: { timing?: ProvisioningTiming; log?: WorkerLog; onlyTasks?: readonly string[] } = {},
) {
  const log = options.log ?? silentLog;
  const taskList = createTaskList(deps, { ...options, log });
  // A test may run one kind of job alone: graphile-worker takes only the jobs of the tasks it is given.
  const only = options.onlyTasks;
  await runOnce({
    pgPool: poolOf(deps.db),
    noHandleSignals: true,
    logger: graphileLogger(log),
    taskList: only ? Object.fromEntries(Object.entries(taskList).filter(([task]) => only.includes(task))) : taskList,
  });
}
