// Store credit (decision 064): a customer's money held in DZD, the ledger's balance of their store_credit account;
// its history for the customer and the console, an order's credit set aside, spent or given back, an operator's
// credit given (audited) and expired by a sweep.

export { presentStoreCredit } from "./store-credit.presenter.ts";
export { storeCreditRoutes } from "./store-credit.routes.ts";
export {
  expireStoreCredit,
  getCustomerStoreCredit,
  issueStoreCredit,
  lockStoreCreditBalance,
  reserveOrderCredit,
  settleOrderCredit,
} from "./store-credit.service.ts";
