import { refundSecondPayLinkPayment } from "../modules/orders/index.ts";
import type { OrderSubscriber } from "./order-subscriber.ts";

/**
 * A payment held on an order: when it is a pay-for-me link's second payment (its link paid by another order), it is
 * refunded at once and the traveller told (decision 082). Idempotent: a refund decided leaves the order off hold.
 */
export const refundPayLinkSecondPayment: OrderSubscriber = async (message, { deps }) => {
  await refundSecondPayLinkPayment(deps, { orderId: message.orderId });
};
