import { formatMoney } from "@esim/shared/money";
import type { PayLink } from "@esim/shared/pay-links/contracts";
import { useT } from "../../../lib/i18n.ts";
import { usePlanText } from "../../../lib/plan-text.ts";

/** The message a pay-for-me link is shared with, in the traveller's language: the plan, the amount, the address. */
export function usePayLinkShareText(): (link: PayLink, url: string) => string {
  const t = useT();
  const { data: planData, validity } = usePlanText();
  return (link, url) =>
    t("payLink.app.shareText", {
      plan: t("plan.title", {
        data: planData({ dataMb: link.dataMb, isUnlimited: link.isUnlimited, dataType: 1 }),
        validity: validity(link.validityDays),
      }),
      amount: formatMoney(link.amountDzdMinor, "DZD"),
      url,
    });
}
