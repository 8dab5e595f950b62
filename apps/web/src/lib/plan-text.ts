import type { DestinationSummary } from "@esim/shared/catalog/contracts";
import {
  localPlanName,
  type PlanNameParts,
  planDataText,
  planTitle,
  planValidityText,
} from "@esim/shared/catalog/plan-name";
import { useLanguage } from "./i18n.ts";

/**
 * A plan's data, validity and name as people read them ("5 GB", "Unlimited", "7 days", "Turkey · 5 GB · 7 days"), in
 * the UI language: the rules are packages/shared's, the same the invoices and emails use.
 */
export function usePlanText() {
  const language = useLanguage();
  const data = (plan: Omit<PlanNameParts, "validityDays">): string => planDataText(plan, language);
  const validity = (days: number): string => planValidityText(days, language);
  const title = (plan: PlanNameParts): string => planTitle(plan, language);
  const name = (plan: PlanNameParts, destination: Pick<DestinationSummary, "names">): string =>
    localPlanName({ ...plan, destinationName: destination.names[language] }, language);
  return { data, validity, title, name };
}
