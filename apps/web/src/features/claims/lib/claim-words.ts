import type { RefundChoice } from "@esim/shared/orders/refunds";
import type { MessageId } from "../../../lib/i18n.ts";

/** How the traveller would like a refund, in the claim form's words. */
export const REFUND_PREFERENCE_LABEL: Record<RefundChoice, MessageId> = {
  store_credit: "claim.form.refundCredit",
  transfer: "claim.form.refundTransfer",
};
