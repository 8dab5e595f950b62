import type { Plan } from "@esim/shared/catalog/contracts";
import { VALIDITY_STARTS, validityAdvice } from "@esim/shared/catalog/validity-start";
import type { Language } from "@esim/shared/locale";
import { faq as ar } from "../faq/ar.ts";
import { faq as en } from "../faq/en.ts";
import type { Faq, FaqQuestionId } from "../faq/faq-types.ts";
import { faq as fr } from "../faq/fr.ts";
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

const HELP_CENTRE: Record<Language, Faq> = { fr, en, ar };

/** The help centre's questions a visitor asks before buying, shown on every destination page as the app words them. */
export const DESTINATION_FAQ_IDS: readonly FaqQuestionId[] = [
  "activation-calls",
  "topup-how",
  "refund-policy",
  "cancel-unused",
];

/** These help-centre entries in `language`, their paragraphs as one answer (the page and the JSON-LD need text). */
export function helpCentreEntries(ids: readonly FaqQuestionId[], language: Language): FaqEntry[] {
  const entries = HELP_CENTRE[language].flatMap((category) => category.entries);
  return ids.flatMap((id) => {
    const entry = entries.find((candidate) => candidate.id === id);
    return entry ? [{ question: entry.question, answer: entry.answer.join(" ") }] : [];
  });
}

/**
 * A destination's questions and answers: two about this destination and its plans (its name, when its plans' validity
 * starts), then the help centre's own entries.
 */
export function destinationFaq(
  name: string,
  plans: readonly Pick<Plan, "validityStart">[],
  language: Language,
  t: Translate,
): FaqEntry[] {
  return [
    { question: t("faq.howItWorks.question", { name }), answer: t("faq.howItWorks.answer") },
    { question: t("faq.validity.question"), answer: validityFaqAnswer(plans, language, t) },
    ...helpCentreEntries(DESTINATION_FAQ_IDS, language),
  ];
}
