import { COUNTRY_CODES } from "@esim/shared/countries";
import type { Language } from "@esim/shared/locale";
import { useMemo } from "react";
import { useLanguage } from "./i18n.ts";

export interface CountryOption {
  value: string;
  label: string;
}

const cache = new Map<Language, CountryOption[]>();

/** Where nearly every customer lives: offered first, before the alphabetical list. */
const HOME_COUNTRY = "DZ";

/**
 * The ISO list named in the UI language (Intl.DisplayNames): Algeria first, then the rest sorted the way the
 * language's readers expect.
 */
export function countryOptions(language: Language): CountryOption[] {
  const cached = cache.get(language);
  if (cached) return cached;
  const names = new Intl.DisplayNames([language], { type: "region", fallback: "code" });
  const collator = new Intl.Collator(language);
  const options = COUNTRY_CODES.map((code) => ({ value: code, label: names.of(code) ?? code })).sort(
    (a, b) => Number(b.value === HOME_COUNTRY) - Number(a.value === HOME_COUNTRY) || collator.compare(a.label, b.label),
  );
  cache.set(language, options);
  return options;
}

export { countryName, sortedCountryNames } from "@esim/shared/countries";

export function useCountryOptions(): CountryOption[] {
  const language = useLanguage();
  return useMemo(() => countryOptions(language), [language]);
}
