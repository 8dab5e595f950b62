import type { PayLink } from "@esim/shared/pay-links/contracts";
import type { PayLinkWithPlan } from "./pay-links.repo.ts";
import { payLinkAmountDzdMinor, payLinkStatusAt } from "./pay-links.service.ts";

/** A link as its traveller sees it, its state as of `now` (never its token: it is kept hashed). */
export function presentPayLink({ link, plan }: PayLinkWithPlan, now: Date): PayLink {
  return {
    id: link.id,
    status: payLinkStatusAt(link, now),
    kind: link.kind,
    esimId: link.targetEsimId,
    packageId: link.packageId,
    destinationCode: plan.destinationCode,
    dataMb: plan.dataMb ?? 0,
    isUnlimited: plan.isUnlimited,
    validityDays: plan.validityDays,
    amountDzdMinor: payLinkAmountDzdMinor(link),
    createdAt: link.createdAt.toISOString(),
    expiresAt: link.expiresAt.toISOString(),
    paidAt: link.paidAt?.toISOString() ?? null,
    orderId: link.status === "paid" ? link.orderId : null,
  };
}
