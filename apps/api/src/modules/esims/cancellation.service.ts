import { CANCELLATION_WINDOW_HOURS, type EsimCancellation } from "@esim/shared/esims/contracts";
import type { DbOrTx } from "../../db/client.ts";
import { AppError } from "../../lib/app-error.ts";
import type { AppDeps } from "../../lib/deps.ts";
import { queueEmail } from "../mail-outbox/index.ts";
import { type AuditActor, COMMAND_LINE_ACTOR, recordAudit } from "../operators/index.ts";
import { buildDecisionEmail, buildOperatorEmail } from "./cancellation.mails.ts";
import {
  type CancellationRequestRow,
  decideCancellation,
  findCancellationEmailData,
  findCancellationForDecision,
  findCancellationRequestByEsim,
  findEsimOrder,
  insertCancellationRequest,
  listPendingCancellations,
  markEsimCancelled,
} from "./cancellation.repo.ts";
import { type EsimRow, findEsimById, findUserEsimView, listEsimBundles } from "./esims.repo.ts";

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
    if (inserted) await queueCancellationEmail(tx, deps, { requestId: inserted.id, step: "requested" });
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

/**
 * The operator cancels an unused eSIM of an order on the customer's behalf (the order page's action, e.g. bought for
 * the wrong country): a request is opened for it, with no 24-hour limit since the operator decides, and answered for
 * the approval that follows. The eSIM must still be New on its first plan (the upstream cancels nothing else). An eSIM
 * that already has a request answers that one, whatever its state.
 */
export async function openCancellationForOperator(
  deps: AppDeps,
  options: { orderId: string; esimId: string },
): Promise<CancellationRequestRow> {
  const esim = await findEsimById(deps.db, options.esimId);
  if (!esim || esim.orderId !== options.orderId) throw new AppError("NOT_FOUND", { message: "No such eSIM." });
  const existing = await findCancellationRequestByEsim(deps.db, esim.id);
  if (existing) return existing;
  const [order, bundles] = await Promise.all([findEsimOrder(deps.db, esim.orderId), listEsimBundles(deps.db, esim.id)]);
  if (!order || esim.status !== "New" || bundles.length > 1) {
    throw new AppError("CANCELLATION_NOT_ALLOWED", {
      message: "Only an eSIM never installed, on its first plan, can be cancelled upstream.",
    });
  }
  const now = deps.now();
  const inserted = await insertCancellationRequest(deps.db, {
    esimId: esim.id,
    orderId: esim.orderId,
    userId: esim.userId,
    reason: null,
    refundDzdMinor: Math.round(order.chargeDzdMinor / order.quantity),
    requestedAt: now,
    createdAt: now,
    updatedAt: now,
  });
  // A concurrent click (or the traveller's own request) won the insert: answer that one.
  return inserted ?? (await findCancellationRequestByEsim(deps.db, esim.id))!;
}

export type CancellationDecision =
  | { outcome: "approved" | "refused"; request: CancellationRequestRow; iccid: string | null; orderNumber: string }
  | { outcome: "already_decided"; request: CancellationRequestRow; iccid: string | null; orderNumber: string }
  | { outcome: "unknown" };

/** A request found by its id or its eSIM's ICCID (an eSIM whose ICCID is still to come: by id only), for a decision. */
export async function findCancellationToDecide(deps: AppDeps, idOrIccid: string) {
  return findCancellationForDecision(deps.db, idOrIccid);
}

/**
 * Records an approval in the caller's transaction (the orders module's approval flow, after the upstream cancelled the
 * profile): pending → approved, the eSIM Canceled, the audit entry, the traveller's email queued (with the operator's
 * words when given). Undefined when it was decided already.
 */
export async function recordCancellationApproval(
  tx: DbOrTx,
  deps: Pick<AppDeps, "config">,
  options: { requestId: string; esimId: string; now: Date; reason?: string | null; actor?: AuditActor },
): Promise<CancellationRequestRow | undefined> {
  const row = await decideCancellation(tx, options.requestId, {
    status: "approved",
    refusalReason: null,
    now: options.now,
  });
  if (!row) return undefined;
  await markEsimCancelled(tx, options.esimId, options.now);
  const note = options.reason?.trim() || null;
  await auditDecision(tx, { row, reason: note, actor: options.actor ?? COMMAND_LINE_ACTOR, now: options.now });
  await queueCancellationEmail(tx, deps, { requestId: row.id, step: "approved", note });
  return row;
}

/** The decision's audit entry, in the decision's transaction: pending → approved/refused, with the reason given. */
async function auditDecision(
  tx: DbOrTx,
  options: { row: CancellationRequestRow; reason: string | null; actor: AuditActor; now: Date },
): Promise<void> {
  const { row } = options;
  await recordAudit(tx, {
    operatorId: options.actor.operatorId,
    action: `cancellation.${row.status}`,
    entityType: "cancellation_request",
    entityId: row.id,
    before: { status: "pending" },
    after: { status: row.status, reason: options.reason, refundDzdMinor: row.refundDzdMinor, orderId: row.orderId },
    ip: options.actor.ip,
    now: options.now,
  });
}

/** Queues one step's email: "requested" to the operator, "approved"/"refused" to the traveller (if still there). */
async function queueCancellationEmail(
  tx: DbOrTx,
  deps: Pick<AppDeps, "config">,
  options: { requestId: string; step: "requested" | "approved" | "refused"; note?: string | null },
): Promise<void> {
  const data = await findCancellationEmailData(tx, options.requestId);
  if (!data) return;
  const publicUrl = deps.config.PUBLIC_URL;
  const key = `cancellation:${options.step}:${options.requestId}`;
  if (options.step === "requested") {
    await queueEmail(tx, {
      key,
      message: await buildOperatorEmail(data, deps.config.OPERATOR_EMAIL, publicUrl),
      publicUrl,
    });
    return;
  }
  const to = data.user?.deletedAt ? null : data.user?.email;
  if (!to) return;
  await queueEmail(tx, {
    key,
    message: await buildDecisionEmail(data, { to, publicUrl, note: options.note ?? null }),
    publicUrl,
  });
}

/** The operator refuses a request with a reason the traveller reads (emailed, and shown on /details). Audited. */
export async function refuseCancellation(
  deps: AppDeps,
  options: { idOrIccid: string; reason: string; actor?: AuditActor },
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
    if (!row) return undefined;
    await auditDecision(tx, { row, reason: row.refusalReason, actor: options.actor ?? COMMAND_LINE_ACTOR, now });
    await queueCancellationEmail(tx, deps, { requestId: row.id, step: "refused" });
    return row;
  });
  if (!decided) return refuseCancellation(deps, options);
  return { outcome: "refused", request: decided, iccid: esim.iccid, orderNumber };
}

export async function listCancellationsToDecide(deps: AppDeps) {
  return listPendingCancellations(deps.db);
}
