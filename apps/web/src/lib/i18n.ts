import { HTML_LANG, type Language, textDirection } from "@esim/shared/locale";
import { type Messages, setupI18n } from "@lingui/core";
import { useLingui } from "@lingui/react";
import type enCatalog from "../locales/en.json";
import { writeLanguage } from "./storage.ts";

/** Every message id, typed from the English catalog; the catalog test keeps fr and ar in step. */
export type MessageId = keyof typeof enCatalog;
export type MessageValues = Record<string, string | number | undefined>;

export const i18n = setupI18n();

// One dynamic import per language, so the first screen carries only its own
// catalog. The JSON is compiled to Lingui's token form by build-tools/lingui-catalogs.ts.
const catalogLoaders: Record<Language, () => Promise<{ default: unknown }>> = {
  fr: () => import("../locales/fr.json"),
  en: () => import("../locales/en.json"),
  ar: () => import("../locales/ar.json"),
};
const loadedLanguages = new Set<Language>();

async function loadCatalog(language: Language): Promise<void> {
  if (loadedLanguages.has(language)) return;
  const catalog = await catalogLoaders[language]();
  i18n.load(language, catalog.default as Messages);
  loadedLanguages.add(language);
}

/** Translates outside React (document meta, logs shown to users). */
export function translate(id: MessageId, values?: MessageValues): string {
  return i18n._(id, values);
}

export function currentLanguage(): Language {
  return (i18n.locale || "fr") as Language;
}

function setMetaContent(name: string, content: string): void {
  let meta = document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  if (!meta) {
    meta = document.createElement("meta");
    meta.name = name;
    document.head.append(meta);
  }
  meta.content = content;
}

/** `<html lang dir>`, title, description and keywords follow the language (product description §4). */
function applyLanguageToDocument(language: Language): void {
  const root = document.documentElement;
  root.lang = HTML_LANG[language];
  root.dir = textDirection(language);
  document.title = translate("meta.title");
  setMetaContent("description", translate("meta.description"));
  setMetaContent("keywords", translate("meta.keywords"));
}

/** Loads the catalog and switches the interface, without storing the choice (start-up). */
export async function activateLanguage(language: Language): Promise<void> {
  await loadCatalog(language);
  i18n.activate(language);
  applyLanguageToDocument(language);
}

/** A language chosen by the user: stored in LANG, then applied. */
export async function changeLanguage(language: Language): Promise<void> {
  await writeLanguage(language);
  await activateLanguage(language);
}

/** `t(id, values)` bound to the active language; components re-render when it changes. */
export function useT(): (id: MessageId, values?: MessageValues) => string {
  // Lingui's provider hands out a new bound `_` on every language change, so users of `t` re-render.
  const { _ } = useLingui();
  return _ as (id: MessageId, values?: MessageValues) => string;
}

/** The active interface language. */
export function useLanguage(): Language {
  const { i18n: active } = useLingui();
  return (active.locale || "fr") as Language;
}

/**
 * Wraps a left-to-right value (an amount like "64 DA", an email) in Unicode
 * isolates before it goes into a message, so an Arabic sentence does not
 * reorder it ("DA 64"). The string form of `<bdi>`.
 */
export function isolate(value: string): string {
  return `\u2068${value}\u2069`;
}

/**
 * Like `isolate`, for a value with no letter to tell its direction ("200+"): forced left to right, else an Arabic
 * sentence shows "+200".
 */
export function isolateLtr(value: string): string {
  return `\u2066${value}\u2069`;
}
