import { REGIONS } from "@esim/shared/catalog/regions";
import { foldSearchText } from "@esim/shared/search-text";

export type DestinationType = "country" | "region" | "global";

/** Where Algerian travellers go most, most popular first: these lead the home screen and equal-rank results. */
export const POPULAR_COUNTRIES: readonly string[] = [
  "TR",
  "FR",
  "ES",
  "IT",
  "SA",
  "AE",
  "TN",
  "MA",
  "EG",
  "DE",
  "GB",
  "US",
  "CN",
  "MY",
  "TH",
  "QA",
];

/** Other names of the country itself that none of fr/en/ar official names contain (cities: shared/catalog/places.ts). */
const ALIASES: Readonly<Record<string, readonly string[]>> = {
  TR: ["Turkey", "Turkiye"],
  GB: ["UK", "England", "Angleterre", "Great Britain", "Grande-Bretagne", "بريطانيا", "انجلترا"],
  US: ["USA", "America", "Amérique", "أمريكا"],
  AE: ["UAE", "Emirates"],
  SA: ["KSA", "السعودية"],
  NL: ["Holland", "Hollande", "هولندا"],
  CZ: ["Czech Republic", "République tchèque"],
  KR: ["South Korea", "Corée"],
  CI: ["Ivory Coast", "Cote d'Ivoire"],
  CD: ["DRC", "RDC"],
  MK: ["Macedonia", "Macédoine"],
};

const DISPLAY_NAMES = {
  fr: new Intl.DisplayNames(["fr"], { type: "region" }),
  en: new Intl.DisplayNames(["en"], { type: "region" }),
  ar: new Intl.DisplayNames(["ar"], { type: "region" }),
};

export interface DestinationNames {
  fr: string;
  en: string;
  ar: string;
}

/** The names of a destination in our three languages: Intl.DisplayNames for a country, REGIONS for the rest. */
export function destinationNames(code: string, type: DestinationType): DestinationNames {
  if (type !== "country") {
    const region = (REGIONS as Record<string, DestinationNames | undefined>)[code];
    return region ? { fr: region.fr, en: region.en, ar: region.ar } : { fr: code, en: code, ar: code };
  }
  return {
    fr: DISPLAY_NAMES.fr.of(code) ?? code,
    en: DISPLAY_NAMES.en.of(code) ?? code,
    ar: DISPLAY_NAMES.ar.of(code) ?? code,
  };
}

/** Extra search names of a destination (may be empty). */
export function destinationAliases(code: string): readonly string[] {
  return ALIASES[code] ?? [];
}

/** 1 for the most popular country, null when not in the list. */
export function popularRank(code: string): number | null {
  const index = POPULAR_COUNTRIES.indexOf(code);
  return index === -1 ? null : index + 1;
}

/** The `search_text` column: folded names in the three languages, aliases and the code, for SQL search. */
export function destinationSearchText(code: string, names: DestinationNames): string {
  return foldSearchText([names.fr, names.en, names.ar, ...destinationAliases(code), code].join(" "));
}
