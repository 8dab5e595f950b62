import { PAYMENT_METHODS, type PaymentMethod } from "@esim/shared/checkout/contracts";
import type { ClaimReason, ClaimStatus } from "@esim/shared/claims/contracts";
import { type EsimStatus, isOneOf } from "@esim/shared/statuses";
import type { MessageId, Translate } from "./i18n.ts";

// The words of codes several surfaces show (the traveller's app, the console, the console's CSV files): one table
// each, so a status or an action has one label everywhere (decision 076).

/** Each eSIM Access status's name in the reader's language (the upstream's English words are never shown). */
export const ESIM_STATUS_NAME: Record<EsimStatus, MessageId> = {
  New: "esimStatusName.new",
  Downloading: "esimStatusName.downloading",
  Installing: "esimStatusName.installing",
  Ready: "esimStatusName.ready",
  Onboard: "esimStatusName.onboard",
  "In Use": "esimStatusName.inUse",
  Suspended: "esimStatusName.suspended",
  Depleted: "esimStatusName.depleted",
  "Used Expired": "esimStatusName.usedExpired",
  "Unused Expired": "esimStatusName.unusedExpired",
  Revoked: "esimStatusName.revoked",
  Canceled: "esimStatusName.canceled",
  Deleted: "esimStatusName.deleted",
  Unknown: "esimStatusName.unknown",
};

/** A claim's status, as the traveller follows it and the console lists it (decision 080). */
export const CLAIM_STATUS_NAME: Record<ClaimStatus, MessageId> = {
  received: "claim.status.received",
  answered: "claim.status.answered",
  refunded: "claim.status.refunded",
  refused: "claim.status.refused",
};

/** What the traveller said happens, in the words they chose it by. */
export const CLAIM_REASON_NAME: Record<ClaimReason, MessageId> = {
  no_coverage: "claim.reason.no_coverage",
  slow: "claim.reason.slow",
  cannot_install: "claim.reason.cannot_install",
  cannot_connect: "claim.reason.cannot_connect",
  other: "claim.reason.other",
};

/** Each payment method's name, the words the buyer chose it by at checkout (invoices, console, sandbox page too). */
export const PAYMENT_METHOD_NAME: Record<PaymentMethod, MessageId> = {
  edahabia: "payment.method.edahabia",
  cib: "payment.method.cib",
  chargily_app: "payment.method.chargily_app",
  card: "payment.method.card",
};

/** A stored payment method in words; one this list does not know stays as stored. */
export function paymentMethodName(t: Translate, method: string): string {
  return isOneOf(PAYMENT_METHODS, method) ? t(PAYMENT_METHOD_NAME[method]) : method;
}
