import type { Plan } from "@esim/shared/catalog/contracts";
import { VALIDITY_STARTS, validityAdvice } from "@esim/shared/catalog/validity-start";
import type { Language } from "@esim/shared/locale";
import type { Translate } from "../i18n.ts";

/** A question and its answer, shown on the page and in the FAQPage JSON-LD. */
export interface FaqEntry {
  question: string;
  answer: string;
}

/**
 * The answer to "when does the validity start?" for a destination, from its plans' kinds (decision 050): the one
 * rule when they all agree, else both, each card saying which applies.
 */
export function validityFaqAnswer(
  plans: readonly Pick<Plan, "validityStart">[],
  language: Language,
  t: Translate,
): string {
  const kinds = VALIDITY_STARTS.filter((kind) => plans.some((plan) => plan.validityStart === kind));
  const sentences = (kinds.length > 0 ? kinds : VALIDITY_STARTS).map(
    (kind) => validityAdvice({ validityStart: kind, validityDays: 1 }, language).sentence,
  );
  return sentences.length === 1 ? (sentences[0] ?? "") : [t("faq.validityDepends"), ...sentences].join(" ");
}

/** A destination's questions and answers. */
export function destinationFaq(
  name: string,
  plans: readonly Pick<Plan, "validityStart">[],
  language: Language,
  t: Translate,
): FaqEntry[] {
  return [
    { question: t("faq.howItWorks.question", { name }), answer: t("faq.howItWorks.answer") },
    { question: t("faq.validity.question"), answer: validityFaqAnswer(plans, language, t) },
    { question: t("faq.calls.question"), answer: t("faq.calls.answer") },
    { question: t("faq.topUp.question"), answer: t("faq.topUp.answer") },
    { question: t("faq.notWorking.question"), answer: t("faq.notWorking.answer") },
  ];
}
