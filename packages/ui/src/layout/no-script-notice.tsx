import { HTML_LANG, textDirection } from "@esim/shared/locale";
import { useLanguage, useT } from "../i18n.ts";

/**
 * What the app's page says where JavaScript does not run (a public page's "Choose this plan" leads into the app):
 * that this step needs it, and the way back to the plans, which work without it.
 */
export function NoScriptNotice() {
  const t = useT();
  const language = useLanguage();
  return (
    <noscript>
      <div
        lang={HTML_LANG[language]}
        dir={textDirection(language)}
        className="mx-auto max-w-md px-4 py-12 text-slate-900"
      >
        <h1 className="text-2xl font-bold">{t("noscript.heading")}</h1>
        <p className="mt-2 text-slate-700">{t("noscript.text")}</p>
        <p className="mt-4">
          <a
            href={`/${language}/esim`}
            className="rounded font-semibold text-brand-800 underline underline-offset-4 hover:text-brand-900"
          >
            {t("noscript.back")}
          </a>
        </p>
      </div>
    </noscript>
  );
}
