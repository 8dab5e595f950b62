import type { AdminOrderDetail, AdminOrderSummary, OrderTimelineItem } from "@esim/shared/admin/orders-contract";
import { toDisplayText } from "@esim/shared/display-text";
import { isOneOf, ORDER_STATUSES } from "@esim/shared/statuses";
import type { searchOrderRows } from "./orders-admin.repo.ts";
import type { OrderDetail } from "./orders-admin.service.ts";

const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);

export function presentOrderSummary(row: Awaited<ReturnType<typeof searchOrderRows>>[number]): AdminOrderSummary {
  return {
    number: row.number,
    status: row.status,
    attentionKind: row.attentionKind,
    createdAt: row.createdAt.toISOString(),
    email: row.billing.email,
    planName: row.planName,
    destinationCode: row.destinationCode,
    quantity: row.quantity,
    chargeDzdMinor: row.chargeDzdMinor,
    rejectedBy: row.rejectedBy,
  };
}

/** Every source of the order's story as one list, oldest first (ties keep the sources' own order). */
function timelineOf(detail: OrderDetail): OrderTimelineItem[] {
  const items: OrderTimelineItem[] = [
    ...detail.events.map(
      (event): OrderTimelineItem => ({
        kind: "status",
        at: event.createdAt.toISOString(),
        event: event.event,
        fromStatus: isOneOf(ORDER_STATUSES, event.fromStatus) ? event.fromStatus : null,
        toStatus: event.toStatus,
        cause: event.cause,
        actor: event.actor,
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

export function presentOrderDetail(detail: OrderDetail): AdminOrderDetail {
  const { order, payment, refund } = detail;
  const job = detail.jobs.find((candidate) => candidate.task === "provision-order");
  const hasAccount = order.userId !== null;
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
    plan: {
      name: detail.package.name,
      upstreamCode: detail.package.upstreamCode,
      destinationCode: detail.destination.code,
    },
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
      lastError: order.lastProvisioningError,
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
        by: sent.actor,
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
    timeline: timelineOf(detail),
  };
}
