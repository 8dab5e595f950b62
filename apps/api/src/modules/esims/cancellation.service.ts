import { CANCELLATION_WINDOW_HOURS, type EsimCancellation } from "@esim/shared/esims/contracts";
import { enqueueCancellationEmail } from "../../jobs/job-queue.ts";
import { AppError } from "../../lib/app-error.ts";
import type { AppDeps } from "../../lib/deps.ts";
import {
  type CancellationRequestRow,
  decideCancellation,
  findCancellationForDecision,
  findCancellationRequestByEsim,
  findEsimOrder,
  insertCancellationRequest,
  listPendingCancellations,
  markEsimCancelled,
  markOrderRefundedIfAllCancelled,
} from "./cancellation.repo.ts";
import { type EsimRow, findUserEsimView, listEsimBundles } from "./esims.repo.ts";

const HOUR_MS = 60 * 60 * 1000;

/**
 * Whether an eSIM may still be cancelled by request: New (never installed), its first plan only, within 24 hours of
 * payment. The reason says why not, in the order the traveller can understand it.
 */
export function cancellationOf(options: {
  esim: Pick<EsimRow, "status">;
  bundleCount: number;
  paidAt: Date | null;
  request: CancellationRequestRow | undefined;
  now: Date;
}): EsimCancellation {
  const { esim, paidAt, request, now } = options;
  const availableUntil = paidAt ? new Date(paidAt.getTime() + CANCELLATION_WINDOW_HOURS * HOUR_MS) : null;
  const unavailableReason: EsimCancellation["unavailableReason"] =
    esim.status === "Canceled" || esim.status === "Deleted"
      ? "cancelled"
      : esim.status !== "New"
        ? "installed"
        : options.bundleCount > 1
          ? "topped_up"
          : !availableUntil || availableUntil <= now
            ? "window_passed"
            : null;
  return {
    isAvailable: !request && unavailableReason === null,
    unavailableReason: request ? null : unavailableReason,
    availableUntil: availableUntil?.toISOString() ?? null,
    request: request
      ? {
          status: request.status,
          requestedAt: request.requestedAt.toISOString(),
          decidedAt: request.decidedAt?.toISOString() ?? null,
          refusalReason: request.refusalReason,
          refundDzdMinor: request.refundDzdMinor,
        }
      : null,
  };
}

/**
 * Records the traveller's request to cancel an unused eSIM and tells the operator (an email job in the same
 * transaction). Asking again answers the same request; outside the rules CANCELLATION_NOT_ALLOWED.
 */
export async function requestCancellation(
  deps: AppDeps,
  options: { userId: string; esimId: string; reason: string | undefined },
): Promise<EsimCancellation> {
  const view = await findUserEsimView(deps.db, options.userId, options.esimId);
  if (!view) throw new AppError("NOT_FOUND", { message: "No such eSIM." });
  const { esim } = view;
  const [order, bundles, existing] = await Promise.all([
    findEsimOrder(deps.db, esim.orderId),
    listEsimBundles(deps.db, esim.id),
    findCancellationRequestByEsim(deps.db, esim.id),
  ]);
  const now = deps.now();
  const state = cancellationOf({
    esim,
    bundleCount: bundles.length,
    paidAt: order?.confirmedAt ?? null,
    request: existing,
    now,
  });
  if (existing) return state;
  if (!state.isAvailable || !order) {
    throw new AppError("CANCELLATION_NOT_ALLOWED", {
      message: `This eSIM cannot be cancelled by request (${state.unavailableReason}).`,
    });
  }
  const request = await deps.db.transaction(async (tx) => {
    const inserted = await insertCancellationRequest(tx, {
      esimId: esim.id,
      orderId: esim.orderId,
      userId: options.userId,
      reason: options.reason?.trim() || null,
      // An order of several eSIMs is refunded eSIM by eSIM.
      refundDzdMinor: Math.round(order.chargeDzdMinor / order.quantity),
      requestedAt: now,
      createdAt: now,
      updatedAt: now,
    });
    if (inserted) await enqueueCancellationEmail(tx, inserted.id, "requested");
    return inserted;
  });
  // A concurrent request for the same eSIM won the insert: answer that one.
  return cancellationOf({
    esim,
    bundleCount: bundles.length,
    paidAt: order.confirmedAt,
    request: request ?? (await findCancellationRequestByEsim(deps.db, esim.id)),
    now,
  });
}

export type CancellationDecision =
  | { outcome: "approved" | "refused"; request: CancellationRequestRow; iccid: string; orderNumber: string }
  | { outcome: "already_decided"; request: CancellationRequestRow; iccid: string; orderNumber: string }
  | { outcome: "unknown" };

/**
 * The operator approves a request (by its id or the eSIM's ICCID): the profile is cancelled upstream first (safe to
 * repeat), then in one transaction the request is approved, the eSIM marked Canceled, the order refunded once none
 * of its eSIMs is left, and the traveller's email queued. Running it again after a crash finishes the job.
 */
export async function approveCancellation(
  deps: AppDeps,
  options: { idOrIccid: string },
): Promise<CancellationDecision> {
  const found = await findCancellationForDecision(deps.db, options.idOrIccid);
  if (!found) return { outcome: "unknown" };
  const { request, esim, orderNumber } = found;
  if (request.status !== "pending") return { outcome: "already_decided", request, iccid: esim.iccid, orderNumber };
  await deps.esim.cancel(esim.upstreamReference);
  const now = deps.now();
  const decided = await deps.db.transaction(async (tx) => {
    const row = await decideCancellation(tx, request.id, { status: "approved", refusalReason: null, now });
    if (!row) return undefined;
    await markEsimCancelled(tx, esim.id, now);
    await markOrderRefundedIfAllCancelled(tx, request.orderId, now);
    await enqueueCancellationEmail(tx, row.id, "approved");
    return row;
  });
  if (!decided) return approveCancellation(deps, options);
  return { outcome: "approved", request: decided, iccid: esim.iccid, orderNumber };
}

/** The operator refuses a request with a reason the traveller reads (emailed, and shown on /details). */
export async function refuseCancellation(
  deps: AppDeps,
  options: { idOrIccid: string; reason: string },
): Promise<CancellationDecision> {
  const found = await findCancellationForDecision(deps.db, options.idOrIccid);
  if (!found) return { outcome: "unknown" };
  const { request, esim, orderNumber } = found;
  if (request.status !== "pending") return { outcome: "already_decided", request, iccid: esim.iccid, orderNumber };
  const now = deps.now();
  const decided = await deps.db.transaction(async (tx) => {
    const row = await decideCancellation(tx, request.id, {
      status: "refused",
      refusalReason: options.reason.trim(),
      now,
    });
    if (row) await enqueueCancellationEmail(tx, row.id, "refused");
    return row;
  });
  if (!decided) return refuseCancellation(deps, options);
  return { outcome: "refused", request: decided, iccid: esim.iccid, orderNumber };
}

export async function listCancellationsToDecide(deps: AppDeps) {
  return listPendingCancellations(deps.db);
}
