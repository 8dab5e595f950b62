// Orders: an order's whole life (one table of states in order-lifecycle.ts), from creation through payment,
// provisioning and delivery to refunds, with its history, its emails and the operator's actions.
export { flagOverdueDeliveries } from "./delivery-watch.ts";
export { alertOperator } from "./operator-alert.ts";
export { applyOrderEvent, nextStatus, type OrderActor, type OrderEvent, type OrderRow } from "./order-lifecycle.ts";
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
} from "./orders-ops.service.ts";
export {
  type CapturedMoney,
  type PaymentOutcome,
  type PaymentOutcomeResult,
  type PaymentSettlement,
  paymentOutcomeEvent,
  SECOND_PAY_LINK_PAYMENT,
  takesMoney,
} from "./payment-outcomes.ts";
export {
  createOrdersJobs,
  DEFAULT_PROVISIONING_TIMING,
  type ProvisioningTiming,
  queueProvisioning,
  SIMULATOR_PROVISIONING_TIMING,
} from "./provisioning.service.ts";
export { approveTechnicalRefund, listRefundQueue, refuseTechnicalRefund } from "./refund-decisions.ts";
export { oweRefund, sendRefund, settleOrderRefund } from "./refunds.ts";
export { upstreamOrderReadyJobs } from "./upstream-order-ready.ts";
