import { randomUUID } from "node:crypto";
import type { RefundMethod } from "@esim/shared/ledger/vocabulary";
import type { AutomaticRefundReason } from "@esim/shared/orders/refunds";
import type { OrderStatus } from "@esim/shared/statuses";
import type { DbOrTx } from "../../db/client.ts";
import type { AppDeps } from "../../lib/deps.ts";
import { findJobsByKeys } from "../../lib/job-queue.ts";
import { issueInvoice } from "../invoices/index.ts";
import { getOrderMoney, postMovement } from "../ledger/index.ts";
import { listOrderEmails } from "../mail-outbox/index.ts";
import { type AuditActor, COMMAND_LINE_ACTOR, recordAudit } from "../operators/index.ts";
import { settleOrderCredit } from "../store-credit/index.ts";
import { automaticRefundDocumentReason, queueAutomaticRefundEmail } from "./automatic-refund.mails.ts";
import { queueInstallEmail } from "./install.mails.ts";
import { applyOrderEvent, clearOrderFlag, type OrderActor, type OrderEvent, type OrderRow } from "./order-lifecycle.ts";
import {
  findOrderById,
  findOrderViewByNumber,
  listFlaggedOrders,
  listOrderEsims,
  listOrderEvents,
  lockOrder,
} from "./orders.repo.ts";
import { SECOND_PAY_LINK_PAYMENT } from "./payment-outcomes.ts";
import { queueProvisioning } from "./provisioning.service.ts";
import { queueRefundDecisionEmail } from "./refund-decision.mails.ts";
import { getRefundState, heldRefundKey, listRefundsOwed, oweRefund, sendRefund, settleOrderRefund } from "./refunds.ts";

// The operator's actions on orders (`npm run console`; later the console): every one goes through the lifecycle, so it is
// on the order's history with who did it.

const LIST_LIMIT = 200;

/**
 * The audit entry of an operator's action on an order, in the change's transaction; the command line passes no actor
 * and is audited as the command line.
 */
async function auditOrderAction(
  tx: DbOrTx,
  audit: AuditActor = COMMAND_LINE_ACTOR,
  entry: { action: string; number: string; before: unknown; after: unknown; now: Date },
): Promise<void> {
  await recordAudit(tx, {
    operatorId: audit.operatorId,
    action: entry.action,
    entityType: "order",
    entityId: entry.number,
    before: entry.before,
    after: entry.after,
    ip: audit.ip,
    now: entry.now,
  });
}

/**
 * Everything the operator needs about one order: status, amounts, payment, eSIMs, attention flag, its history (every
 * status change and flag with cause and actor), its jobs, its emails and its refund (owed, sent, the customer's choice).
 */
export async function showOrder(deps: AppDeps, options: { number: string }) {
  const view = await findOrderViewByNumber(deps.db, options.number);
  if (!view) return undefined;
  const orderId = view.order.id;
  const [esims, jobs, events, emails, refund] = await Promise.all([
    listOrderEsims(deps.db, [view.order]),
    findJobsByKeys(deps.db, [orderId]),
    listOrderEvents(deps.db, orderId),
    listOrderEmails(deps.db, orderId),
    getRefundState(deps.db, view.order),
  ]);
  return { ...view, esims: esims.get(orderId) ?? [], jobs, events, emails, refund };
}

/**
 * What needs the operator: flagged orders (oldest flag first) and the refunds owed as the ledger says (oldest debt
 * first, with what is still owed), whatever the order's status (an eSIM cancelled while others remain is owed too).
 */
export async function listOrdersNeedingAttention(deps: AppDeps) {
  const [flagged, refundsDue] = await Promise.all([
    listFlaggedOrders(deps.db, LIST_LIMIT),
    listRefundsOwed(deps, LIST_LIMIT),
  ]);
  return { flagged, refundsDue };
}

export type OperatorActionOutcome =
  | { outcome: "done"; order: OrderRow }
  | { outcome: "unknown_order" }
  | { outcome: "refused"; status: string };

/**
 * Runs an operator's action on the order of this number, locked for the length of one transaction (concurrent actions
 * on it wait for each other); unknown_order when there is none.
 */
async function onLockedOrder(
  deps: AppDeps,
  number: string,
  act: (tx: DbOrTx, order: OrderRow) => Promise<OperatorActionOutcome>,
): Promise<OperatorActionOutcome> {
  const view = await findOrderViewByNumber(deps.db, number);
  if (!view) return { outcome: "unknown_order" };
  return deps.db.transaction(async (tx) => {
    const order = await lockOrder(tx, view.order.id);
    return order ? act(tx, order) : { outcome: "unknown_order" };
  });
}

/**
 * Applies an operator's event to the order of this number; refused when the lifecycle does not allow it, or when the
 * order is not in `onlyFrom` (an event the table allows from several statuses, decided on a page showing one).
 * `afterwards` sees the order as it was once locked.
 */
async function applyOperatorEvent(
  deps: AppDeps,
  options: { number: string; event: OrderEvent; cause: string; actor: OrderActor; onlyFrom?: OrderStatus },
  afterwards?: (tx: DbOrTx, order: OrderRow, previous: OrderRow) => Promise<void>,
): Promise<OperatorActionOutcome> {
  const now = deps.now();
  return onLockedOrder(deps, options.number, async (tx, previous) => {
    if (options.onlyFrom && previous.status !== options.onlyFrom) {
      return { outcome: "refused" as const, status: previous.status };
    }
    const order = await applyOrderEvent(tx, {
      orderId: previous.id,
      event: options.event,
      cause: options.cause,
      actor: options.actor,
      now,
    });
    if (!order) return { outcome: "refused" as const, status: previous.status };
    await afterwards?.(tx, order, previous);
    return { outcome: "done" as const, order };
  });
}

/**
 * Queues provisioning again for a paid, undelivered order (after its retries ran out); refuses any other order, so
 * nothing unpaid is ever provisioned. Safe to repeat: the upstream order is keyed on the order id and eSIMs on their
 * upstream reference.
 */
export async function retryProvisioning(
  deps: AppDeps,
  options: { number: string; audit?: AuditActor },
): Promise<OperatorActionOutcome> {
  return onLockedOrder(deps, options.number, async (tx, order) => {
    if (order.status !== "confirmed") return { outcome: "refused" as const, status: order.status };
    await queueProvisioning(tx, order.id);
    await auditOrderAction(tx, options.audit, {
      action: "order.provisioning_retried",
      number: order.number,
      before: {
        status: order.status,
        provisioningAttempts: order.provisioningAttempts,
        lastProvisioningError: order.lastProvisioningError,
        attentionKind: order.attentionKind,
      },
      after: { provisioningQueued: true },
      now: deps.now(),
    });
    return { outcome: "done" as const, order };
  });
}

/**
 * Queues the install details of a delivered order again (to the account's email), once per `requestKey`: the same key
 * twice sends one email. Refused for an order not delivered, or whose buyer deleted the account.
 */
export async function resendInstallEmail(
  deps: AppDeps,
  options: { number: string; requestKey: string; audit?: AuditActor },
): Promise<OperatorActionOutcome> {
  return onLockedOrder(deps, options.number, async (tx, order) => {
    if (order.status !== "delivered") return { outcome: "refused" as const, status: order.status };
    const key = `install:${order.id}:resend:${options.requestKey}`;
    const isQueued = await queueInstallEmail(tx, { orderId: order.id, publicUrl: deps.config.PUBLIC_URL, key });
    if (!isQueued) {
      const emails = await listOrderEmails(tx, order.id);
      // Queued already by this very request (a double click): done once, nothing more.
      if (emails.some((email) => email.key === key)) return { outcome: "done" as const, order };
      return { outcome: "refused" as const, status: "account_deleted" };
    }
    await auditOrderAction(tx, options.audit, {
      action: "order.install_email_resent",
      number: order.number,
      before: null,
      after: { emailKey: key },
      now: deps.now(),
    });
    return { outcome: "done" as const, order };
  });
}

/**
 * A held payment checked and accepted: confirmed, invoiced and provisioned like any paid order, audited with `audit`
 * (the console's operator; the command line without). Refused for an order not on hold, so it happens once.
 */
export async function acceptHeldPayment(
  deps: AppDeps,
  options: { number: string; note: string; actor: OrderActor; audit?: AuditActor },
) {
  return applyOperatorEvent(
    deps,
    { number: options.number, event: "held_payment_accepted", cause: options.note, actor: options.actor },
    async (tx, order, previous) => {
      // The money held becomes the sale, up to the card's part of the charge (the rest is the store credit it set
      // aside, spent now: decision 064); more than that stays held, to be given back.
      const { heldDzdMinor } = await getOrderMoney(tx, order.id);
      await settleOrderCredit(tx, {
        order,
        outcome: "spent",
        cause: options.note,
        actor: options.actor,
        now: order.updatedAt,
      });
      await postMovement(tx, {
        kind: "held_payment_accepted",
        key: `held-payment-accepted:${order.id}`,
        amountDzdMinor: Math.min(heldDzdMinor, order.chargeDzdMinor - order.creditAppliedDzdMinor),
        orderId: order.id,
        userId: order.userId,
        cause: options.note,
        actor: options.actor,
        now: order.updatedAt,
      });
      await issueInvoice(tx, order.id, deps.now(), deps.config);
      await queueProvisioning(tx, order.id);
      await auditOrderAction(tx, options.audit, {
        action: "order.held_payment_accepted",
        number: order.number,
        before: { status: previous.status, attentionKind: previous.attentionKind },
        after: { status: order.status, note: options.note },
        now: order.updatedAt,
      });
    },
  );
}

/**
 * The money of a held or undeliverable order goes back: it joins the refunds owed (refund_due) with an exact amount
 * owed on the ledger (oweRefund): a paid order's sale reversed (with its credit note), a held payment's money as held.
 * Audited in the same transaction (`decidedBy`: the console's operator; the command line without). With `tellCustomer`
 * the traveller is emailed in their language with the reason as typed.
 */
export async function decideRefund(
  deps: AppDeps,
  options: {
    number: string;
    reason: string;
    actor: OrderActor;
    decidedBy?: AuditActor;
    tellCustomer?: boolean;
    /** Only an order in this status (the console's refusal of a held payment: never one accepted meanwhile). */
    onlyFrom?: OrderStatus;
    /** Decided without an operator: the traveller's email and the credit note say why in their words. */
    automaticReason?: AutomaticRefundReason;
  },
) {
  return applyOperatorEvent(
    deps,
    {
      number: options.number,
      event: "refund_decided",
      cause: options.reason,
      actor: options.actor,
      onlyFrom: options.onlyFrom,
    },
    async (tx, order, previous) => {
      const money = await getOrderMoney(tx, order.id);
      const isHeld = previous.status === "on_hold";
      const amountDzdMinor = isHeld ? money.heldDzdMinor : money.soldDzdMinor - money.refundedDzdMinor;
      const key = isHeld ? await heldRefundKey(tx, order.id) : `refund-owed:technical:${order.id}`;
      if (key) {
        await oweRefund(tx, deps, {
          order,
          key,
          source: isHeld ? "held" : "sale",
          amountDzdMinor,
          reason: options.reason,
          ...(options.automaticReason
            ? { documentReason: automaticRefundDocumentReason(options.automaticReason) }
            : {}),
          actor: options.actor,
          now: order.updatedAt,
        });
      }
      const decidedBy = options.decidedBy ?? COMMAND_LINE_ACTOR;
      // A held order's store credit was never spent: the customer's again at once (decision 064); a paid order's
      // credit was spent with it, and nothing is reserved any more.
      await settleOrderCredit(tx, {
        order,
        outcome: "released",
        cause: options.reason,
        actor: options.actor,
        now: order.updatedAt,
      });
      await recordAudit(tx, {
        operatorId: decidedBy.operatorId,
        action: "refund.approved",
        entityType: "order",
        entityId: order.number,
        before: { status: previous.status },
        after: { status: order.status, reason: options.reason, amountDzdMinor },
        ip: decidedBy.ip,
        now: order.updatedAt,
      });
      if (options.tellCustomer && options.automaticReason) {
        await queueAutomaticRefundEmail(tx, deps, {
          order,
          reason: options.automaticReason,
          amountDzdMinor,
          isHeldMoney: isHeld,
        });
      } else if (options.tellCustomer) {
        // A held payment refused was taken but never accepted: its email says so, not that delivery failed.
        await queueRefundDecisionEmail(tx, deps, {
          order,
          decision: previous.status === "on_hold" ? "held_payment_refused" : "approved",
          reason: options.reason,
          amountDzdMinor,
          isHeldMoney: isHeld,
        });
      }
      await settleOrderRefund(tx, { order, cause: "nothing owed", actor: options.actor, now: order.updatedAt });
    },
  );
}

/** Who refunds a pay-for-me link's second payment (the order's history names it). */
export const PAY_LINK_REFUND_ACTOR = "system:pay-link";

/**
 * A pay-for-me link's second payment, held when it arrived (the settle-payment flow), is refunded at once without an
 * operator (decision 082): decided as an operator's refusal of a held payment would be, the refund owed in the ledger
 * and the traveller emailed. Anything else held is left to the operator. Idempotent: once decided it is not on hold.
 */
export async function refundSecondPayLinkPayment(deps: AppDeps, options: { orderId: string }): Promise<boolean> {
  const order = await findOrderById(deps.db, options.orderId);
  const isSecondPayment =
    order?.payLinkId && order.status === "on_hold" && order.attentionReason?.startsWith(SECOND_PAY_LINK_PAYMENT);
  if (!order || !isSecondPayment) return false;
  await decideRefund(deps, {
    number: order.number,
    reason: "A second payment for a pay-for-me link already paid: refunded automatically.",
    actor: PAY_LINK_REFUND_ACTOR,
    tellCustomer: true,
    automaticReason: "pay_link_second_payment",
    onlyFrom: "on_hold",
  });
  return true;
}

/**
 * Money held on an order that went on without it (a second checkout paid for a paid order, decision 061) is owed back
 * to the payer, the way it came: a refund owed of the whole amount held, the order's flag cleared, audited. Refused
 * for an order on hold (refuse its payment instead, decideRefund) or holding nothing. Idempotent per held payment.
 */
export async function refundHeldMoney(
  deps: AppDeps,
  options: { number: string; reason: string; actor: OrderActor; audit?: AuditActor },
): Promise<OperatorActionOutcome> {
  const now = deps.now();
  return onLockedOrder(deps, options.number, async (tx, order) => {
    const { heldDzdMinor } = await getOrderMoney(tx, order.id);
    const key = await heldRefundKey(tx, order.id);
    if (order.status === "on_hold" || heldDzdMinor <= 0 || !key) {
      return { outcome: "refused" as const, status: order.status };
    }
    await oweRefund(tx, deps, {
      order,
      key,
      source: "held",
      amountDzdMinor: heldDzdMinor,
      reason: options.reason,
      actor: options.actor,
      now,
    });
    await clearOrderFlag(tx, {
      orderId: order.id,
      status: order.status,
      kinds: ["amount_mismatch"],
      event: "held_money_refund_owed",
      cause: options.reason,
      actor: options.actor,
      now,
    });
    await auditOrderAction(tx, options.audit, {
      action: "order.held_money_refund_owed",
      number: order.number,
      before: { heldDzdMinor },
      after: { owedDzdMinor: (await getOrderMoney(tx, order.id)).owedDzdMinor, reason: options.reason },
      now,
    });
    return { outcome: "done" as const, order: (await lockOrder(tx, order.id)) ?? order };
  });
}

/**
 * A refund made outside (Chargily has no refund API) recorded with its amount (default: all that is still owed),
 * method and reference (decision 062): partial refunds leave the rest owed; the order is refunded only once nothing is
 * owed; the customer is emailed each time. More than is owed: REFUND_AMOUNT_TOO_HIGH; nothing owed: refused.
 * Idempotent on `requestKey` (the console draws one per form: a double click records one refund).
 */
export async function recordRefund(
  deps: AppDeps,
  options: {
    number: string;
    method: RefundMethod;
    reference: string;
    actor: OrderActor;
    amountDzdMinor?: number;
    requestKey?: string;
    audit?: AuditActor;
  },
): Promise<OperatorActionOutcome> {
  const now = deps.now();
  return onLockedOrder(deps, options.number, async (tx, order) => {
    const { owedDzdMinor } = await getOrderMoney(tx, order.id);
    const result = await sendRefund(tx, deps, {
      order,
      key: `refund-sent:${order.id}:${options.requestKey ?? randomUUID()}`,
      amountDzdMinor: options.amountDzdMinor ?? owedDzdMinor,
      method: options.method,
      reference: options.reference,
      actor: options.actor,
      now,
    });
    if (result.outcome === "nothing_owed") return { outcome: "refused" as const, status: order.status };
    if (result.isNew) {
      await auditOrderAction(tx, options.audit, {
        action: "order.refund_recorded",
        number: order.number,
        before: { status: order.status, owedDzdMinor },
        after: {
          status: result.order.status,
          owedDzdMinor: result.owedDzdMinor,
          amountDzdMinor: owedDzdMinor - result.owedDzdMinor,
          method: options.method,
          reference: options.reference,
        },
        now,
      });
    }
    return { outcome: "done" as const, order: result.order };
  });
}
