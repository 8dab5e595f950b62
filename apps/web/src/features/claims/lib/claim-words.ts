import type { ClaimReason, ClaimStatus } from "@esim/shared/claims/contracts";
import type { RefundChoice } from "@esim/shared/orders/refunds";
import type { MessageId } from "../../../lib/i18n.ts";

// The catalogue ids of a claim's codes (the words are in packages/ui's catalogue).

export const CLAIM_REASON_LABEL: Record<ClaimReason, MessageId> = {
  no_coverage: "claim.reason.no_coverage",
  slow: "claim.reason.slow",
  cannot_install: "claim.reason.cannot_install",
  cannot_connect: "claim.reason.cannot_connect",
  other: "claim.reason.other",
};

export const CLAIM_STATUS_LABEL: Record<ClaimStatus, MessageId> = {
  received: "claim.status.received",
  answered: "claim.status.answered",
  refunded: "claim.status.refunded",
  refused: "claim.status.refused",
};

export const REFUND_PREFERENCE_LABEL: Record<RefundChoice, MessageId> = {
  store_credit: "claim.form.refundCredit",
  transfer: "claim.form.refundTransfer",
};
