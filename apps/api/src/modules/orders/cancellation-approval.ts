import type { AppDeps } from "../../lib/deps.ts";
import {
  type CancellationDecision,
  findCancellationToDecide,
  iccidLine,
  recordCancellationApproval,
} from "../esims/index.ts";
import type { AuditActor } from "../operators/index.ts";
import { applyOrderEvent, type OrderActor } from "./order-lifecycle.ts";
import { countUncancelledEsims, lockOrder } from "./orders.repo.ts";
import { oweRefund, settleOrderRefund } from "./refunds.ts";

/**
 * The operator approves a request to cancel an unused eSIM (by the request's id or the eSIM's ICCID): the profile is
 * cancelled upstream first (safe to repeat), then in one transaction the request approved, the eSIM Canceled, the
 * traveller's email queued, the request's refund owed on the ledger (with its credit note), even while other eSIMs of
 * the order remain, and the order waiting for its refunds (refund_due) once none of its eSIMs is left (decision 062:
 * nothing is refunded until it is sent). Running it again after a crash
 * finishes the job. This module owns it because it ends an order's life; refusals stay with the eSIM (esims). The
 * console passes the operator (`decidedBy`, audited with the approval) and their words to the traveller (`reason`).
 */
export async function approveCancellation(
  deps: AppDeps,
  options: { idOrIccid: string; actor: OrderActor; reason?: string | null; decidedBy?: AuditActor },
): Promise<CancellationDecision> {
  const found = await findCancellationToDecide(deps, options.idOrIccid);
  if (!found) return { outcome: "unknown" };
  const { request, esim, orderNumber } = found;
  if (request.status !== "pending") return { outcome: "already_decided", request, iccid: esim.iccid, orderNumber };
  await deps.esim.cancel(esim.upstreamReference);
  const now = deps.now();
  const decided = await deps.db.transaction(async (tx) => {
    const row = await recordCancellationApproval(tx, deps, {
      requestId: request.id,
      esimId: esim.id,
      now,
      reason: options.reason ?? null,
      ...(options.decidedBy ? { actor: options.decidedBy } : {}),
    });
    if (!row) return undefined;
    const order = await lockOrder(tx, request.orderId);
    if (!order) return row;
    await oweRefund(tx, deps, {
      order,
      key: `refund-owed:cancellation:${row.id}`,
      source: "sale",
      amountDzdMinor: row.refundDzdMinor,
      reason: `eSIM cancelled on request (${iccidLine(esim.iccid, "en")})`,
      actor: options.actor,
      now,
    });
    if ((await countUncancelledEsims(tx, request.orderId)) === 0) {
      const due = await applyOrderEvent(tx, {
        orderId: request.orderId,
        event: "esims_cancelled",
        cause: `every eSIM cancelled on request (last: ${iccidLine(esim.iccid, "en")}, upstream ${esim.upstreamReference})`,
        actor: options.actor,
        now,
      });
      // Nothing to send back (a free order): refunded at once.
      if (due) await settleOrderRefund(tx, { order: due, cause: "nothing owed", actor: options.actor, now });
    }
    return row;
  });
  if (!decided) return approveCancellation(deps, options);
  return { outcome: "approved", request: decided, iccid: esim.iccid, orderNumber };
}
