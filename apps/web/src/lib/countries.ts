import { COUNTRY_CODES } from "@esim/shared/countries";
import type { Language } from "@esim/shared/locale";
import { useMemo } from "react";
import { useLanguage } from "./i18n.ts";

export interface CountryOption {
  value: string;
  label: string;
}

const cache = new Map<Language, CountryOption[]>();

/** The ISO list named in the UI language (Intl.DisplayNames) and sorted the way its readers expect. */
export function countryOptions(language: Language): CountryOption[] {
  const cached = cache.get(language);
  if (cached) return cached;
  const names = new Intl.DisplayNames([language], { type: "region", fallback: "code" });
  const collator = new Intl.Collator(language);
  const options = COUNTRY_CODES.map((code) => ({ value: code, label: names.of(code) ?? code })).sort((a, b) =>
    collator.compare(a.label, b.label),
  );
  cache.set(language, options);
  return options;
}

export { countryName, sortedCountryNames } from "@esim/shared/countries";

export function useCountryOptions(): CountryOption[] {
  const language = useLanguage();
  return useMemo(() => countryOptions(language), [language]);
}
