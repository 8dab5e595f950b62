import type { Language } from "@esim/shared/locale";
import type { GuideContent } from "./types.ts";

// One chunk per language, like the catalogs: a guide screen loads only the language it shows. The service
// worker precaches every chunk, so all three stay readable offline.
const LOADERS: Record<Language, () => Promise<GuideContent>> = {
  fr: async () => (await import("./fr.ts")).fr,
  en: async () => (await import("./en.ts")).en,
  ar: async () => (await import("./ar.ts")).ar,
};

const loaded = new Map<Language, GuideContent>();
const loading = new Map<Language, Promise<GuideContent>>();

/** The guide texts of `language`, imported once; the guide routes' loaders call it before they render. */
export function loadGuideContent(language: Language): Promise<GuideContent> {
  let promise = loading.get(language);
  if (!promise) {
    promise = LOADERS[language]().then((content) => {
      loaded.set(language, content);
      return content;
    });
    promise.catch(() => loading.delete(language));
    loading.set(language, promise);
  }
  return promise;
}

/** The guide texts of `language` if already loaded, else undefined. */
export function loadedGuideContent(language: Language): GuideContent | undefined {
  return loaded.get(language);
}
