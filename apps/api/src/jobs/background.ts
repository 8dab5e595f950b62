import type { ProvisioningTiming } from "../flows/provision-order.ts";
import { settlePayment } from "../flows/settle-payment.ts";
import type { AppDeps } from "../lib/deps.ts";
import { sweepAutoTopUps } from "../modules/auto-top-up/index.ts";
import { sendDueEsimAlerts, syncStaleEsims } from "../modules/esims/index.ts";
import { flagOverdueDeliveries } from "../modules/orders/index.ts";
import { reconcileStalePayments } from "../modules/payments/index.ts";
import { expireStoreCredit } from "../modules/store-credit/index.ts";
import { cleanUpExpiredRows } from "./clean-up.ts";
import { startWorker, type WorkerLog } from "./worker.ts";
import { startWorkerHeartbeat, unlockJobsOf } from "./worker-heartbeat.ts";

// The work of the `worker` role (beside HTTP in `all`, alone in `worker`: server.ts): graphile-worker's jobs, the
// heartbeat that takes over a dead process's jobs, and the sweeps. Every sweep is idempotent, so every instance may
// run them.

/** Paid orders overdue for delivery, and payments the gateway never told us about, are looked for this often. */
export const MONEY_SWEEP_EVERY_MS = 60 * 1000;
/** Expired rows, eSIMs not heard from, and expiry alerts are looked for this often. */
export const UPKEEP_SWEEP_EVERY_MS = 15 * 60 * 1000;

export interface BackgroundWork {
  /**
   * Stops the sweeps, lets running jobs finish, then stops the heartbeat (before the pool closes). Jobs still running
   * after `releaseJobsAfterMs` are unlocked for any worker to retry at once, rather than held by a process about to
   * exit (another would wait WORKER_DEAD_AFTER_SECONDS to take them over); every job is idempotent.
   */
  stop(options?: { releaseJobsAfterMs?: number }): Promise<void>;
}

function every(ms: number, sweeps: { name: string; run: () => Promise<unknown> }[], log: WorkerLog) {
  const timer = setInterval(() => {
    for (const sweep of sweeps) {
      sweep.run().catch((error: unknown) => log.warn({ err: error }, `${sweep.name} failed; the next run retries`));
    }
  }, ms);
  timer.unref();
  return timer;
}

export async function startBackgroundWork(
  deps: AppDeps,
  options: { log: WorkerLog; timing?: ProvisioningTiming },
): Promise<BackgroundWork> {
  const { log } = options;
  const worker = await startWorker(deps, { log, ...(options.timing ? { timing: options.timing } : {}) });
  const heartbeat = await startWorkerHeartbeat(deps.db, {
    workerIds: worker.workerIds,
    deadAfterSeconds: deps.config.WORKER_DEAD_AFTER_SECONDS,
    log,
  });
  const timers = [
    every(
      MONEY_SWEEP_EVERY_MS,
      [
        // A paid order not delivered in time: flagged, logged as an error, the operator emailed once.
        { name: "overdue delivery sweep", run: () => flagOverdueDeliveries(deps, { log }) },
        // Payments whose webhook never came, or whose payer left the gateway: settled with the gateway's word.
        { name: "payment reconciliation", run: () => reconcileStalePayments(deps, { log, settlePayment }) },
      ],
      log,
    ),
    every(
      UPKEEP_SWEEP_EVERY_MS,
      [
        { name: "clean-up of expired rows", run: () => cleanUpExpiredRows(deps.db, deps.now()) },
        // eSIMs the upstream's webhooks did not mention for 30 minutes: status and usage asked for again.
        { name: "eSIM sync", run: () => syncStaleEsims(deps, { log }) },
        // Expiry alerts are due by the clock alone: the upstream may never send VALIDITY_USAGE.
        { name: "eSIM alert sweep", run: () => sendDueEsimAlerts(deps) },
        // Auto top-ups whose validity ends within a day fire by the clock too (decision 078).
        { name: "auto top-up sweep", run: () => sweepAutoTopUps(deps) },
        // What is left of an operator's store credit past its expiry goes to breakage (decision 064).
        { name: "store credit expiry", run: () => expireStoreCredit(deps) },
      ],
      log,
    ),
  ];
  return {
    async stop({ releaseJobsAfterMs } = {}) {
      for (const timer of timers) clearInterval(timer);
      const graceful = worker.stop();
      let deadline: NodeJS.Timeout | undefined;
      const isLate =
        releaseJobsAfterMs === undefined
          ? false
          : await Promise.race([
              graceful.then(
                () => false,
                () => false,
              ),
              new Promise<boolean>((resolve) => {
                deadline = setTimeout(() => resolve(true), releaseJobsAfterMs);
              }),
            ]);
      clearTimeout(deadline);
      if (isLate) {
        log.warn({ releaseJobsAfterMs }, "jobs still running at the shutdown deadline: unlocked for another worker");
        await unlockJobsOf(deps.db, worker.workerIds());
      } else {
        await graceful;
      }
      await heartbeat.stop();
    },
  };
}
