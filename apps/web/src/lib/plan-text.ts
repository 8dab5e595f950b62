import type { DestinationSummary } from "@esim/shared/catalog/contracts";
import {
  localPlanName,
  type PlanNameParts,
  planDataText,
  planTitle,
  planValidityText,
} from "@esim/shared/catalog/plan-name";
import { type ValidityAdviceParts, validityAdvice } from "@esim/shared/catalog/validity-start";
import { useLanguage } from "./i18n.ts";

/**
 * A plan's data, validity and name as people read them ("5 GB", "Unlimited", "7 days", "Turkey · 5 GB · 7 days"), and
 * what to tell about when its days start, in
 * the UI language: the rules are packages/shared's, the same the invoices and emails use.
 */
export function usePlanText() {
  const language = useLanguage();
  const data = (plan: Omit<PlanNameParts, "validityDays">): string => planDataText(plan, language);
  const validity = (days: number): string => planValidityText(days, language);
  const title = (plan: PlanNameParts): string => planTitle(plan, language);
  const name = (plan: PlanNameParts, destination: Pick<DestinationSummary, "names">): string =>
    localPlanName({ ...plan, destinationName: destination.names[language] }, language);
  /** When the days start and when to install (decision 050): the same words as the pages and emails. */
  const advice = (parts: ValidityAdviceParts) => validityAdvice(parts, language);
  return { data, validity, title, name, advice };
}
