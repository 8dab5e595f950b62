import type { DbOrTx } from "../../db/client.ts";
import type { AppDeps } from "../../lib/deps.ts";
import { addJob, type JobHandlers } from "../../lib/job-queue.ts";
import { readPriceSettings } from "../catalog/index.ts";
import { queueInstallEmail } from "./install.mails.ts";
import { applyOrderEvent, flagOrder, type OrderRow } from "./order-lifecycle.ts";
import { type findOrderWithPackage, recordProvisioningFailure, recordUpstreamCost } from "./provisioning.repo.ts";
import { WATCH_UPSTREAM_BALANCE_TASK, watchUpstreamBalance } from "./upstream-balance.ts";

// The order's own side of provisioning: its job's name and key (payment code queues it), what the order records while
// it is bought and delivered. The run itself, across catalog, esims, ledger and the upstream, is flows/provision-order
// (decision 090).

export const PROVISION_ORDER_TASK = "provision-order";
/**
 * graphile-worker waits exp(attempt) seconds between tries: 10 attempts span about three and a half hours before the
 * order is flagged for the operator.
 */
export const PROVISIONING_MAX_ATTEMPTS = 10;

/**
 * Queues the provisioning of a paid order in the caller's transaction, keyed by the order id: one job however often
 * this is called; one already failed for good, or running now, is replaced by a new one (run after `delayMs`).
 */
export async function queueProvisioning(
  db: DbOrTx,
  orderId: string,
  options: { delayMs?: number; keepsEarlierRun?: boolean } = {},
) {
  await addJob(db, {
    task: PROVISION_ORDER_TASK,
    payload: { orderId },
    key: orderId,
    // A later look must not postpone a run already due sooner (one the upstream's ORDER_STATUS webhook asked for).
    keyMode: options.keepsEarlierRun ? "preserve_run_at" : "replace",
    maxAttempts: PROVISIONING_MAX_ATTEMPTS,
    ...(options.delayMs ? { delayMs: options.delayMs } : {}),
  });
}

/** The order and the package it buys, as provisioning reads them. */
export type OrderWithPackage = NonNullable<Awaited<ReturnType<typeof findOrderWithPackage>>>;

/**
 * Stores the order's upstream cost (unit price × quantity, as the upstream is asked to charge) and today's rate before
 * the upstream is called: a crash after the purchase never leaves a bought order without its cost (decision 065).
 * `replace` when the upstream refused the earlier price (nothing was bought at it).
 */
export async function recordCostBeforeBuying(
  deps: AppDeps,
  order: Pick<OrderRow, "id" | "quantity" | "packageId">,
  purchase: { packageId: string; unitCostUsdE4: number },
  options: { replace?: boolean } = {},
) {
  const { dzdPerUsd } = await readPriceSettings(deps);
  await recordUpstreamCost(
    deps.db,
    order.id,
    {
      upstreamCostUsdE4: purchase.unitCostUsdE4 * order.quantity,
      dzdPerUsd,
      standInPackageId: purchase.packageId === order.packageId ? null : purchase.packageId,
    },
    options,
  );
}

/** confirmed → delivered with the install (or top-up) email queued in the same transaction; undefined if already done. */
export async function deliverOrder(tx: DbOrTx, deps: AppDeps, options: { orderId: string; cause: string; now: Date }) {
  const delivered = await applyOrderEvent(tx, {
    orderId: options.orderId,
    event: "delivered",
    cause: options.cause,
    actor: "worker",
    now: options.now,
  });
  if (!delivered) return undefined;
  await queueInstallEmail(tx, { orderId: options.orderId, publicUrl: deps.config.PUBLIC_URL });
  return delivered;
}

/**
 * Keeps a provisioning failure on the order for the operator (it stays confirmed: "we are preparing your eSIM"); on
 * giving up, flags it `provisioning_failed` in the same transaction.
 */
export async function recordProvisioningFailed(
  deps: AppDeps,
  options: { orderId: string; message: string; isGivingUp: boolean },
): Promise<void> {
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    await recordProvisioningFailure(tx, options.orderId, { error: options.message.slice(0, 1000), now });
    if (options.isGivingUp) {
      await flagOrder(tx, {
        orderId: options.orderId,
        kind: "provisioning_failed",
        reason: options.message,
        actor: "worker",
        now,
      });
    }
  });
}

/** The watch over the upstream balance (decision 089): it queues the provisioning of the orders it can pay for. */
export const upstreamBalanceJobs: JobHandlers = {
  async [WATCH_UPSTREAM_BALANCE_TASK](_payload, { deps, log }) {
    await watchUpstreamBalance(deps, { log, queueProvisioning: (db, orderId) => queueProvisioning(db, orderId) });
  },
};
