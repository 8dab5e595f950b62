import { isolate } from "@esim/shared/bidi";
import type { OrderRejectingEvent } from "@esim/shared/checkout/contracts";
import type { OrderActorView, OrderHistoryEvent } from "@esim/shared/console/orders-contract";
import {
  hasTakenMoney,
  isAwaitingPayment,
  type OrderAttentionKind,
  type OrderStatus,
  type PaymentStatus,
} from "@esim/shared/statuses";
import type { MessageId, Translate } from "../lib/i18n.ts";

// The words of an order's states in the console (operators' words, not the traveller's).

export const ORDER_STATUS_LABEL: Record<OrderStatus, MessageId> = {
  not_paid: "console.orders.status.not_paid",
  pending: "console.orders.status.pending",
  confirmed: "console.orders.status.confirmed",
  delivered: "console.orders.status.delivered",
  rejected: "console.orders.status.rejected",
  on_hold: "console.orders.status.on_hold",
  refund_due: "console.orders.status.refund_due",
  refunded: "console.orders.status.refunded",
};

/** How a rejected order ended unpaid: a declined card is not a checkout its payer cancelled or let lapse. */
export const ORDER_ENDING_LABEL: Record<OrderRejectingEvent, MessageId> = {
  payment_failed: "console.orders.ending.payment_failed",
  payment_canceled: "console.orders.ending.payment_canceled",
  checkout_lapsed: "console.orders.ending.checkout_lapsed",
  customer_cancelled: "console.orders.ending.customer_cancelled",
};

/** An order's status in words, a rejected one by how it ended (the generic word for one rejected before we kept it). */
export function orderStatusLabel(status: OrderStatus, rejectedBy: OrderRejectingEvent | null): MessageId {
  return status === "rejected" && rejectedBy ? ORDER_ENDING_LABEL[rejectedBy] : ORDER_STATUS_LABEL[status];
}

/** The words before the order's amount: charged only once the money was taken, never for an unpaid order. */
export function chargeLabel(status: OrderStatus): MessageId {
  if (hasTakenMoney(status)) return "console.orders.field.charged";
  return isAwaitingPayment(status) ? "console.orders.field.toPay" : "console.orders.field.notCharged";
}

export const ATTENTION_LABEL: Record<OrderAttentionKind, MessageId> = {
  amount_mismatch: "console.orders.attention.amount_mismatch",
  provisioning_failed: "console.orders.attention.provisioning_failed",
  delivery_overdue: "console.orders.attention.delivery_overdue",
  late_payment: "console.orders.attention.late_payment",
  awaiting_upstream_balance: "console.orders.attention.awaiting_upstream_balance",
};

export const PAYMENT_STATUS_LABEL: Record<PaymentStatus, MessageId> = {
  pending: "console.orders.payment.pending",
  successful: "console.orders.payment.successful",
  failed: "console.orders.payment.failed",
  canceled: "console.orders.payment.canceled",
};

/** Badge colours by status: waiting amber, done green, declined red, ended unpaid otherwise or refunded grey. */
export function statusTone(status: OrderStatus, rejectedBy: OrderRejectingEvent | null = null): string {
  if (status === "delivered") return "bg-emerald-50 text-emerald-800 ring-emerald-200";
  if (status === "confirmed" || status === "on_hold" || status === "refund_due") {
    return "bg-amber-50 text-amber-900 ring-amber-200";
  }
  if (status === "rejected" && (rejectedBy === null || rejectedBy === "payment_failed")) {
    return "bg-red-50 text-red-800 ring-red-200";
  }
  return "bg-slate-100 text-slate-700 ring-slate-200";
}

/** What a line of the order's history tells, in words (a flag and an unknown event are worded by the timeline). */
export const HISTORY_EVENT_LABEL: Record<Exclude<OrderHistoryEvent, "flagged" | "other">, MessageId> = {
  created: "console.orders.timeline.event.created",
  checkout_opened: "console.orders.timeline.event.checkout_opened",
  paid: "console.orders.timeline.event.paid",
  payment_mismatched: "console.orders.timeline.event.payment_mismatched",
  payment_failed: "console.orders.timeline.event.payment_failed",
  payment_canceled: "console.orders.timeline.event.payment_canceled",
  checkout_lapsed: "console.orders.timeline.event.checkout_lapsed",
  customer_cancelled: "console.orders.timeline.event.customer_cancelled",
  delivered: "console.orders.timeline.event.delivered",
  held_payment_accepted: "console.orders.timeline.event.held_payment_accepted",
  refund_decided: "console.orders.timeline.event.refund_decided",
  refund_recorded: "console.orders.timeline.event.refund_recorded",
  esims_cancelled: "console.orders.timeline.event.esims_cancelled",
  held_money_refund_owed: "console.orders.timeline.event.held_money_refund_owed",
  refund_refused: "console.orders.timeline.event.refund_refused",
};

/** Who did it, in words: "the customer", "operator nadia@…", "the command line", "the payment gateway chargily". */
export function actorText(actor: OrderActorView, t: Translate): string {
  switch (actor.kind) {
    case "customer":
      return t("console.orders.actor.customer");
    case "operator":
      return actor.name
        ? t("console.orders.actor.operator", { name: isolate(actor.name) })
        : t("console.orders.actor.operatorUnknown");
    case "commandLine":
      return t("console.audit.commandLine");
    case "gateway":
      // The local test double has no brand to name: it reads as the test gateway.
      if (actor.name === "sandbox") return t("console.orders.gateway.sandbox");
      return t("console.orders.actor.gateway", {
        name: isolate(actor.name === "chargily" ? t("console.orders.gateway.chargily") : (actor.name ?? "")),
      });
    case "system":
      return t("console.orders.actor.system");
  }
}

/** A payment gateway named in the console's words ("sandbox" is the local test double, not a word to show). */
export function gatewayLabel(provider: string): MessageId {
  if (provider === "chargily") return "console.orders.gateway.chargily";
  if (provider === "sandbox") return "console.orders.gateway.sandbox";
  return "console.orders.gateway.other";
}

const GATEWAY_EVENT_LABEL: Record<string, MessageId> = {
  "checkout.paid": "console.orders.gatewayEvent.paid",
  "checkout.failed": "console.orders.gatewayEvent.failed",
  "checkout.canceled": "console.orders.gatewayEvent.canceled",
  "checkout.expired": "console.orders.gatewayEvent.expired",
};

/** A gateway's webhook event in words; its code stays for support. */
export function gatewayEventLabel(eventType: string | null): MessageId {
  return (eventType && GATEWAY_EVENT_LABEL[eventType]) || "console.orders.gatewayEvent.other";
}
