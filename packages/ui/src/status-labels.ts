import type { EsimStatus } from "@esim/shared/statuses";
import type { MessageId } from "./i18n.ts";

// The words of codes several surfaces show (the traveller's app, the console, the console's CSV files): one table
// each, so a status or an action has one label everywhere (decision 076).

/** Each eSIM Access status's name in the reader's language (the upstream's English words are never shown). */
export const ESIM_STATUS_NAME: Record<EsimStatus, MessageId> = {
  New: "esimStatusName.new",
  Onboard: "esimStatusName.onboard",
  "In Use": "esimStatusName.inUse",
  Depleted: "esimStatusName.depleted",
  Canceled: "esimStatusName.canceled",
  Deleted: "esimStatusName.deleted",
  Unknown: "esimStatusName.unknown",
};
