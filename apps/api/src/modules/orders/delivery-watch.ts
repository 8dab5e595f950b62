import type { AppDeps } from "../../lib/deps.ts";
import type { JobLog } from "../../lib/job-queue.ts";
import { alertOperator } from "./operator-alert.ts";
import { findOverdueDeliveries, markDeliveryOverdue } from "./orders.repo.ts";

const SWEEP_BATCH = 100;

/**
 * Finds paid orders not delivered within DELIVERY_OVERDUE_MINUTES of payment and, once per order: flags them for the
 * operator (keeping a more precise "provisioning failed" flag), logs an error and emails the operator, in one
 * transaction. Provisioning itself goes on (its job retries); delivery clears the flag. Answers how many it found.
 */
export async function flagOverdueDeliveries(deps: AppDeps, options: { log: JobLog }): Promise<number> {
  const now = deps.now();
  const overdueMs = deps.config.DELIVERY_OVERDUE_MINUTES * 60_000;
  const overdue = await findOverdueDeliveries(deps.db, {
    confirmedBefore: new Date(now.getTime() - overdueMs),
    limit: SWEEP_BATCH,
  });
  let flagged = 0;
  for (const { id } of overdue) {
    const order = await deps.db.transaction(async (tx) => {
      const marked = await markDeliveryOverdue(tx, id, now);
      if (!marked) return undefined;
      const minutes = Math.floor((now.getTime() - (marked.confirmedAt ?? now).getTime()) / 60_000);
      const reason = `paid ${minutes} minutes ago and not delivered (${marked.provisioningAttempts} provisioning attempts${marked.lastProvisioningError ? `, last error: ${marked.lastProvisioningError}` : ""})`;
      await alertOperator(tx, deps, { order: marked, kind: "delivery_overdue", reason, actor: "sweep", now });
      return { ...marked, reason };
    });
    if (!order) continue;
    flagged++;
    options.log.error(
      { orderId: order.id, orderNumber: order.number, reason: order.reason },
      `paid order ${order.number} not delivered within ${deps.config.DELIVERY_OVERDUE_MINUTES} minutes: flagged, operator emailed`,
    );
  }
  return flagged;
}
