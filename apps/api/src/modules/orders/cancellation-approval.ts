import type { AppDeps } from "../../lib/deps.ts";
import { defineWorkflow, WorkflowStepError } from "../../lib/workflow.ts";
import {
  type CancellationDecision,
  findCancellationToDecide,
  iccidLine,
  recordCancellationApproval,
} from "../esims/index.ts";
import { cancelledOnRequestReason } from "../invoices/index.ts";
import type { AuditActor } from "../operators/index.ts";
import { applyOrderEvent, type OrderActor } from "./order-lifecycle.ts";
import { countUncancelledEsims, lockOrder } from "./orders.repo.ts";
import { oweRefund, settleOrderRefund } from "./refunds.ts";

interface CancelAndRefundInput {
  requestId: string;
  orderId: string;
  esimId: string;
  iccid: string | null;
  upstreamReference: string;
  actor: OrderActor;
  reason: string | null;
  decidedBy: AuditActor | null;
}

/**
 * Cancel and refund (decision 066): the flow across esims, orders, the ledger and invoices as named steps, run once
 * per request (its id is the run's). The profile is cancelled upstream first (safe to repeat); then, in one
 * transaction, the request approved, the eSIM Canceled, the traveller's email queued, the request's refund owed on the
 * ledger with its credit note, and the order waiting for its refunds (refund_due) once none of its eSIMs is left
 * (decision 062: nothing is refunded until it is sent). Its output says whether this run approved the request.
 */
const cancelAndRefund = defineWorkflow<CancelAndRefundInput>("cancel-and-refund", [
  {
    name: "cancel-upstream-profile",
    run: async ({ deps, input }) => {
      await deps.esim.cancel(input.upstreamReference);
      return null;
    },
  },
  {
    name: "approve-and-owe-refund",
    run: async ({ deps, input }) => {
      const now = deps.now();
      return deps.db.transaction(async (tx) => {
        const row = await recordCancellationApproval(tx, deps, {
          requestId: input.requestId,
          esimId: input.esimId,
          now,
          reason: input.reason,
          ...(input.decidedBy ? { actor: input.decidedBy } : {}),
        });
        if (!row) return false;
        const order = await lockOrder(tx, input.orderId);
        if (!order) return true;
        await oweRefund(tx, deps, {
          order,
          key: `refund-owed:cancellation:${row.id}`,
          source: "sale",
          amountDzdMinor: row.refundDzdMinor,
          reason: `eSIM cancelled on request (${iccidLine(input.iccid, "en")})`,
          documentReason: (language) => cancelledOnRequestReason(language, iccidLine(input.iccid, language)),
          actor: input.actor,
          now,
        });
        if ((await countUncancelledEsims(tx, input.orderId)) === 0) {
          const due = await applyOrderEvent(tx, {
            orderId: input.orderId,
            event: "esims_cancelled",
            cause: `every eSIM cancelled on request (last: ${iccidLine(input.iccid, "en")}, upstream ${input.upstreamReference})`,
            actor: input.actor,
            now,
          });
          // Nothing to send back (a free order): refunded at once.
          if (due) await settleOrderRefund(tx, { order: due, cause: "nothing owed", actor: input.actor, now });
        }
        return true;
      });
    },
  },
]);

/**
 * The operator approves a request to cancel an unused eSIM (by the request's id or the eSIM's ICCID), through the
 * cancel-and-refund workflow above; running it again after a crash finishes the job. This module owns it because it
 * ends an order's life; refusals stay with the eSIM (esims). The console passes the operator (`decidedBy`, audited
 * with the approval) and their words to the traveller (`reason`).
 */
export async function approveCancellation(
  deps: AppDeps,
  options: { idOrIccid: string; actor: OrderActor; reason?: string | null; decidedBy?: AuditActor },
): Promise<CancellationDecision> {
  const found = await findCancellationToDecide(deps, options.idOrIccid);
  if (!found) return { outcome: "unknown" };
  const { request, esim, orderNumber } = found;
  if (request.status !== "pending") return { outcome: "already_decided", request, iccid: esim.iccid, orderNumber };
  let isApprovedHere: unknown;
  try {
    const run = await cancelAndRefund.run(deps, {
      runId: request.id,
      input: {
        requestId: request.id,
        orderId: request.orderId,
        esimId: esim.id,
        iccid: esim.iccid,
        upstreamReference: esim.upstreamReference,
        actor: options.actor,
        reason: options.reason ?? null,
        decidedBy: options.decidedBy ?? null,
      },
    });
    isApprovedHere = run.outputs["approve-and-owe-refund"];
  } catch (error) {
    // The step's own error (an upstream refusal, an AppError) is what the callers answer with.
    throw error instanceof WorkflowStepError ? error.cause : error;
  }
  const decided = await findCancellationToDecide(deps, request.id);
  if (!decided) return { outcome: "unknown" };
  if (isApprovedHere === true && decided.request.status === "approved") {
    return { outcome: "approved", request: decided.request, iccid: esim.iccid, orderNumber };
  }
  // Decided by someone else meanwhile (or by this run before a crash): answered as it stands.
  return { outcome: "already_decided", request: decided.request, iccid: esim.iccid, orderNumber };
}
