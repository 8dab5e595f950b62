import { countryName } from "../countries.ts";
import type { Language } from "../locale.ts";

/** Our regions and the global zone, with their names in the three languages. */
export const REGIONS = {
  europe: { fr: "Europe", en: "Europe", ar: "أوروبا" },
  "middle-east-north-africa": {
    fr: "Moyen-Orient et Afrique du Nord",
    en: "Middle East and North Africa",
    ar: "الشرق الأوسط وشمال أفريقيا",
  },
  asia: { fr: "Asie", en: "Asia", ar: "آسيا" },
  africa: { fr: "Afrique", en: "Africa", ar: "أفريقيا" },
  americas: { fr: "Amériques", en: "Americas", ar: "الأمريكتان" },
  global: { fr: "Monde entier", en: "Global", ar: "العالم" },
} as const;

export type RegionCode = keyof typeof REGIONS;

/** A destination's name in `language`: a country's (Intl), a region's (ours), else its code as it is. */
export function destinationName(code: string, language: Language): string {
  return code in REGIONS ? REGIONS[code as RegionCode][language] : countryName(code, language);
}
