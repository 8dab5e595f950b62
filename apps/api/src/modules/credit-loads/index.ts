// Store credit bought with a card (decision 068): loads, their receipts and the credit they post to the ledger. Their
// payments go through the payments module, which reports each outcome here.
export { presentCreditLoad } from "./credit-loads.presenter.ts";
export {
  type CreditLoadRow,
  findUserCreditLoad,
  listCreditLoadsOf,
  listPaidCreditLoads,
} from "./credit-loads.repo.ts";
export {
  checkCreditLoadAmount,
  recordCreditLoadOutcome,
  startCreditLoad,
} from "./credit-loads.service.ts";
