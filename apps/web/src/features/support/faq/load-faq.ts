import type { Language } from "@esim/shared/locale";
import { queryOptions } from "@tanstack/react-query";
import type { Faq } from "./faq-types.ts";

// One chunk per language, fetched when /support renders: the first screen never carries FAQ text.
const faqLoaders: Record<Language, () => Promise<{ faq: Faq }>> = {
  fr: () => import("./fr.ts"),
  en: () => import("./en.ts"),
  ar: () => import("./ar.ts"),
};

/** The FAQ in `language`; static content, so it never goes stale. */
export function faqQueryOptions(language: Language) {
  return queryOptions({
    queryKey: ["support", "faq", language] as const,
    queryFn: async () => (await faqLoaders[language]()).faq,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
