// Payments: the gateway's checkouts for orders, its webhooks, and the sweep that settles what it never told us.

export {
  createPaymentsJobs,
  RECHECK_AFTER_OUTAGE_TASK,
  recheckOpenPayments,
  watchOutagesForPayments,
} from "./outage-recheck.service.ts";
export {
  CHECKOUT_REFRESH_AFTER_MS,
  type CheckoutAccess,
  createPayment,
  FREE_PAYMENT_PROVIDER,
  openCheckout,
  recordFreePayment,
  resumeCheckout,
} from "./payment-checkout.service.ts";
export { findLatestCheckoutsOfCreditLoads } from "./payments.repo.ts";
export { paymentsRoutes } from "./payments.routes.ts";
export {
  recheckPendingPayment,
  reconcileStalePayments,
  type SettlePayment,
  type SettlingOptions,
} from "./payments.service.ts";
export { cancelUnpaidOrder } from "./unpaid-order.service.ts";
