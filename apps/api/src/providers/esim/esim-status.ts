import type { EsimStatus } from "./esim-port.ts";

/** The raw statuses eSIM Access reports for a profile, as documented; the simulator reports the same. */
export interface RawEsimState {
  /** CREATE, PAYING, PAID, GETTING_RESOURCE, GOT_RESOURCE, IN_USE, USED_UP, UNUSED_EXPIRED, USED_EXPIRED, CANCEL… */
  esimStatus: string;
  /** RELEASED, DOWNLOAD, INSTALLATION, ENABLED, DISABLED, DELETED. */
  smdpStatus: string;
  usedBytes: number;
}

/**
 * Our label for a profile (decision 084). eSIM Access's own: New = RELEASED + GOT_RESOURCE; Onboard = ENABLED +
 * (IN_USE or GOT_RESOURCE) with no usage; In Use = IN_USE with usage; Depleted = USED_UP; Deleted = smdpStatus
 * DELETED; Canceled = CANCEL. The other documented pairs a traveller lives in: Downloading and Installing
 * (GOT_RESOURCE + DOWNLOAD / INSTALLATION), Ready (GOT_RESOURCE + DISABLED: installed, line off, never connected),
 * Suspended, Revoked, Used Expired and Unused Expired. Anything else Unknown. A cancelled profile is Canceled even if
 * its SM-DP+ record was deleted (it tells the customer it was refunded), and an expired one reads as over even once
 * deleted (the plan ended, whatever happened to the profile).
 */
export function mapEsimStatus(raw: RawEsimState): EsimStatus {
  const esimStatus = raw.esimStatus.toUpperCase();
  const smdpStatus = raw.smdpStatus.toUpperCase();
  if (esimStatus === "CANCEL") return "Canceled";
  if (esimStatus === "REVOKE" || esimStatus === "REVOKED") return "Revoked";
  if (esimStatus === "USED_EXPIRED") return "Used Expired";
  if (esimStatus === "UNUSED_EXPIRED") return "Unused Expired";
  if (smdpStatus === "DELETED") return "Deleted";
  if (esimStatus === "SUSPENDED") return "Suspended";
  if (esimStatus === "USED_UP") return "Depleted";
  if (esimStatus === "IN_USE" && raw.usedBytes > 0) return "In Use";
  if (smdpStatus === "ENABLED" && (esimStatus === "IN_USE" || esimStatus === "GOT_RESOURCE") && raw.usedBytes === 0) {
    return "Onboard";
  }
  if (esimStatus === "GOT_RESOURCE") {
    if (smdpStatus === "RELEASED") return "New";
    if (smdpStatus === "DOWNLOAD") return "Downloading";
    if (smdpStatus === "INSTALLATION") return "Installing";
    if (smdpStatus === "DISABLED") return "Ready";
  }
  return "Unknown";
}
