import type { EsimStatus } from "@esim/shared/statuses";
import type { MessageId } from "../../../lib/i18n.ts";

/** Each eSIM Access status's name: the one table of packages/ui, the console's too. */
export { ESIM_STATUS_NAME as STATUS_NAME } from "@esim/ui/status-labels";

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
