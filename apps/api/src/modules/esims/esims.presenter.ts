import { hasValidityStarted } from "@esim/shared/catalog/validity-start";
import type { EsimDetail, EsimSummary } from "@esim/shared/esims/contracts";
import type { EsimStatus } from "@esim/shared/statuses";
import { presentDestination } from "../catalog/index.ts";
import type { EsimRow } from "./esims.repo.ts";
import type { getEsim, PresentableEsim } from "./esims.service.ts";
import { canTopUpEsim, isEsimAvailable } from "./esims.service.ts";

const INSTALLED_STATUSES: readonly EsimStatus[] = ["Ready", "Onboard", "In Use", "Suspended", "Depleted"];

/** An eSIM as the contract's summary (My eSIMs). */
export function presentEsimSummary({ view, destinationPlans, now }: PresentableEsim): EsimSummary {
  const { esim } = view;
  const totalBytes = view.package.isUnlimited ? null : esim.dataTotalBytes;
  return {
    id: esim.id,
    status: esim.status,
    group: isEsimAvailable(esim, now) ? "available" : "expired",
    iccid: esim.iccid,
    destination: presentDestination(view.destination, destinationPlans),
    plan: {
      name: view.package.name,
      dataMb: view.package.isUnlimited ? null : view.package.dataMb,
      isUnlimited: view.package.isUnlimited,
      validityDays: view.package.validityDays,
      validityStart: view.package.validityStart,
    },
    dataTotalBytes: totalBytes,
    dataUsedBytes: esim.dataUsedBytes,
    dataRemainingBytes: totalBytes === null ? null : Math.max(0, totalBytes - esim.dataUsedBytes),
    usageUpdatedAt: esim.usageUpdatedAt?.toISOString() ?? null,
    // Before its days start, the upstream's date is no end of validity (decision 050): none is shown.
    expiresAt:
      esim.expiresAt && hasValidityStarted({ ...esim, validityStart: view.package.validityStart })
        ? esim.expiresAt.toISOString()
        : null,
    // A use-by date means nothing once the eSIM is over.
    activateBefore: isEsimAvailable(esim, now) ? (esim.activateBefore?.toISOString() ?? null) : null,
    isInstalled: INSTALLED_STATUSES.includes(esim.status),
    supportsTopUp: view.package.supportsTopUp,
    canTopUp: canTopUpEsim(view, now),
  };
}

/** An eSIM with its order and bundles, as the contract's detail. */
export function presentEsimDetail(found: Awaited<ReturnType<typeof getEsim>>): EsimDetail {
  return {
    ...presentEsimSummary(found),
    orderId: found.view.esim.orderId,
    orderNumber: found.view.orderNumber,
    apn: found.view.esim.apn,
    bundles: found.bundles.map(({ bundle, planName, isUnlimited, order }) => ({
      id: bundle.id,
      kind: order.kind,
      orderId: order.id,
      orderNumber: order.number,
      planName,
      dataMb: isUnlimited ? null : bundle.dataMb,
      isUnlimited,
      validityDays: bundle.validityDays,
      appliedAt: bundle.appliedAt.toISOString(),
    })),
    cancellation: found.cancellation,
  };
}

/** The install secrets: the LPA string, its two parts, and the one-tap install links. */
export function presentInstallDetails(esim: Pick<EsimRow, "activationCode" | "smdpAddress" | "matchingId">) {
  const carddata = encodeURIComponent(esim.activationCode);
  return {
    activationCode: esim.activationCode,
    smdpAddress: esim.smdpAddress,
    matchingId: esim.matchingId,
    iosInstallUrl: `https://esimsetup.apple.com/esim_qrcode_provisioning?carddata=${carddata}`,
    androidInstallUrl: `https://esimsetup.android.com/esim_qrcode_provisioning?carddata=${carddata}`,
  };
}
