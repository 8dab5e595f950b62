import { sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client.ts";
import type { EsimAlertKind } from "../modules/esims/esim-alerts.repo.ts";

// graphile-worker jobs are enqueued through its SQL function, inside the transaction that makes them necessary:
// the job exists exactly when that transaction committed (DESIGN §1, §5).

export const PROVISION_ORDER_TASK = "provision-order";
export const SEND_INSTALL_EMAIL_TASK = "send-install-email";
export const SEND_ESIM_ALERT_EMAIL_TASK = "send-esim-alert-email";
export const SEND_CANCELLATION_EMAIL_TASK = "send-cancellation-email";

/**
 * graphile-worker waits exp(attempt) seconds between tries: 10 attempts span about three and a half hours before the
 * order is flagged for the operator.
 */
export const PROVISIONING_MAX_ATTEMPTS = 10;
export const INSTALL_EMAIL_MAX_ATTEMPTS = 15;
/** Three and a half hours of tries, as provisioning: an alert much later would come too late to help. */
export const ESIM_ALERT_EMAIL_MAX_ATTEMPTS = 10;

export interface OrderJobPayload {
  orderId: string;
}

/**
 * Queues the provisioning of a paid order, keyed by the order id: queued once however often this is called; a job
 * already failed for good, left locked by a dead worker or running now is replaced by a new one (run after `delayMs`).
 */
export async function enqueueProvisioning(
  db: DbOrTx,
  orderId: string,
  options: { delayMs?: number } = {},
): Promise<void> {
  const delaySeconds = (options.delayMs ?? 0) / 1000;
  await db.execute(sql`
    select graphile_worker.add_job(
      ${PROVISION_ORDER_TASK},
      json_build_object('orderId', ${orderId}::text),
      run_at => now() + make_interval(secs => ${delaySeconds}::double precision),
      max_attempts => ${PROVISIONING_MAX_ATTEMPTS}::int,
      job_key => ${orderId}::text,
      job_key_mode => 'replace'
    )`);
}

/** Queues the install-details email of a delivered order, once per order. */
export async function enqueueInstallEmail(db: DbOrTx, orderId: string): Promise<void> {
  await db.execute(sql`
    select graphile_worker.add_job(
      ${SEND_INSTALL_EMAIL_TASK},
      json_build_object('orderId', ${orderId}::text),
      max_attempts => ${INSTALL_EMAIL_MAX_ATTEMPTS}::int,
      job_key => ${`install-email:${orderId}`}::text,
      job_key_mode => 'preserve_run_at'
    )`);
}

export interface EsimAlertJobPayload {
  kind: EsimAlertKind;
  esimId: string;
  bundleId: string;
}

/** The job key of a bundle's alert: queued once per bundle and kind however often the rule is found due. */
export function esimAlertJobKey(alert: Pick<EsimAlertJobPayload, "kind" | "bundleId">): string {
  return `esim-alert:${alert.kind}:${alert.bundleId}`;
}

/** Queues a usage or expiry alert email of an eSIM's bundle, once per bundle and kind. */
export async function enqueueEsimAlert(db: DbOrTx, alert: EsimAlertJobPayload): Promise<void> {
  await db.execute(sql`
    select graphile_worker.add_job(
      ${SEND_ESIM_ALERT_EMAIL_TASK},
      json_build_object('kind', ${alert.kind}::text, 'esimId', ${alert.esimId}::text, 'bundleId', ${alert.bundleId}::text),
      max_attempts => ${ESIM_ALERT_EMAIL_MAX_ATTEMPTS}::int,
      job_key => ${esimAlertJobKey(alert)}::text,
      job_key_mode => 'preserve_run_at'
    )`);
}

export type CancellationEmailKind = "requested" | "approved" | "refused";

export interface CancellationEmailJobPayload {
  requestId: string;
  kind: CancellationEmailKind;
}

/** Queues the email of a cancellation request's step (the operator told, the traveller answered), once per step. */
export async function enqueueCancellationEmail(
  db: DbOrTx,
  requestId: string,
  kind: CancellationEmailKind,
): Promise<void> {
  await db.execute(sql`
    select graphile_worker.add_job(
      ${SEND_CANCELLATION_EMAIL_TASK},
      json_build_object('requestId', ${requestId}::text, 'kind', ${kind}::text),
      max_attempts => ${ESIM_ALERT_EMAIL_MAX_ATTEMPTS}::int,
      job_key => ${`cancellation-email:${kind}:${requestId}`}::text,
      job_key_mode => 'preserve_run_at'
    )`);
}

/** The queued or failed jobs of an order (for order:show and tests): task, attempts, last error, next run. */
export async function findOrderJobs(db: DbOrTx, orderId: string) {
  const result = await db.execute<{
    task: string;
    attempts: number;
    max_attempts: number;
    last_error: string | null;
    run_at: Date;
    locked_at: Date | null;
  }>(sql`
    select task_identifier as task, attempts, max_attempts, last_error, run_at, locked_at
    from graphile_worker.jobs
    where key in (${orderId}::text, ${`install-email:${orderId}`}::text)
    order by id`);
  return result.rows;
}
