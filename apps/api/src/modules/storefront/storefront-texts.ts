import type { Language } from "@esim/shared/locale";
import { AR_TEXTS } from "./texts/ar.ts";
import { EN_TEXTS } from "./texts/en.ts";
import { FR_TEXTS } from "./texts/fr.ts";
import type { StorefrontTexts } from "./texts/text-types.ts";

export type { FaqEntry, StorefrontTexts } from "./texts/text-types.ts";

/** The public pages' words, per language. */
export const STOREFRONT_TEXTS: Record<Language, StorefrontTexts> = { fr: FR_TEXTS, en: EN_TEXTS, ar: AR_TEXTS };
