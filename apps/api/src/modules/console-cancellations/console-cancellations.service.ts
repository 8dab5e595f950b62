import type { CancellationQueue, CancellationQueueItem } from "@esim/shared/console/refunds-contract";
import { toDisplayText } from "@esim/shared/display-text";
import { CANCELLATION_WINDOW_HOURS } from "@esim/shared/esims/contracts";
import { AppError } from "../../lib/app-error.ts";
import type { AppDeps } from "../../lib/deps.ts";
import { type CancellationDecision, listCancellationsToDecide, refuseCancellation } from "../esims/index.ts";
import type { AuditActor } from "../operators/index.ts";
import { listRefundQueue } from "../orders/index.ts";

// The console's cancellations and refunds queue (decision 037). It decides through the very services the command
// line uses (cancellation:approve / cancellation:refuse, order:refund), passing the operator for the audit entry each
// writes in its own transaction, and the operator's words for the traveller's email.

const HOUR_MS = 60 * 60 * 1000;

type PendingRow = Awaited<ReturnType<typeof listCancellationsToDecide>>[number];

function presentCancellation(row: PendingRow, now: Date): CancellationQueueItem {
  const { request } = row;
  return {
    id: request.id,
    orderNumber: row.orderNumber,
    iccid: row.esim.iccid,
    esimStatus: row.esim.status,
    email: row.email,
    language: row.language ?? "fr",
    customerReason: request.reason === null ? null : toDisplayText(request.reason, { isMultiline: true }),
    refundDzdMinor: request.refundDzdMinor,
    paidAt: row.paidAt?.toISOString() ?? null,
    requestedAt: request.requestedAt.toISOString(),
    ageMinutes: Math.max(0, Math.floor((now.getTime() - request.requestedAt.getTime()) / 60_000)),
    windowEndsAt: row.paidAt
      ? new Date(row.paidAt.getTime() + CANCELLATION_WINDOW_HOURS * HOUR_MS).toISOString()
      : null,
  };
}

/** Everything waiting for a decision: pending cancellation requests, failed deliveries, refunds owed. */
export async function getCancellationQueue(deps: AppDeps): Promise<CancellationQueue> {
  const now = deps.now();
  const [pending, refunds] = await Promise.all([listCancellationsToDecide(deps), listRefundQueue(deps)]);
  return { cancellations: pending.map((row) => presentCancellation(row, now)), ...refunds };
}

/**
 * The cancel-and-refund flow (decision 091), handed in where the console's routes are registered (modules/index.ts):
 * a module never imports a flow.
 */
export type CancelAndRefund = (
  deps: AppDeps,
  options: { idOrIccid: string; actor: string; reason?: string | null; decidedBy?: AuditActor },
) => Promise<CancellationDecision>;

export interface OperatorCaller {
  operatorId: string;
  ip: string;
}

function decidedView(decision: Exclude<CancellationDecision, { outcome: "unknown" }>) {
  const { request } = decision;
  return {
    id: request.id,
    status: request.status as "approved" | "refused",
    decidedAt: request.decidedAt?.toISOString() ?? null,
  };
}

/** Approving or refusing twice the same way answers the decision as it is; the other way, ALREADY_DECIDED. */
function settle(decision: CancellationDecision, wanted: "approved" | "refused") {
  if (decision.outcome === "unknown") throw new AppError("NOT_FOUND", { message: "No such cancellation request." });
  if (decision.outcome === "already_decided" && decision.request.status !== wanted) {
    throw new AppError("ALREADY_DECIDED", { message: `This request is already ${decision.request.status}.` });
  }
  return decidedView(decision);
}

/**
 * Approves a request (the same flow as `cancellation:approve`): the profile is cancelled upstream, then in one
 * transaction the request approved, the audit entry, the order refunded when no eSIM is left, the traveller's email
 * with the reason. An upstream refusal changes nothing here: UPSTREAM_CANCEL_FAILED, or ESIM_INSTALLED_MEANWHILE when the profile was installed since (the flow says so); a failure after
 * the upstream's cancel is answered as itself, and approving again resumes the flow.
 */
export async function approveCancellationRequest(
  deps: AppDeps,
  options: { requestId: string; reason: string; caller: OperatorCaller; cancelAndRefund: CancelAndRefund },
) {
  const decidedBy: AuditActor = { operatorId: options.caller.operatorId, ip: options.caller.ip };
  const decision = await options.cancelAndRefund(deps, {
    idOrIccid: options.requestId,
    actor: `operator:${options.caller.operatorId}`,
    reason: options.reason,
    decidedBy,
  });
  return settle(decision, "approved");
}

/** Refuses a request with the reason the traveller reads (the same service as `cancellation:refuse`). */
export async function refuseCancellationRequest(
  deps: AppDeps,
  options: { requestId: string; reason: string; caller: OperatorCaller },
) {
  const decision = await refuseCancellation(deps, {
    idOrIccid: options.requestId,
    reason: options.reason,
    actor: { operatorId: options.caller.operatorId, ip: options.caller.ip },
  });
  return settle(decision, "refused");
}
