import type { OrderRejectingEvent } from "@esim/shared/checkout/contracts";
import {
  hasTakenMoney,
  isAwaitingPayment,
  type OrderAttentionKind,
  type OrderStatus,
  type PaymentStatus,
} from "@esim/shared/statuses";
import type { MessageId } from "../lib/i18n.ts";

// The words of an order's states in the console (operators' words, not the traveller's).

export const ORDER_STATUS_LABEL: Record<OrderStatus, MessageId> = {
  not_paid: "admin.orders.status.not_paid",
  pending: "admin.orders.status.pending",
  confirmed: "admin.orders.status.confirmed",
  delivered: "admin.orders.status.delivered",
  rejected: "admin.orders.status.rejected",
  on_hold: "admin.orders.status.on_hold",
  refund_due: "admin.orders.status.refund_due",
  refunded: "admin.orders.status.refunded",
};

/** How a rejected order ended unpaid: a declined card is not a checkout its payer cancelled or let lapse. */
export const ORDER_ENDING_LABEL: Record<OrderRejectingEvent, MessageId> = {
  payment_failed: "admin.orders.ending.payment_failed",
  payment_canceled: "admin.orders.ending.payment_canceled",
  checkout_lapsed: "admin.orders.ending.checkout_lapsed",
  customer_cancelled: "admin.orders.ending.customer_cancelled",
};

/** An order's status in words, a rejected one by how it ended (the generic word for one rejected before we kept it). */
export function orderStatusLabel(status: OrderStatus, rejectedBy: OrderRejectingEvent | null): MessageId {
  return status === "rejected" && rejectedBy ? ORDER_ENDING_LABEL[rejectedBy] : ORDER_STATUS_LABEL[status];
}

/** The words before the order's amount: charged only once the money was taken, never for an unpaid order. */
export function chargeLabel(status: OrderStatus): MessageId {
  if (hasTakenMoney(status)) return "admin.orders.field.charged";
  return isAwaitingPayment(status) ? "admin.orders.field.toPay" : "admin.orders.field.notCharged";
}

export const ATTENTION_LABEL: Record<OrderAttentionKind, MessageId> = {
  amount_mismatch: "admin.orders.attention.amount_mismatch",
  provisioning_failed: "admin.orders.attention.provisioning_failed",
  delivery_overdue: "admin.orders.attention.delivery_overdue",
  late_payment: "admin.orders.attention.late_payment",
};

export const PAYMENT_STATUS_LABEL: Record<PaymentStatus, MessageId> = {
  pending: "admin.orders.payment.pending",
  successful: "admin.orders.payment.successful",
  failed: "admin.orders.payment.failed",
  canceled: "admin.orders.payment.canceled",
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
