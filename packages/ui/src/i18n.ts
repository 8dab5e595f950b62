import type { Language } from "@esim/shared/locale";
import { useLingui } from "@lingui/react";
import type enCatalog from "./messages/en.json";

/**
 * Every message id of the one catalogue (decision 069), typed from the English file; catalogs.test.ts keeps fr and
 * ar in step. The same ids are read by the web app (compiled at build), the public pages, the emails and the
 * invoices (compiled once per language on the server: server-i18n.ts).
 */
export type MessageId = keyof typeof enCatalog;
export type MessageValues = Record<string, string | number | undefined>;
export type Translate = (id: MessageId, values?: MessageValues) => string;

/** `t(id, values)` bound to the active language; components re-render when it changes. */
export function useT(): Translate {
  // Lingui's provider hands out a new bound `_` on every language change, so users of `t` re-render.
  const { _ } = useLingui();
  return _ as Translate;
}

/** The active language of the surrounding I18nProvider (the app's, or the one a server render was given). */
export function useLanguage(): Language {
  const { i18n } = useLingui();
  return (i18n.locale || "fr") as Language;
}
