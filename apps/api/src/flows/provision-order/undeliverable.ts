import type { AutomaticRefundReason } from "@esim/shared/orders/refunds";
import type { AppDeps } from "../../lib/deps.ts";
import { findEsimById } from "../../modules/esims/index.ts";
import { getOrderMoney } from "../../modules/ledger/index.ts";
import {
  applyOrderEvent,
  automaticRefundDocumentReason,
  type OrderRow,
  oweRefund,
  queueAutomaticRefundEmail,
  settleOrderRefund,
} from "../../modules/orders/index.ts";
import { settleOrderCredit } from "../../modules/store-credit/index.ts";
import type { UpstreamProfile } from "../../providers/esim/esim-port.ts";

// A paid order that can never be delivered as sold: owed back at once, without an operator (decision 083).

const ENDED_STATUSES = new Set<string>(["Canceled", "Deleted", "Revoked", "Used Expired", "Unused Expired"]);

/** Whether a top-up's eSIM is over upstream (cancelled, deleted or past its end): nothing can be added to it. */
export async function isTopUpTargetOver(deps: AppDeps, order: OrderRow): Promise<boolean> {
  if (order.kind !== "top_up" || !order.targetEsimId) return false;
  const esim = await findEsimById(deps.db, order.targetEsimId);
  if (!esim) return false;
  let profile: UpstreamProfile | null;
  try {
    profile = await deps.esim.queryProfile(esim.upstreamReference);
  } catch {
    // Unreadable: not proven over, so the order is flagged as before.
    return false;
  }
  if (!profile) return false;
  // Over for good: nothing can be added to it (a suspended one may come back, so it goes to the operator instead).
  if (ENDED_STATUSES.has(profile.status)) return true;
  return profile.expiresAt !== null && profile.expiresAt.getTime() <= deps.now().getTime();
}

/**
 * The whole sale owed back in one transaction, like an operator's refund decision but without one: the order goes to
 * refund_due, the ledger owes the amount with its credit note, the traveller is emailed in their language.
 */
export async function oweUndeliverable(
  deps: AppDeps,
  order: OrderRow,
  reason: AutomaticRefundReason,
  cause: string,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const now = deps.now();
    const moved = await applyOrderEvent(tx, {
      orderId: order.id,
      event: "refund_decided",
      cause,
      actor: "worker",
      now,
    });
    if (!moved) return;
    const money = await getOrderMoney(tx, order.id);
    const amountDzdMinor = money.soldDzdMinor - money.refundedDzdMinor;
    await oweRefund(tx, deps, {
      order: moved,
      key: `refund-owed:undeliverable:${order.id}`,
      source: "sale",
      amountDzdMinor,
      reason: cause,
      documentReason: automaticRefundDocumentReason(reason),
      actor: "worker",
      now,
    });
    await settleOrderCredit(tx, { order: moved, outcome: "released", cause, actor: "worker", now });
    await queueAutomaticRefundEmail(tx, deps, { order: moved, reason, amountDzdMinor, isHeldMoney: false });
    await settleOrderRefund(tx, { order: moved, cause: "nothing owed", actor: "worker", now });
  });
}
