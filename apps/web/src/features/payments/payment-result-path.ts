import type { OrderStatus, PaymentStatus } from "@esim/shared/statuses";

/**
 * The screen that shows a payment in this state: the result pages, the callback page that follows a pending one,
 * and for a payment the payer cancelled on the gateway's page the summary again, with the same cart (a cancel is
 * not a failure).
 */
export const RESULT_PATH_OF_STATUS = {
  successful: "/success",
  failed: "/failure",
  canceled: "/summary",
  pending: "/payment-callback",
} as const satisfies Record<PaymentStatus, string>;

export type ResultPath = (typeof RESULT_PATH_OF_STATUS)[PaymentStatus];

/**
 * Orders whose money reached the gateway, whatever the payment says: on_hold (a payment that does not match the
 * order, left pending for an operator) and refund_due. Waiting for them on the callback page would never end; the
 * success page says what happens next.
 */
const ORDER_STATUSES_PAST_PAYMENT: ReadonlySet<OrderStatus> = new Set(["on_hold", "refund_due"]);

/** The screen for a payment as the server reports it, with its order's status. */
export function resultPathOf(payment: { status: PaymentStatus; orderStatus: OrderStatus }): ResultPath {
  return ORDER_STATUSES_PAST_PAYMENT.has(payment.orderStatus) ? "/success" : RESULT_PATH_OF_STATUS[payment.status];
}
