import type { EsimStatus } from "@esim/shared/statuses";
import type { MessageId } from "../../../lib/i18n.ts";

/** Each eSIM Access status's name in the reader's language (the upstream's English words are never shown). */
export const STATUS_NAME: Record<EsimStatus, MessageId> = {
  New: "esimStatusName.new",
  Onboard: "esimStatusName.onboard",
  "In Use": "esimStatusName.inUse",
  Depleted: "esimStatusName.depleted",
  Canceled: "esimStatusName.canceled",
  Deleted: "esimStatusName.deleted",
  Unknown: "esimStatusName.unknown",
};

/** Each eSIM Access status, explained in plain words beside its name. */
export const STATUS_EXPLANATION: Record<EsimStatus, MessageId> = {
  New: "esimStatus.new",
  Onboard: "esimStatus.onboard",
  "In Use": "esimStatus.inUse",
  Depleted: "esimStatus.depleted",
  Canceled: "esimStatus.canceled",
  Deleted: "esimStatus.deleted",
  Unknown: "esimStatus.unknown",
};
