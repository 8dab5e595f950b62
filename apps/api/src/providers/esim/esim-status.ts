import type { EsimStatus } from "./esim-port.ts";

/** The raw statuses eSIM Access reports for a profile (PROVIDERS.md); the simulator reports the same. */
export interface RawEsimState {
  /** CREATE, PAYING, PAID, GETTING_RESOURCE, GOT_RESOURCE, IN_USE, USED_UP, UNUSED_EXPIRED, USED_EXPIRED, CANCEL… */
  esimStatus: string;
  /** RELEASED, DOWNLOAD, INSTALLATION, ENABLED, DISABLED, DELETED. */
  smdpStatus: string;
  usedBytes: number;
}

/**
 * Our label for a profile, exactly as eSIM Access documents them: New = RELEASED + GOT_RESOURCE; Onboard =
 * ENABLED + (IN_USE or GOT_RESOURCE) with no usage; In Use = IN_USE with usage; Depleted = USED_UP;
 * Deleted = smdpStatus DELETED; Canceled = CANCEL; anything else Unknown (expired, suspended, revoked,
 * mid-download). A cancelled profile is Canceled even if its SM-DP+ record was deleted: that tells the
 * customer it was refunded.
 */
export function mapEsimStatus(raw: RawEsimState): EsimStatus {
  const esimStatus = raw.esimStatus.toUpperCase();
  const smdpStatus = raw.smdpStatus.toUpperCase();
  if (esimStatus === "CANCEL") return "Canceled";
  if (smdpStatus === "DELETED") return "Deleted";
  if (esimStatus === "USED_UP") return "Depleted";
  if (esimStatus === "IN_USE" && raw.usedBytes > 0) return "In Use";
  if (smdpStatus === "ENABLED" && (esimStatus === "IN_USE" || esimStatus === "GOT_RESOURCE") && raw.usedBytes === 0) {
    return "Onboard";
  }
  if (smdpStatus === "RELEASED" && esimStatus === "GOT_RESOURCE") return "New";
  return "Unknown";
}
