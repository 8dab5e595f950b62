// Orders: an order's whole life (one table of states in order-lifecycle.ts), from creation through payment,
// provisioning and delivery to refunds, with its history, its emails and the operator's actions. Buying upstream and
// delivering is the provision-order flow's sequence (decision 090); this module keeps the order's part of it.

export { automaticRefundDocumentReason, queueAutomaticRefundEmail } from "./automatic-refund.mails.ts";
export { flagOverdueDeliveries } from "./delivery-watch.ts";
export { alertOperator } from "./operator-alert.ts";
export {
  applyOrderEvent,
  flagOrder,
  nextStatus,
  type OrderActor,
  type OrderEvent,
  type OrderRow,
} from "./order-lifecycle.ts";
export {
  ORDER_SUBSCRIBERS,
  type OrderEventMessage,
  type OrderSubscriberName,
  orderSubscriberTask,
  readOrderEventMessage,
} from "./order-subscribers.ts";
export { presentOrder, presentPlacedOrder } from "./orders.presenter.ts";
export {
  countUncancelledEsims,
  findLatestOrderBilling,
  lockOrder,
  lockPayLinkOrdersAndFindPaid,
  rejectedByEvent,
} from "./orders.repo.ts";
export { ordersRoutes } from "./orders.routes.ts";
export {
  countOpenUnpaidOrders,
  createOrder,
  findPlacedOrder,
  getPresentableOrder,
  holdOrderCoupon,
  markCheckoutOpened,
  type NewOrder,
  type PresentableOrder,
} from "./orders.service.ts";
export {
  acceptHeldPayment,
  decideRefund,
  listOrdersNeedingAttention,
  type OperatorActionOutcome,
  recordRefund,
  refundHeldMoney,
  refundSecondPayLinkPayment,
  resendInstallEmail,
  retryProvisioning,
  showOrder,
} from "./orders-console.service.ts";
export {
  type CapturedMoney,
  type PaymentOutcome,
  type PaymentOutcomeResult,
  type PaymentSettlement,
  paymentOutcomeEvent,
  SECOND_PAY_LINK_PAYMENT,
  takesMoney,
} from "./payment-outcomes.ts";
export { findOrderWithPackage, recordProvisioningAttempt, storeUpstreamOrderNo } from "./provisioning.repo.ts";
export {
  deliverOrder,
  type OrderWithPackage,
  PROVISION_ORDER_TASK,
  queueProvisioning,
  recordCostBeforeBuying,
  recordProvisioningFailed,
  upstreamBalanceJobs,
} from "./provisioning.service.ts";
export { approveTechnicalRefund, listRefundQueue, refuseTechnicalRefund } from "./refund-decisions.ts";
export { oweRefund, sendRefund, settleOrderRefund } from "./refunds.ts";
export { INSUFFICIENT_BALANCE_CODE, waitForUpstreamBalance } from "./upstream-balance.ts";
export { upstreamOrderReadyJobs } from "./upstream-order-ready.ts";
