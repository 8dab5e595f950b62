// The ledger: every movement of money, append-only and double-entry (decision 061). Money's state changes post here
// in their own transaction; balances (owed to a customer, a customer's credit, net sales) are sums of it.
export type { LedgerMovementRow } from "./ledger.repo.ts";
export {
  findLedgerMovement,
  getOrderMoney,
  getReferralDebt,
  getRefundedByOrder,
  getSalesSummary,
  getStoreCreditBalance,
  getTrialBalance,
  listLedgerMovements,
  listOwedOrders,
  lockStoreCredit,
  type OrderMoney,
  type Posting,
  postMovement,
} from "./ledger.service.ts";
export {
  type LedgerMovementMessage,
  type LedgerSubscriberName,
  ledgerSubscriberTask,
  readLedgerMovementMessage,
} from "./ledger-subscribers.ts";
