import { Logger, type LogLevel, type Runner, run, runMigrations, runOnce, type TaskList } from "graphile-worker";
import type pg from "pg";
import type { Database } from "../db/client.ts";
import type { AppDeps } from "../lib/deps.ts";
import { sendCancellationEmail } from "./cancellation-email.ts";
import { sendEsimAlertEmail } from "./esim-alert-email.ts";
import { sendInstallEmail } from "./install-email.ts";
import {
  type CancellationEmailJobPayload,
  type EsimAlertJobPayload,
  type OrderJobPayload,
  PROVISION_ORDER_TASK,
  SEND_CANCELLATION_EMAIL_TASK,
  SEND_ESIM_ALERT_EMAIL_TASK,
  SEND_INSTALL_EMAIL_TASK,
} from "./job-queue.ts";
import {
  DEFAULT_PROVISIONING_TIMING,
  type JobLog,
  type ProvisioningTiming,
  provisionOrder,
} from "./provision-order.ts";

/** Where the worker reports: pino's logger (the app's) fits. */
export interface WorkerLog {
  error(details: object, message: string): void;
  warn(details: object, message: string): void;
  info(details: object, message: string): void;
  debug(details: object, message: string): void;
}

export interface WorkerOptions {
  /** Jobs run at once by this process (DESIGN: 2–4 on two cores). */
  concurrency?: number;
  timing?: ProvisioningTiming;
  log?: WorkerLog;
}

export const WORKER_CONCURRENCY = 3;

const silentLog: WorkerLog = { error() {}, warn() {}, info() {}, debug() {} };

/**
 * The pg pool behind the Drizzle handle (drizzle(pool) keeps it as `$client`). graphile-worker holds a client for
 * LISTEN: a lost connection must be an event it handles, never an uncaught error that ends the process.
 */
export function poolOf(db: Database): pg.Pool {
  const pool = (db as Database & { $client: pg.Pool }).$client;
  if (!preparedPools.has(pool)) {
    preparedPools.add(pool);
    pool.on("connect", (client) => client.on("error", () => {}));
  }
  return pool;
}

const preparedPools = new WeakSet<pg.Pool>();

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

function readOrderPayload(payload: unknown): OrderJobPayload {
  const orderId = (payload as Partial<OrderJobPayload> | null)?.orderId;
  if (typeof orderId !== "string") throw new Error(`A job payload without orderId: ${JSON.stringify(payload)}`);
  return { orderId };
}

function readEsimAlertPayload(payload: unknown): EsimAlertJobPayload {
  const { kind, esimId, bundleId } = (payload ?? {}) as Partial<EsimAlertJobPayload>;
  if ((kind !== "usage" && kind !== "expiry") || typeof esimId !== "string" || typeof bundleId !== "string") {
    throw new Error(`An eSIM alert payload without kind, esimId or bundleId: ${JSON.stringify(payload)}`);
  }
  return { kind, esimId, bundleId };
}

function readCancellationPayload(payload: unknown): CancellationEmailJobPayload {
  const { requestId, kind } = (payload ?? {}) as Partial<CancellationEmailJobPayload>;
  if (typeof requestId !== "string" || (kind !== "requested" && kind !== "approved" && kind !== "refused")) {
    throw new Error(`A cancellation email job with a bad payload: ${JSON.stringify(payload)}`);
  }
  return { requestId, kind };
}

/** The tasks this app runs, bound to its dependencies. */
export function createTaskList(
  deps: AppDeps,
  options: { timing?: ProvisioningTiming; log?: WorkerLog } = {},
): TaskList {
  const log = options.log ?? silentLog;
  const jobLog: JobLog = log;
  return {
    [PROVISION_ORDER_TASK]: async (payload, helpers) => {
      await provisionOrder(deps, {
        orderId: readOrderPayload(payload).orderId,
        isLastAttempt: helpers.job.attempts >= helpers.job.max_attempts,
        log: jobLog,
        timing: options.timing ?? DEFAULT_PROVISIONING_TIMING,
      });
    },
    [SEND_INSTALL_EMAIL_TASK]: async (payload) => {
      await sendInstallEmail(deps, { orderId: readOrderPayload(payload).orderId, log: jobLog });
    },
    [SEND_ESIM_ALERT_EMAIL_TASK]: async (payload) => {
      await sendEsimAlertEmail(deps, { ...readEsimAlertPayload(payload), log: jobLog });
    },
    [SEND_CANCELLATION_EMAIL_TASK]: async (payload) => {
      await sendCancellationEmail(deps, { ...readCancellationPayload(payload), log: jobLog });
    },
  };
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
  return run({
    pgPool: poolOf(deps.db),
    concurrency: options.concurrency ?? WORKER_CONCURRENCY,
    noHandleSignals: true,
    pollInterval: 2000,
    // No cron items: without this, graphile-worker looks for a `crontab` file in the working directory.
    crontab: "",
    logger: graphileLogger(log),
    taskList: createTaskList(deps, { ...(options.timing ? { timing: options.timing } : {}), log }),
  });
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
