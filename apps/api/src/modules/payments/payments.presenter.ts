import type { OrderRow } from "../orders/index.ts";
import type { PaymentRow } from "./payments.repo.ts";

/** The answer of GET /payments/:paymentId. */
export function presentPayment({ payment, order }: { payment: PaymentRow; order: OrderRow }) {
  return {
    data: {
      id: payment.id,
      status: payment.status,
      orderId: order.id,
      orderNumber: order.number,
      orderStatus: order.status,
      chargeDzdMinor: order.chargeDzdMinor,
    },
  };
}
