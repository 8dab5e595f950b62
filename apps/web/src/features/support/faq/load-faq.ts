import type { Language } from "@esim/shared/locale";
import type { Faq } from "@esim/ui/faq/faq-types";
import { queryOptions } from "@tanstack/react-query";

// One chunk per language, fetched when /support renders: the first screen never carries FAQ text.
const faqLoaders: Record<Language, () => Promise<{ faq: Faq }>> = {
  fr: () => import("@esim/ui/faq/fr"),
  en: () => import("@esim/ui/faq/en"),
  ar: () => import("@esim/ui/faq/ar"),
};

/** The FAQ in `language`; static content, so it never goes stale. */
export function faqQueryOptions(language: Language) {
  return queryOptions({
    queryKey: ["support", "faq", language] as const,
    queryFn: async () => (await faqLoaders[language]()).faq,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
