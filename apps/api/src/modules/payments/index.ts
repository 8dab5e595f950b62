// Payments: the gateway's checkouts for orders, its webhooks, and the sweep that settles what it never told us.
export {
  createPayment,
  FREE_PAYMENT_PROVIDER,
  openCheckout,
  recordFreePayment,
} from "./payment-checkout.service.ts";
export { paymentsRoutes } from "./payments.routes.ts";
export { reconcileStalePayments } from "./payments.service.ts";
