import { enqueueProvisioning, findOrderJobs } from "../../jobs/job-queue.ts";
import type { AppDeps } from "../../lib/deps.ts";
import { findOrderViewByNumber, listOrderEsims, lockOrder } from "./orders.repo.ts";

/** Everything the operator needs about one order: status, amounts, payment, eSIMs, attention reason and its jobs. */
export async function showOrder(deps: AppDeps, options: { number: string }) {
  const view = await findOrderViewByNumber(deps.db, options.number);
  if (!view) return undefined;
  const [esims, jobs] = await Promise.all([
    listOrderEsims(deps.db, [view.order]),
    findOrderJobs(deps.db, view.order.id),
  ]);
  return { ...view, esims: esims.get(view.order.id) ?? [], jobs };
}

export type RetryOutcome =
  | { outcome: "queued"; orderId: string }
  | { outcome: "unknown_order" }
  | { outcome: "refused"; status: string };

/**
 * Queues provisioning again for a paid, undelivered order (after its retries ran out, or a worker died holding it);
 * refuses any other order, so nothing unpaid is ever provisioned. Safe to repeat: the upstream order is keyed on the
 * order id and eSIMs on their upstream reference.
 */
export async function retryProvisioning(deps: AppDeps, options: { number: string }): Promise<RetryOutcome> {
  const view = await findOrderViewByNumber(deps.db, options.number);
  if (!view) return { outcome: "unknown_order" };
  return deps.db.transaction(async (tx) => {
    const order = await lockOrder(tx, view.order.id);
    if (order?.status !== "confirmed") return { outcome: "refused" as const, status: order?.status ?? "unknown" };
    await enqueueProvisioning(tx, order.id);
    return { outcome: "queued" as const, orderId: order.id };
  });
}
