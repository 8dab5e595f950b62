// eSIMs: the profiles travellers own, their usage and status, install secrets behind the PIN, alerts, and requests to
// cancel an unused one.
export {
  type CancellationDecision,
  findCancellationToDecide,
  listCancellationsToDecide,
  openCancellationForOperator,
  recordCancellationApproval,
  refuseCancellation,
} from "./cancellation.service.ts";
export { type EsimAlertSubject, findEsimAlertSubject } from "./esim-alerts.repo.ts";
export { EXPIRY_ALERT_WITHIN_MS, sendDueEsimAlerts } from "./esim-alerts.ts";
export { esimsJobs } from "./esims.jobs.ts";
export {
  type BundleInsert,
  clearSecretsOfDeletedAccounts,
  countEsimBundlesOfPackage,
  type EsimInsert,
  type EsimRow,
  type EsimView,
  findEsimById,
  findUserEsimView,
  insertBundles,
  insertEsims,
  listCompatibleTopUpPackages,
  listUserEsimViews,
  updateEsimFromUpstream,
} from "./esims.repo.ts";
export { esimsRoutes } from "./esims.routes.ts";
export {
  canTopUpEsim,
  ESIM_REFRESH_DELAY_MS,
  ESIM_REFRESH_TASK,
  ESIM_UPSTREAM_UPDATED_TASK,
  findTopUpCodes,
  isEsimAvailable,
  listTopUps,
  refreshEsim,
  refreshUserEsims,
  syncStaleEsims,
  topUpListUnavailable,
  UPSTREAM_ORDER_READY_TASK,
} from "./esims.service.ts";
export { iccidLine, iccidToCome } from "./iccid-text.ts";
export { getPinStatus, unblockPin, unblockPinByEmail } from "./pin.service.ts";
