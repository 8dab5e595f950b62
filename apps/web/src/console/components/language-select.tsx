import { HTML_LANG, isLanguage, LANGUAGES } from "@esim/shared/locale";
import { LANGUAGE_NAMES } from "@esim/ui/layout";
import { useId } from "react";
import { changeLanguage, useLanguage, useT } from "../lib/i18n.ts";

/** The console's language picker: fr, en, ar (Arabic turns the page right to left). */
export function LanguageSelect() {
  const t = useT();
  const id = useId();
  const language = useLanguage();
  return (
    <div className="flex items-center">
      <label htmlFor={id} className="sr-only">
        {t("nav.language")}
      </label>
      <select
        id={id}
        value={language}
        onChange={(event) => {
          if (isLanguage(event.target.value)) void changeLanguage(event.target.value);
        }}
        className="min-h-11 rounded-xl border border-slate-300 bg-white px-3 text-sm font-medium text-slate-800 focus:outline-3 focus:outline-brand-600/40"
      >
        {LANGUAGES.map((code) => (
          <option key={code} value={code} lang={HTML_LANG[code]}>
            {LANGUAGE_NAMES[code]}
          </option>
        ))}
      </select>
    </div>
  );
}
