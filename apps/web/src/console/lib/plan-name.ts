import { localPlanName } from "@esim/shared/catalog/plan-name";
import { destinationName } from "@esim/shared/catalog/regions";
import type { ConsolePlan } from "@esim/shared/console/plan-view";
import { useLanguage } from "./i18n.ts";

/**
 * Our name of a plan in the operator's language ("Turquie · 5 Go · 7 jours"): the destination's name and the plan's
 * parts by the rules invoices and emails use, never the upstream's English name.
 */
export function useConsolePlanName(): (plan: ConsolePlan) => string {
  const language = useLanguage();
  return (plan) =>
    localPlanName({ ...plan, destinationName: destinationName(plan.destinationCode, language) }, language);
}
