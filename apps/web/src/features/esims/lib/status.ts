import type { ValidityStart } from "@esim/shared/catalog/validity-start";
import type { EsimStatus } from "@esim/shared/statuses";
import type { MessageId } from "../../../lib/i18n.ts";

/** Each eSIM Access status's name: the one table of packages/ui, the console's too. */
export { ESIM_STATUS_NAME as STATUS_NAME } from "@esim/ui/status-labels";

/** Each eSIM Access status, explained in plain words beside its name. */
export const STATUS_EXPLANATION: Record<EsimStatus, MessageId> = {
  New: "esimStatus.new",
  Downloading: "esimStatus.downloading",
  Installing: "esimStatus.installing",
  Ready: "esimStatus.ready",
  Onboard: "esimStatus.onboard",
  "In Use": "esimStatus.inUse",
  Suspended: "esimStatus.suspended",
  Depleted: "esimStatus.depleted",
  "Used Expired": "esimStatus.usedExpired",
  "Unused Expired": "esimStatus.unusedExpired",
  Revoked: "esimStatus.revoked",
  Canceled: "esimStatus.canceled",
  Deleted: "esimStatus.deleted",
  Unknown: "esimStatus.unknown",
};

/**
 * What the status means for this eSIM and what to do: a first-connection eSIM installed with its line off is ready,
 * its days starting at the destination (decision 084); every other status says it the same for every plan.
 */
export function statusExplanation(status: EsimStatus, validityStart: ValidityStart): MessageId {
  if (status === "Ready" && validityStart === "first_connection") return "esimStatus.readyFirstConnection";
  return STATUS_EXPLANATION[status];
}

/** The statuses My eSIMs names on the card itself: those that ask something of the traveller or say why it is over. */
export const STATUSES_SHOWN_ON_CARD: readonly EsimStatus[] = [
  "Downloading",
  "Installing",
  "Ready",
  "Suspended",
  "Used Expired",
  "Unused Expired",
  "Revoked",
];
