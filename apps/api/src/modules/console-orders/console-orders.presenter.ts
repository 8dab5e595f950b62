import {
  type ConsoleOrderDetail,
  type ConsoleOrderSummary,
  ORDER_HISTORY_EVENTS,
  type OrderActorView,
  type OrderHistoryEvent,
  type OrderTimelineItem,
} from "@esim/shared/console/orders-contract";
import { toConsolePlan } from "@esim/shared/console/plan-view";
import { toDisplayText } from "@esim/shared/display-text";
import { isOneOf, ORDER_ATTENTION_KINDS, ORDER_STATUSES, type OrderAttentionKind } from "@esim/shared/statuses";
import { isUuid } from "../../lib/uuid.ts";
import type { searchOrderRows } from "./console-orders.repo.ts";
import type { OrderDetail } from "./console-orders.service.ts";

const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);

export function presentOrderSummary(row: Awaited<ReturnType<typeof searchOrderRows>>[number]): ConsoleOrderSummary {
  return {
    number: row.number,
    status: row.status,
    attentionKind: row.attentionKind,
    createdAt: row.createdAt.toISOString(),
    email: row.billing.email,
    plan: toConsolePlan(row.plan),
    quantity: row.quantity,
    chargeDzdMinor: row.chargeDzdMinor,
    rejectedBy: row.rejectedBy,
  };
}

/**
 * Who a history line names ("customer:<id>", "operator:<email>", "operator:<operator id>", "operator:cli",
 * "gateway:<name>", "worker", "sweep") as a kind the console words and a name it shows as is. An operator known by
 * id is named by the email the order's audit entries give it.
 */
function orderActorOf(actor: string, operatorEmails: ReadonlyMap<string, string> = new Map()): OrderActorView {
  const [kind, ...rest] = actor.split(":");
  const name = rest.join(":");
  if (kind === "customer") return { kind: "customer", name: null };
  if (kind === "gateway") return { kind: "gateway", name: name || null };
  if (kind === "operator") {
    if (name === "cli" || name === "") return { kind: "commandLine", name: null };
    return { kind: "operator", name: isUuid(name) ? (operatorEmails.get(name) ?? null) : name };
  }
  return { kind: "system", name: null };
}

/** Events whose cause is words an operator typed (a reason, a note): the only causes the console shows. */
const TYPED_CAUSE_EVENTS: ReadonlySet<string> = new Set([
  "held_payment_accepted",
  "refund_decided",
  "held_money_refund_owed",
  "refund_refused",
]);

/** A history line's event as the contract's code: its flag's kind apart, an event it does not know as "other". */
function historyEventOf(event: string): { event: OrderHistoryEvent; attentionKind: OrderAttentionKind | null } {
  if (event.startsWith("flagged:")) {
    const kind = event.slice("flagged:".length);
    return { event: "flagged", attentionKind: isOneOf(ORDER_ATTENTION_KINDS, kind) ? kind : null };
  }
  return { event: isOneOf(ORDER_HISTORY_EVENTS, event) ? event : "other", attentionKind: null };
}

/** Every source of the order's story as one list, oldest first (ties keep the sources' own order). */
function timelineOf(detail: OrderDetail, operatorEmails: ReadonlyMap<string, string>): OrderTimelineItem[] {
  const items: OrderTimelineItem[] = [
    ...detail.events.map(
      (event): OrderTimelineItem => ({
        kind: "status",
        at: event.createdAt.toISOString(),
        ...historyEventOf(event.event),
        fromStatus: isOneOf(ORDER_STATUSES, event.fromStatus) ? event.fromStatus : null,
        toStatus: event.toStatus,
        note: TYPED_CAUSE_EVENTS.has(event.event) ? toDisplayText(event.cause) : null,
        actor: orderActorOf(event.actor, operatorEmails),
      }),
    ),
    ...detail.webhooks.map(
      (webhook): OrderTimelineItem => ({
        kind: "webhook",
        at: webhook.createdAt.toISOString(),
        provider: webhook.provider,
        eventId: webhook.eventId,
        eventType: webhook.eventType,
      }),
    ),
    ...detail.esims
      .filter((esim) => esim.orderId === detail.order.id)
      .map((esim): OrderTimelineItem => ({ kind: "esim", at: esim.createdAt.toISOString(), iccid: esim.iccid })),
    ...detail.emails.map(
      (email): OrderTimelineItem => ({
        kind: "email",
        at: email.createdAt.toISOString(),
        key: email.key,
        to: email.to,
        subject: email.subject,
        status: email.status,
        sentAt: iso(email.sentAt),
        attempts: email.attempts,
        lastError: email.lastError,
      }),
    ),
    ...detail.audit.map(
      (entry): OrderTimelineItem => ({
        kind: "operator",
        at: entry.createdAt,
        action: entry.action,
        operatorEmail: entry.operatorEmail,
      }),
    ),
  ];
  return items
    .map((item, index) => ({ item, index, time: Date.parse(item.at) }))
    .sort((a, b) => a.time - b.time || a.index - b.index)
    .map(({ item }) => item);
}

/** Who paid the order and how: a relative's link, an auto top-up, store credit alone, or the customer's checkout. */
function paidByOf(detail: OrderDetail): NonNullable<ConsoleOrderDetail["paidBy"]> {
  const { order } = detail;
  const creditDzdMinor = order.creditAppliedDzdMinor;
  if (detail.payLinkPayer) {
    return {
      kind: "payLink",
      payerEmail: detail.payLinkPayer.payerEmail,
      creditDzdMinor,
      linkCreatedAt: detail.payLinkPayer.createdAt.toISOString(),
    };
  }
  const kind = detail.isAutoTopUp
    ? "autoTopUp"
    : creditDzdMinor > 0 && creditDzdMinor >= order.chargeDzdMinor
      ? "storeCredit"
      : "customer";
  return { kind, payerEmail: null, creditDzdMinor, linkCreatedAt: null };
}

export function presentOrderDetail(detail: OrderDetail): ConsoleOrderDetail {
  const { order, payment, refund } = detail;
  // A provisioning job delivers only a paid order waiting for it (confirmed); left queued for an order refunded or
  // being refunded meanwhile, it will end doing nothing, so it is not shown as a live delivery.
  const job =
    order.status === "confirmed" ? detail.jobs.find((candidate) => candidate.task === "provision-order") : undefined;
  const hasAccount = order.userId !== null;
  const operatorEmails = new Map(
    detail.audit.flatMap((entry) =>
      entry.operatorId && entry.operatorEmail ? [[entry.operatorId, entry.operatorEmail] as const] : [],
    ),
  );
  return {
    number: order.number,
    status: order.status,
    rejectedBy: detail.rejectedBy,
    kind: order.kind,
    attention: order.attentionKind
      ? { kind: order.attentionKind, reason: order.attentionReason, since: iso(order.attentionAt) }
      : null,
    createdAt: order.createdAt.toISOString(),
    paidAt: iso(order.confirmedAt),
    deliveredAt: iso(order.deliveredAt),
    customer: {
      userId: order.userId,
      email: order.billing.email,
      name: toDisplayText(order.billing.name),
      country: order.billing.country,
      language: detail.customerLanguage,
    },
    plan: { ...toConsolePlan(detail.package), upstreamCode: detail.package.upstreamCode },
    quantity: order.quantity,
    currency: order.currency,
    totalMinor: order.totalMinor,
    chargeDzdMinor: order.chargeDzdMinor,
    couponCode: detail.couponCode ?? null,
    payment: {
      id: payment.id,
      provider: payment.provider,
      method: payment.method,
      status: payment.status,
      providerReference: payment.providerReference,
      amountDzdMinor: payment.amountMinor,
      paidAt: iso(payment.paidAt),
    },
    provisioning: {
      attempts: order.provisioningAttempts,
      // An error from a try before the delivery is past (the attempts count stays), not the order's state.
      lastError: order.deliveredAt ? null : order.lastProvisioningError,
      upstreamOrderNo: order.upstreamOrderNo,
      job: job
        ? {
            attempts: job.attempts,
            maxAttempts: job.maxAttempts,
            runAt: job.runAt.toISOString(),
            isRunning: job.lockedAt !== null,
            lastError: job.lastError?.split("\n")[0] ?? null,
          }
        : null,
    },
    esims: detail.esims.map((esim) => ({
      id: esim.id,
      iccid: esim.iccid,
      status: esim.status,
      dataUsedBytes: esim.dataUsedBytes,
      dataTotalBytes: esim.dataTotalBytes,
      usageUpdatedAt: iso(esim.usageUpdatedAt),
      isCancellable: esim.status === "New" && (detail.bundles.get(esim.id) ?? 1) <= 1,
    })),
    refund: {
      totalOwedDzdMinor: refund.totalOwedDzdMinor,
      owedDzdMinor: refund.owedDzdMinor,
      heldDzdMinor: refund.heldDzdMinor,
      sent: refund.sent.map((sent) => ({
        amountDzdMinor: sent.amountDzdMinor,
        method: sent.method,
        reference: sent.reference,
        at: sent.at.toISOString(),
        by: orderActorOf(sent.actor, operatorEmails),
      })),
      choice: refund.choice
        ? {
            kind: refund.choice.kind,
            accountNumber: refund.choice.accountNumber,
            holderName: refund.choice.holderName,
            chosenAt: refund.choice.chosenAt.toISOString(),
          }
        : null,
    },
    actions: {
      canRetryProvisioning: order.status === "confirmed",
      canResendInstallEmail: order.status === "delivered" && hasAccount,
      canRecordRefund: refund.owedDzdMinor > 0,
      canDecideHeldPayment: order.status === "on_hold",
      canRefundHeldMoney: refund.heldDzdMinor > 0 && order.status !== "on_hold",
    },
    timeline: timelineOf(detail, operatorEmails),
    paidBy: paidByOf(detail),
  };
}
