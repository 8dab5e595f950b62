import type { Plan } from "@esim/shared/catalog/contracts";
import { formatNumber } from "@esim/shared/format";
import { useT } from "./i18n.ts";

const MB_PER_GB = 1024;

/** A plan's data and validity as people read them ("5 GB", "Unlimited", "7 days"), in the UI language. */
export function usePlanText() {
  const t = useT();
  const data = (plan: Pick<Plan, "dataMb" | "isUnlimited" | "dataType">): string => {
    if (plan.isUnlimited || plan.dataMb === null) return t("plan.unlimited");
    const volume =
      plan.dataMb >= MB_PER_GB
        ? t("plan.dataGb", { amount: formatNumber(Math.round((plan.dataMb / MB_PER_GB) * 100) / 100) })
        : t("plan.dataMb", { amount: formatNumber(plan.dataMb) });
    // Types 2 and 3 give a daily allowance (then slowed or cut).
    return plan.dataType === 2 || plan.dataType === 3 ? t("plan.perDay", { data: volume }) : volume;
  };
  const validity = (days: number): string => t("plan.validity", { days, daysText: formatNumber(days) });
  return { data, validity };
}
