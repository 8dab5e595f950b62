import { HTML_LANG, isLanguage, LANGUAGES } from "@esim/shared/locale";
import { useId } from "react";
import { GlobeIcon } from "../../../components/ui/icons.tsx";
import { useLanguage, useT } from "../../../lib/i18n.ts";
import { useChangeLanguage } from "../hooks/use-change-language.ts";
import { LANGUAGE_NAMES } from "../language-names.ts";

/** The interface language picker of the navigation bar and the sign-in pages. */
export function LanguageSwitcher({ className = "" }: { className?: string }) {
  const t = useT();
  const id = useId();
  const language = useLanguage();
  const switchLanguage = useChangeLanguage();
  return (
    <div className={`relative flex items-center ${className}`}>
      <label htmlFor={id} className="sr-only">
        {t("nav.language")}
      </label>
      <GlobeIcon className="pointer-events-none absolute start-3 size-5 text-slate-600" />
      <select
        id={id}
        value={language}
        onChange={(event) => {
          if (isLanguage(event.target.value)) void switchLanguage(event.target.value);
        }}
        className="min-h-11 rounded-xl border border-slate-300 bg-white ps-10 pe-3 text-sm font-medium text-slate-800 hover:border-slate-400 focus:outline-3 focus:outline-brand-600/40"
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
