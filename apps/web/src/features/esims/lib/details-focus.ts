import type { EsimDetail } from "@esim/shared/esims/contracts";
import type { EsimStatus } from "@esim/shared/statuses";

/**
 * What the eSIM's details page leads with (decision 092): installing it before it is installed, its data and topping
 * it up while in use, "it doesn't work" when the upstream says something is wrong, only the facts once it is over.
 */
export type DetailsFocus = "install" | "in_use" | "problem" | "over";

/** Statuses where the traveller's line does not work and they did nothing to end it: help comes first. */
const PROBLEM_STATUSES: readonly EsimStatus[] = ["Suspended", "Revoked", "Unknown"];

export function detailsFocus(esim: Pick<EsimDetail, "status" | "group" | "isInstalled" | "canTopUp">): DetailsFocus {
  if (PROBLEM_STATUSES.includes(esim.status)) return "problem";
  if (esim.group === "available") return esim.isInstalled ? "in_use" : "install";
  // Used up but still topped up (Depleted): the traveller is abroad using it.
  return esim.canTopUp ? "in_use" : "over";
}
