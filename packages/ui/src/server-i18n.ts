import type { Language } from "@esim/shared/locale";
import { type I18n, type Messages, setupI18n } from "@lingui/core";
import { compileMessageOrThrow } from "@lingui/message-utils/compileMessage";
import type { AnyMessageId, TranslateAny } from "./console-i18n.ts";
import type { MessageValues } from "./i18n.ts";
import ar from "./messages/ar.json" with { type: "json" };
import consoleAr from "./messages/console/ar.json" with { type: "json" };
import consoleEn from "./messages/console/en.json" with { type: "json" };
import consoleFr from "./messages/console/fr.json" with { type: "json" };
import en from "./messages/en.json" with { type: "json" };
import fr from "./messages/fr.json" with { type: "json" };

// The server writes for both audiences: travellers (pages, emails, invoices) and operators (alert emails, `admin.*`,
// the console's catalogue; decision 072). The two catalogues share no id (catalogs.test.ts).
const SOURCES: Record<Language, Record<string, string>[]> = {
  fr: [fr, consoleFr],
  en: [en, consoleEn],
  ar: [ar, consoleAr],
};
const compiled = new Map<Language, I18n>();

/**
 * The catalogues' messages for a language, compiled once per process (a few milliseconds), for the server's
 * renders: public pages, emails, invoices, the sandbox gateway page. Wrap a React render in
 * `<I18nProvider i18n={serverI18n(language)}>`; plain text uses `serverTranslator(language)`.
 */
export function serverI18n(language: Language): I18n {
  let i18n = compiled.get(language);
  if (!i18n) {
    const messages: Messages = {};
    for (const source of SOURCES[language]) {
      for (const [id, message] of Object.entries(source)) messages[id] = compileMessageOrThrow(message);
    }
    i18n = setupI18n({ locale: language, messages: { [language]: messages } });
    compiled.set(language, i18n);
  }
  return i18n;
}

/** `t(id, values)` in one language, outside React. */
export function serverTranslator(language: Language): TranslateAny {
  const i18n = serverI18n(language);
  return (id: AnyMessageId, values?: MessageValues) => i18n._(id, values);
}
