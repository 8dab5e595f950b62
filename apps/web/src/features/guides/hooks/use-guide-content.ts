import { useEffect, useState } from "react";
import { currentLanguage, useLanguage } from "../../../lib/i18n.ts";
import { loadedGuideContent, loadGuideContent } from "../content/index.ts";
import type { GuideContent } from "../content/types.ts";

/** A guide route's loader: the texts of the interface language are there before the screen renders. */
export async function preloadGuideContent(): Promise<null> {
  await loadGuideContent(currentLanguage());
  return null;
}

/**
 * The guide texts in the interface language. After a language change they are null for the moment the other
 * language's chunk takes to load (precached, so offline too).
 */
export function useGuideContent(): GuideContent | null {
  const language = useLanguage();
  const content = loadedGuideContent(language) ?? null;
  const [, setLoadedLanguage] = useState<string | null>(null);
  useEffect(() => {
    if (content) return;
    let isCurrent = true;
    void loadGuideContent(language).then(() => {
      if (isCurrent) setLoadedLanguage(language);
    });
    return () => {
      isCurrent = false;
    };
  }, [language, content]);
  return content;
}
