import { REFUND_PROMISE_DAYS, type RefundQueueItem } from "@esim/shared/console/refunds-contract";
import { AppError } from "../../lib/app-error.ts";
import type { AppDeps } from "../../lib/deps.ts";
import { type AuditActor, recordAudit } from "../operators/index.ts";
import { clearOrderFlag } from "./order-lifecycle.ts";
import { findOrderViewById, listOrderEvents } from "./orders.repo.ts";
import { decideRefund } from "./orders-console.service.ts";
import { queueProvisioning } from "./provisioning.service.ts";
import { queueRefundDecisionEmail } from "./refund-decision.mails.ts";
import { listUndeliveredFlagged } from "./refund-decisions.repo.ts";
import { listRefundsOwed } from "./refunds.ts";

// The console's refunds for technical failures (decision 037): a paid order whose eSIMs could not be delivered is
// refunded (approved: refund_due, made outside and recorded) or kept (refused: delivery goes on), the traveller told
// why in their language. The shop promises the money back within REFUND_PROMISE_DAYS of the payment.

const DAY_MS = 24 * 60 * 60 * 1000;
const QUEUE_LIMIT = 200;
const DELIVERY_FLAGS = ["provisioning_failed", "delivery_overdue"] as const;
/** The history line of a refund refused: the order stays paid, its delivery goes on. */
const REFUSED_EVENT = "refund_refused";

type QueueRow = Awaited<ReturnType<typeof listUndeliveredFlagged>>[number];

function presentRefund(row: QueueRow, since: Date, now: Date, amountDzdMinor?: number): RefundQueueItem {
  const { order } = row;
  const paidAt = order.confirmedAt ?? order.createdAt;
  const deadline = new Date(paidAt.getTime() + REFUND_PROMISE_DAYS * DAY_MS);
  return {
    orderId: order.id,
    orderNumber: order.number,
    email: row.deletedAt ? null : row.email,
    language: row.language ?? "fr",
    amountDzdMinor: amountDzdMinor ?? order.chargeDzdMinor,
    attentionKind: order.attentionKind,
    attentionReason: order.attentionReason,
    since: since.toISOString(),
    ageMinutes: Math.max(0, Math.floor((now.getTime() - since.getTime()) / 60_000)),
    deadline: deadline.toISOString(),
    isOverdue: deadline <= now,
  };
}

/**
 * Undelivered paid orders to decide (oldest flag first) and the refunds owed as the ledger says, with what is still
 * owed (oldest debt first): an eSIM cancelled while others remain, a partial refund's rest, a failed delivery's.
 */
export async function listRefundQueue(deps: Pick<AppDeps, "db" | "now">) {
  const now = deps.now();
  const [toDecide, owed] = await Promise.all([
    listUndeliveredFlagged(deps.db, QUEUE_LIMIT),
    listRefundsOwed(deps, QUEUE_LIMIT),
  ]);
  return {
    refundsToDecide: toDecide.map((row) => presentRefund(row, row.order.attentionAt ?? row.order.updatedAt, now)),
    refundsOwed: owed.map((row) => presentRefund(row, row.since, now, row.owedDzdMinor)),
  };
}

export interface RefundDecisionResult {
  orderId: string;
  orderNumber: string;
  decision: "approved" | "refused";
  status: string;
}

async function findOrder(deps: Pick<AppDeps, "db">, orderId: string) {
  const view = await findOrderViewById(deps.db, orderId);
  if (!view) throw new AppError("NOT_FOUND", { message: "No such order." });
  return view.order;
}

/**
 * Refunds a paid, undelivered order (the same decideRefund as `order:refund`): refund_due, audited, the traveller
 * emailed with the reason. Idempotent: an order already owed or refunded answers as it is; any other is
 * ALREADY_DECIDED.
 */
export async function approveTechnicalRefund(
  deps: AppDeps,
  options: { orderId: string; reason: string; decidedBy: AuditActor },
): Promise<RefundDecisionResult> {
  const order = await findOrder(deps, options.orderId);
  const result = await decideRefund(deps, {
    number: order.number,
    reason: options.reason,
    actor: `operator:${options.decidedBy.operatorId ?? "cli"}`,
    decidedBy: options.decidedBy,
    tellCustomer: true,
  });
  if (result.outcome === "done") {
    return { orderId: order.id, orderNumber: order.number, decision: "approved", status: result.order.status };
  }
  if (result.outcome === "refused" && (result.status === "refund_due" || result.status === "refunded")) {
    return { orderId: order.id, orderNumber: order.number, decision: "approved", status: result.status };
  }
  throw new AppError("ALREADY_DECIDED", { message: `The order is ${order.status}: no refund to decide.` });
}

/**
 * No refund: the order stays paid and its delivery goes on (provisioning queued again, the flag cleared with a history
 * line), audited, the traveller told why. Idempotent: a second refusal of the same order changes nothing.
 */
export async function refuseTechnicalRefund(
  deps: AppDeps,
  options: { orderId: string; reason: string; decidedBy: AuditActor },
): Promise<RefundDecisionResult> {
  const order = await findOrder(deps, options.orderId);
  const now = deps.now();
  const actor = `operator:${options.decidedBy.operatorId ?? "cli"}`;
  const kept = await deps.db.transaction(async (tx) => {
    const row = await clearOrderFlag(tx, {
      orderId: order.id,
      status: "confirmed",
      kinds: DELIVERY_FLAGS,
      event: REFUSED_EVENT,
      cause: options.reason,
      actor,
      now,
    });
    if (!row) return undefined;
    await queueProvisioning(tx, row.id);
    await recordAudit(tx, {
      operatorId: options.decidedBy.operatorId,
      action: "refund.refused",
      entityType: "order",
      entityId: row.number,
      before: { status: row.status, attentionKind: order.attentionKind },
      after: { status: row.status, attentionKind: null, reason: options.reason },
      ip: options.decidedBy.ip,
      now,
    });
    await queueRefundDecisionEmail(tx, deps, { order: row, decision: "refused", reason: options.reason });
    return row;
  });
  if (kept) return { orderId: order.id, orderNumber: order.number, decision: "refused", status: kept.status };
  // Refused already (a double click): the latest line of its history says so.
  const latest = (await listOrderEvents(deps.db, order.id)).at(-1);
  if (latest?.event === REFUSED_EVENT) {
    return { orderId: order.id, orderNumber: order.number, decision: "refused", status: latest.toStatus };
  }
  throw new AppError("ALREADY_DECIDED", { message: `The order is ${order.status}: no refund to decide.` });
}
