import { AppError } from "../lib/app-error.ts";
import type { AppDeps } from "../lib/deps.ts";
import { defineWorkflow, WorkflowStepError } from "../lib/workflow.ts";
import {
  type CancellationDecision,
  findCancellationToDecide,
  iccidLine,
  recordCancellationApproval,
} from "../modules/esims/index.ts";
import { cancelledOnRequestReason } from "../modules/invoices/index.ts";
import type { AuditActor } from "../modules/operators/index.ts";
import {
  applyOrderEvent,
  countUncancelledEsims,
  lockOrder,
  type OrderActor,
  oweRefund,
  settleOrderRefund,
} from "../modules/orders/index.ts";

// Cancel and refund (decisions 066, 091): an operator approves a traveller's request to cancel an unused eSIM. Two
// named steps of lib/workflow.ts, because the first is a call to the upstream that no transaction can undo:
//
//   1. cancel-upstream-profile: the profile cancelled at eSIM Access (safe to repeat);
//   2. approve-and-owe-refund: in one transaction, the request approved, the eSIM Canceled and the traveller's email
//      queued (esims), the refund owed on the ledger with its credit note (orders' refunds), and the order waiting
//      for its refunds (refund_due) once none of its eSIMs is left, or refunded at once when nothing is owed.
//
// A run that stopped after step 1 (a crash, the database away) resumes at step 2 when approved again: the upstream is
// not asked twice. Started by the console (console-cancellations, console-orders: handed in where their routes are
// registered) and the console-cli command.

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
 * The workflow, run once per request (its id is the run's). Nothing is refunded until it is sent (decision 062). Its
 * second step's output says whether this run approved the request.
 */
const cancelAndRefundWorkflow = defineWorkflow<CancelAndRefundInput>("cancel-and-refund", [
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
 * Whether the upstream now reports the profile past "New" (installed, in use...): the usual reason it refuses a cancel.
 * An unreadable answer is not taken as installed: the generic refusal stands.
 */
async function isInstalledSince(deps: AppDeps, reference: string): Promise<boolean> {
  const profile = await deps.esim.queryProfile(reference).catch(() => null);
  return profile !== null && profile.status !== "New" && profile.status !== "Canceled";
}

/**
 * The operator approves a request to cancel an unused eSIM (by the request's id or the eSIM's ICCID), through the
 * workflow above; running it again after a crash finishes the job. Refusals stay with the eSIM (esims). The console
 * passes the operator (`decidedBy`, audited with the approval) and their words to the traveller (`reason`).
 */
export async function cancelAndRefund(
  deps: AppDeps,
  options: { idOrIccid: string; actor: OrderActor; reason?: string | null; decidedBy?: AuditActor },
): Promise<CancellationDecision> {
  const found = await findCancellationToDecide(deps, options.idOrIccid);
  if (!found) return { outcome: "unknown" };
  const { request, esim, orderNumber } = found;
  if (request.status !== "pending") return { outcome: "already_decided", request, iccid: esim.iccid, orderNumber };
  let isApprovedHere: unknown;
  try {
    const run = await cancelAndRefundWorkflow.run(deps, {
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
    if (!(error instanceof WorkflowStepError)) throw error;
    // Only the first step's failure is the upstream's: nothing changed, retry or refuse. A later step's failure (the
    // database away) is not a refusal: the profile is cancelled and approving again resumes there.
    if (error.step === "cancel-upstream-profile" && !(error.cause instanceof AppError)) {
      if (await isInstalledSince(deps, esim.upstreamReference)) {
        throw new AppError("ESIM_INSTALLED_MEANWHILE", {
          message: "The eSIM was installed since the request: the upstream no longer cancels it. Refuse the request.",
        });
      }
      const detail = error.cause instanceof Error ? error.cause.message : String(error.cause);
      throw new AppError("UPSTREAM_CANCEL_FAILED", {
        message: `The eSIM upstream did not cancel the profile: ${detail}`,
      });
    }
    throw error.cause;
  }
  const decided = await findCancellationToDecide(deps, request.id);
  if (!decided) return { outcome: "unknown" };
  if (isApprovedHere === true && decided.request.status === "approved") {
    return { outcome: "approved", request: decided.request, iccid: esim.iccid, orderNumber };
  }
  // Decided by someone else meanwhile (or by this run before a crash): answered as it stands.
  return { outcome: "already_decided", request: decided.request, iccid: esim.iccid, orderNumber };
}
