import { sql } from "drizzle-orm";
import type { AppDeps } from "../../lib/deps.ts";
import { addJob, findJobsByKeys, type JobLog } from "../../lib/job-queue.ts";
import { queueEmail } from "../mail-outbox/index.ts";
import { operatorAlertEmail } from "./operator-alert.mails.ts";
import { flagOrder, type OrderRow } from "./order-lifecycle.ts";
import { listOrdersAwaitingUpstreamBalance, recordProvisioningFailure } from "./provisioning.repo.ts";

// Our prepaid account upstream ran short (eSIM Access 200007): the paid order waits, flagged with its own kind, and
// goes on by itself when `balance/query` shows enough again (decision 089). Never a failure for the traveller.

export const WATCH_UPSTREAM_BALANCE_TASK = "watch-upstream-balance";
/** How often the balance is read while orders wait; nothing is read while none wait. */
export const UPSTREAM_BALANCE_WATCH_EVERY_MS = 60_000;

/** The upstream refusal that means our account lacks the money, not that the order is wrong. */
export const INSUFFICIENT_BALANCE_CODE = "200007";

async function queueBalanceWatch(db: Parameters<typeof addJob>[0]): Promise<void> {
  await addJob(db, {
    task: WATCH_UPSTREAM_BALANCE_TASK,
    payload: {},
    key: WATCH_UPSTREAM_BALANCE_TASK,
    keyMode: "preserve_run_at",
    delayMs: UPSTREAM_BALANCE_WATCH_EVERY_MS,
  });
}

/**
 * The order waits for the balance, in one transaction: flagged, the watch queued, and the operators emailed only when
 * it opens an episode (no other order already waiting, this one not waiting before a resumed run was refused again).
 */
export async function waitForUpstreamBalance(deps: AppDeps, input: { order: OrderRow; reason: string }): Promise<void> {
  const { order, reason } = input;
  await deps.db.transaction(async (tx) => {
    // Two orders refused at once must not both believe they open the episode.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${WATCH_UPSTREAM_BALANCE_TASK}))`);
    const now = deps.now();
    const waiting = await listOrdersAwaitingUpstreamBalance(tx);
    const opensEpisode = waiting.length === 0 && order.attentionKind !== "awaiting_upstream_balance";
    await recordProvisioningFailure(tx, order.id, { error: reason.slice(0, 1000), now });
    await flagOrder(tx, { orderId: order.id, kind: "awaiting_upstream_balance", reason, actor: "worker", now });
    if (opensEpisode) {
      await queueEmail(tx, {
        key: `operator-alert:awaiting_upstream_balance:${order.id}`,
        message: await operatorAlertEmail({
          to: deps.config.OPERATOR_EMAIL,
          order,
          kind: "awaiting_upstream_balance",
          publicUrl: deps.config.PUBLIC_URL,
        }),
        orderId: order.id,
        publicUrl: deps.config.PUBLIC_URL,
      });
    }
    await queueBalanceWatch(tx);
  });
}

/**
 * Reads the balance while orders wait and sends on, oldest payment first, those it covers; a younger order never
 * passes an older one it cannot cover. An order already sent on keeps its flag until delivered (its cost is counted as
 * spent). Requeues itself while any order waits; ends, reading nothing, when none does.
 */
export async function watchUpstreamBalance(
  deps: AppDeps,
  options: {
    log: JobLog;
    queueProvisioning: (db: Parameters<typeof addJob>[0], orderId: string) => Promise<void>;
  },
): Promise<{ resumed: string[]; waiting: number }> {
  const waiting = await listOrdersAwaitingUpstreamBalance(deps.db);
  if (waiting.length === 0) return { resumed: [], waiting: 0 };
  const alreadySent = new Set(
    (
      await findJobsByKeys(
        deps.db,
        waiting.map((order) => order.id),
      )
    ).map((job) => job.key),
  );
  let balanceUsdE4: number;
  try {
    ({ balanceUsdE4 } = await deps.esim.getBalance());
  } catch (error) {
    options.log.warn({ err: error }, "watch-upstream-balance: balance unreadable; looking again later");
    await queueBalanceWatch(deps.db);
    return { resumed: [], waiting: waiting.length };
  }
  const resumed: string[] = [];
  for (const order of waiting) {
    const costUsdE4 = order.unitCostUsdE4 * order.quantity;
    if (costUsdE4 > balanceUsdE4) break;
    balanceUsdE4 -= costUsdE4;
    if (!alreadySent.has(order.id)) resumed.push(order.id);
  }
  await deps.db.transaction(async (tx) => {
    for (const orderId of resumed) await options.queueProvisioning(tx, orderId);
    await queueBalanceWatch(tx);
  });
  if (resumed.length > 0) {
    options.log.info({ resumed: resumed.length, waiting: waiting.length }, "upstream balance back: orders sent on");
  }
  return { resumed, waiting: waiting.length };
}
