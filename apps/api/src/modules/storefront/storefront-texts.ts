import type { Plan } from "@esim/shared/catalog/contracts";
import { VALIDITY_STARTS, validityAdvice } from "@esim/shared/catalog/validity-start";
import type { Language } from "@esim/shared/locale";
import { AR_TEXTS } from "./texts/ar.ts";
import { EN_TEXTS } from "./texts/en.ts";
import { FR_TEXTS } from "./texts/fr.ts";
import type { StorefrontTexts } from "./texts/text-types.ts";

export type { FaqEntry, StorefrontTexts } from "./texts/text-types.ts";

/** The public pages' words, per language. */
export const STOREFRONT_TEXTS: Record<Language, StorefrontTexts> = { fr: FR_TEXTS, en: EN_TEXTS, ar: AR_TEXTS };

/**
 * The FAQ's answer to "when does the validity start?" for a destination, from its plans' kinds (decision 050): the
 * one rule when they all agree, else both, each card saying which applies.
 */
export function validityFaqAnswer(plans: readonly Pick<Plan, "validityStart">[], language: Language): string {
  const kinds = VALIDITY_STARTS.filter((kind) => plans.some((plan) => plan.validityStart === kind));
  const sentences = (kinds.length > 0 ? kinds : VALIDITY_STARTS).map(
    (kind) => validityAdvice({ validityStart: kind, validityDays: 1 }, language).sentence,
  );
  return sentences.length === 1
    ? sentences[0]!
    : [STOREFRONT_TEXTS[language].destination.validityDepends, ...sentences].join(" ");
}
