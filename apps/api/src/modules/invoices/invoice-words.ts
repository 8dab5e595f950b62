import { PAYMENT_METHODS } from "@esim/shared/checkout/contracts";
import { isOneOf } from "@esim/shared/statuses";
import type { Translate } from "@esim/ui/i18n";
import { paymentMethodName } from "@esim/ui/status-labels";

// The invoices' words are the one catalogue's (`invoice.*`, decision 071); these say the few that depend on the order.

/** How an invoice was paid: a gateway's method in the checkout's words, a coupon that left nothing, store credit. */
export function paymentMethodWords(t: Translate, method: string): string {
  if (isOneOf(PAYMENT_METHODS, method)) return paymentMethodName(t, method);
  if (method === "coupon") return t("invoice.method.coupon");
  if (method === "store_credit") return t("invoice.method.store_credit");
  return method;
}

/** The plan an invoice or credit note sold: a top-up says it is one. */
export function soldPlanWords(t: Translate, planName: string, isTopUp: boolean): string {
  return isTopUp ? t("invoice.topUp", { plan: planName }) : planName;
}
