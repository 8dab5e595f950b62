import type { OrderAttentionKind, OrderStatus, PaymentStatus } from "@esim/shared/statuses";
import type { MessageId } from "../../../lib/i18n.ts";

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

/** Badge colours by status: waiting amber, done green, failed or refunded grey/red. */
export function statusTone(status: OrderStatus): string {
  if (status === "delivered") return "bg-emerald-50 text-emerald-800 ring-emerald-200";
  if (status === "confirmed" || status === "on_hold" || status === "refund_due") {
    return "bg-amber-50 text-amber-900 ring-amber-200";
  }
  if (status === "rejected") return "bg-red-50 text-red-800 ring-red-200";
  return "bg-slate-100 text-slate-700 ring-slate-200";
}
