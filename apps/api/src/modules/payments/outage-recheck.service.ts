import { type OutageLog, type OutageWatch, watchDatabaseOutages } from "../../lib/database-outage.ts";
import type { AppDeps } from "../../lib/deps.ts";
import { addJob, type JobHandlers } from "../../lib/job-queue.ts";
import type { CheckoutState } from "../../providers/payment/payment-port.ts";
import { findOpenPendingPayments } from "./payments.repo.ts";
import {
  ABANDON_PAYMENT_AFTER_MS,
  applyCheckoutResult,
  type SettlePayment,
  type SettlingOptions,
} from "./payments.service.ts";

// A gateway webhook refused while the database was away (answered 503) may come back late or never: the payer who
// does not return to the callback page would wait for the reconciliation sweep (15 minutes). Once the database is
// back, every checkout still payable is asked for at once (decision 088).

export const RECHECK_AFTER_OUTAGE_TASK = "recheck-payments-after-outage";
/** One queued recheck however many processes noticed the same outage. */
const RECHECK_AFTER_OUTAGE_KEY = "payments:recheck-after-outage";
const PAGE = 50;

/**
 * Asks the gateway for every pending payment whose checkout is still payable and applies a final answer exactly as
 * the webhook would (idempotent with it: a payment already settled is left as it is). A checkout past its lifetime is
 * left to the reconciliation sweep, which ends it at the gateway first. Throws after the whole list when the gateway
 * could not be asked about some, so the job is retried. Answers how many it settled.
 */
export async function recheckOpenPayments(deps: AppDeps, options: SettlingOptions): Promise<number> {
  const now = deps.now();
  const openedAfter = new Date(now.getTime() - ABANDON_PAYMENT_AFTER_MS);
  let settled = 0;
  let unreachable = 0;
  let afterId: string | undefined;
  for (;;) {
    const page = await findOpenPendingPayments(deps.db, {
      openedAfter,
      limit: PAGE,
      ...(afterId ? { afterId } : {}),
    });
    for (const payment of page) {
      let result: CheckoutState;
      try {
        result = await deps.payments.retrieveCheckout(payment.providerReference!);
      } catch (error) {
        options.log.warn({ err: error, paymentId: payment.id }, "after an outage: could not ask the gateway");
        unreachable++;
        continue;
      }
      if (result.status === "pending" || result.status === "processing") continue;
      const outcome = await deps.db.transaction((tx) =>
        applyCheckoutResult(tx, deps, {
          paymentId: payment.id,
          result,
          now,
          cause: `after a database outage: the gateway says ${result.status}`,
          log: options.log,
          settlePayment: options.settlePayment,
        }),
      );
      if (outcome !== "unchanged") settled++;
    }
    if (page.length < PAGE) break;
    afterId = page[page.length - 1]!.id;
  }
  if (unreachable > 0) throw new Error(`the gateway could not be asked about ${unreachable} payment(s)`);
  return settled;
}

/** Queues the recheck (at once; a recheck already queued stays the one). Durable: any worker instance runs it. */
export async function queueRecheckAfterOutage(deps: Pick<AppDeps, "db">): Promise<void> {
  await addJob(deps.db, {
    task: RECHECK_AFTER_OUTAGE_TASK,
    payload: {},
    key: RECHECK_AFTER_OUTAGE_KEY,
    maxAttempts: 6,
  });
}

/** Payments' jobs, given the settle-payment flow where the worker registers them (decision 091). */
export function createPaymentsJobs(settlePayment: SettlePayment): JobHandlers {
  return {
    [RECHECK_AFTER_OUTAGE_TASK]: async (_payload, { deps, log }) => {
      const settled = await recheckOpenPayments(deps, { log, settlePayment });
      if (settled > 0) log.info({ settled }, "payments settled after a database outage");
    },
  };
}

/**
 * Run by every process (web, worker or both, decision 042): whichever sees the database go (a refused webhook, a
 * failed job, the heartbeat) queues the recheck as soon as the database answers again.
 */
export function watchOutagesForPayments(deps: Pick<AppDeps, "db">, options: { log: OutageLog }): OutageWatch {
  return watchDatabaseOutages(deps.db, { onReturn: () => queueRecheckAfterOutage(deps), log: options.log });
}
