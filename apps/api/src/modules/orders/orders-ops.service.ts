import type { DbOrTx } from "../../db/client.ts";
import type { AppDeps } from "../../lib/deps.ts";
import { findJobsByKeys } from "../../lib/job-queue.ts";
import { COMMAND_LINE_ACTOR, type DecisionActor } from "../esims/index.ts";
import { issueInvoice } from "../invoices/index.ts";
import { listOrderEmails } from "../mail-outbox/index.ts";
import { recordAudit } from "../operators/index.ts";
import { applyOrderEvent, type OrderActor, type OrderEvent, type OrderRow } from "./order-lifecycle.ts";
import {
  findOrderViewByNumber,
  listFlaggedOrders,
  listOrderEsims,
  listOrderEvents,
  listRefundsDue,
  lockOrder,
} from "./orders.repo.ts";
import { queueProvisioning } from "./provisioning.service.ts";
import { queueRefundDecisionEmail } from "./refund-decision-email.ts";

// The operator's actions on orders (`npm run ops`; later the console): every one goes through the lifecycle, so it is
// on the order's history with who did it.

const LIST_LIMIT = 200;

/**
 * Everything the operator needs about one order: status, amounts, payment, eSIMs, attention flag, its history (every
 * status change and flag with cause and actor), its jobs and its emails.
 */
export async function showOrder(deps: AppDeps, options: { number: string }) {
  const view = await findOrderViewByNumber(deps.db, options.number);
  if (!view) return undefined;
  const orderId = view.order.id;
  const [esims, jobs, events, emails] = await Promise.all([
    listOrderEsims(deps.db, [view.order]),
    findJobsByKeys(deps.db, [orderId]),
    listOrderEvents(deps.db, orderId),
    listOrderEmails(deps.db, orderId),
  ]);
  return { ...view, esims: esims.get(orderId) ?? [], jobs, events, emails };
}

/** What needs the operator: flagged orders (oldest flag first) and the refunds owed. */
export async function listOrdersNeedingAttention(deps: AppDeps) {
  const [flagged, refundsDue] = await Promise.all([
    listFlaggedOrders(deps.db, LIST_LIMIT),
    listRefundsDue(deps.db, LIST_LIMIT),
  ]);
  return { flagged, refundsDue };
}

export type OperatorActionOutcome =
  | { outcome: "done"; order: OrderRow }
  | { outcome: "unknown_order" }
  | { outcome: "refused"; status: string };

/** Applies an operator's event to the order of this number; refused when the lifecycle does not allow it. */
async function applyOperatorEvent(
  deps: AppDeps,
  options: { number: string; event: OrderEvent; cause: string; actor: OrderActor },
  afterwards?: (tx: DbOrTx, order: OrderRow, previous: OrderRow) => Promise<void>,
): Promise<OperatorActionOutcome> {
  const view = await findOrderViewByNumber(deps.db, options.number);
  if (!view) return { outcome: "unknown_order" };
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const order = await applyOrderEvent(tx, {
      orderId: view.order.id,
      event: options.event,
      cause: options.cause,
      actor: options.actor,
      now,
    });
    if (!order) return { outcome: "refused" as const, status: (await lockOrder(tx, view.order.id))?.status ?? "" };
    await afterwards?.(tx, order, view.order);
    return { outcome: "done" as const, order };
  });
}

/**
 * Queues provisioning again for a paid, undelivered order (after its retries ran out); refuses any other order, so
 * nothing unpaid is ever provisioned. Safe to repeat: the upstream order is keyed on the order id and eSIMs on their
 * upstream reference.
 */
export async function retryProvisioning(deps: AppDeps, options: { number: string }): Promise<OperatorActionOutcome> {
  const view = await findOrderViewByNumber(deps.db, options.number);
  if (!view) return { outcome: "unknown_order" };
  return deps.db.transaction(async (tx) => {
    const order = await lockOrder(tx, view.order.id);
    if (order?.status !== "confirmed") return { outcome: "refused" as const, status: order?.status ?? "" };
    await queueProvisioning(tx, order.id);
    return { outcome: "done" as const, order };
  });
}

/** A held payment checked and accepted: confirmed, invoiced and provisioned like any paid order. */
export async function acceptHeldPayment(deps: AppDeps, options: { number: string; note: string; actor: OrderActor }) {
  return applyOperatorEvent(
    deps,
    { number: options.number, event: "held_payment_accepted", cause: options.note, actor: options.actor },
    async (tx, order) => {
      await issueInvoice(tx, order.id, deps.now(), deps.config);
      await queueProvisioning(tx, order.id);
    },
  );
}

/**
 * The money of a held or undeliverable order goes back: it joins the refund queue (refund_due), audited in the same
 * transaction (`decidedBy`: the console's operator; the command line without). With `tellCustomer` the traveller is
 * emailed in their language with the reason as typed.
 */
export async function decideRefund(
  deps: AppDeps,
  options: {
    number: string;
    reason: string;
    actor: OrderActor;
    decidedBy?: DecisionActor;
    tellCustomer?: boolean;
  },
) {
  return applyOperatorEvent(
    deps,
    { number: options.number, event: "refund_decided", cause: options.reason, actor: options.actor },
    async (tx, order, previous) => {
      const decidedBy = options.decidedBy ?? COMMAND_LINE_ACTOR;
      await recordAudit(tx, {
        operatorId: decidedBy.operatorId,
        action: "refund.approved",
        entityType: "order",
        entityId: order.id,
        before: { status: previous.status },
        after: { status: order.status, reason: options.reason, amountDzdMinor: order.chargeDzdMinor },
        ip: decidedBy.ip,
        now: order.updatedAt,
      });
      if (options.tellCustomer) {
        await queueRefundDecisionEmail(tx, deps, { order, decision: "approved", reason: options.reason });
      }
    },
  );
}

/** A refund made outside (Chargily has no refund API) is recorded with its method and reference: refunded. */
export async function recordRefund(
  deps: AppDeps,
  options: { number: string; method: string; reference: string; actor: OrderActor },
) {
  return applyOperatorEvent(deps, {
    number: options.number,
    event: "refund_recorded",
    cause: `refunded by ${options.method}, reference ${options.reference}`,
    actor: options.actor,
  });
}
