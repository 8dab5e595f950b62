import { HTML_LANG, LANGUAGES, type Language } from "@esim/shared/locale";
import type { MouseEvent } from "react";
import { useLanguage, useT } from "../i18n.ts";

/** Each language named in itself, so a reader finds their own whatever the interface language. */
export const LANGUAGE_NAMES: Record<Language, string> = { fr: "Français", en: "English", ar: "العربية" };

/**
 * The one language picker: a link per language, the current one marked. On the public pages each link is the same
 * page in that language (no JavaScript); the app passes `onChoose` to switch in place (and remember the choice),
 * the links still working where the click is not handled.
 */
export function LanguagePicker({
  hrefOf,
  onChoose,
}: {
  hrefOf: (language: Language) => string;
  onChoose?: (language: Language, event: MouseEvent<HTMLAnchorElement>) => void;
}) {
  const t = useT();
  const current = useLanguage();
  return (
    <nav aria-label={t("nav.language")}>
      <ul className="flex gap-1">
        {LANGUAGES.map((language) => (
          // On a phone the current language is left out: it is the page's own, and three names beside the brand
          // do not fit in 390 px; the others keep less padding below 640 px, so brand and two names fit in 320.
          <li key={language} className={language === current ? "max-sm:hidden" : undefined}>
            <a
              href={hrefOf(language)}
              lang={HTML_LANG[language]}
              hrefLang={language === current ? undefined : HTML_LANG[language]}
              aria-current={language === current ? "page" : undefined}
              onClick={onChoose ? (event) => onChoose(language, event) : undefined}
              className="flex min-h-11 items-center rounded-lg px-1.5 text-sm sm:px-2.5 text-slate-700 underline-offset-4 hover:underline focus-visible:outline-3 focus-visible:outline-brand-600 aria-[current=page]:bg-brand-50 aria-[current=page]:font-semibold aria-[current=page]:text-brand-800"
            >
              {LANGUAGE_NAMES[language]}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
