import { HTML_LANG, type Language, textDirection } from "@esim/shared/locale";
import type { MessageId, MessageValues } from "@esim/ui/i18n";
import { type Messages, setupI18n } from "@lingui/core";
import { mirrorLanguageCookie, writeLanguage } from "./storage.ts";

export type { MessageId, MessageValues, Translate } from "@esim/ui/i18n";

export const i18n = setupI18n();

type CatalogPart = "sign-in" | "rest";

// One dynamic import per language and part, so the first screen carries only its own language's sign-in texts
// (decision 030). build-tools/lingui-catalogs.ts splits each JSON by message-id prefix and compiles it to
// Lingui's token form.
const catalogLoaders: Record<Language, Record<CatalogPart, () => Promise<{ default: unknown }>>> = {
  fr: {
    "sign-in": () => import("@esim/ui/messages/fr.json?catalog=sign-in"),
    rest: () => import("@esim/ui/messages/fr.json?catalog=rest"),
  },
  en: {
    "sign-in": () => import("@esim/ui/messages/en.json?catalog=sign-in"),
    rest: () => import("@esim/ui/messages/en.json?catalog=rest"),
  },
  ar: {
    "sign-in": () => import("@esim/ui/messages/ar.json?catalog=sign-in"),
    rest: () => import("@esim/ui/messages/ar.json?catalog=rest"),
  },
};
type CatalogLoaders = Record<Language, () => Promise<{ default: unknown }>>;
// Catalogues beyond the app's (the operator console's, decision 072), added by their own entry, loaded whole.
const addedCatalogs: CatalogLoaders[] = [];
const loadedParts = new Set<string>();
// The rest of the texts is wanted from the moment a screen outside sign-in is opened; later language changes
// then load both parts before switching.
const neededParts = new Set<CatalogPart>(["sign-in"]);

async function loadCatalogPart(language: Language, part: CatalogPart): Promise<void> {
  if (loadedParts.has(`${language}:${part}`)) return;
  const catalog = await catalogLoaders[language][part]();
  // Lingui merges what is loaded for a language with what it already has.
  i18n.load(language, catalog.default as Messages);
  loadedParts.add(`${language}:${part}`);
}

async function loadAddedCatalog(language: Language, index: number): Promise<void> {
  if (loadedParts.has(`${language}:added-${index}`)) return;
  const catalog = await addedCatalogs[index]![language]();
  i18n.load(language, catalog.default as Messages);
  loadedParts.add(`${language}:added-${index}`);
}

async function loadCatalog(language: Language): Promise<void> {
  await Promise.all([
    ...[...neededParts].map((part) => loadCatalogPart(language, part)),
    ...addedCatalogs.map((_, index) => loadAddedCatalog(language, index)),
  ]);
}

/**
 * Another catalogue, loaded with every language from now on (the console's: its entry adds it before the first
 * render, so only the console's build holds it).
 */
export function addCatalog(loaders: CatalogLoaders): void {
  if (!addedCatalogs.includes(loaders)) addedCatalogs.push(loaders);
}

/**
 * Every screen's texts in the active language, awaited by the lazy layouts (and the not-found screen) before they
 * render: the sign-in screens need only the first part, already loaded at start.
 */
export async function loadAllTexts(): Promise<void> {
  neededParts.add("rest");
  await loadCatalog(currentLanguage());
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

/** `<html lang dir>`, title, description and keywords follow the language. */
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
  mirrorLanguageCookie(language);
}

/** A language chosen by the user: stored in LANG, then applied. */
export async function changeLanguage(language: Language): Promise<void> {
  await writeLanguage(language);
  await activateLanguage(language);
}

// The app's messages isolate values the shared way (packages/shared/src/bidi.ts).
export { isolate, isolateLtr } from "@esim/shared/bidi";
// The components shared with the server renders (packages/ui) and the app read the same hooks.
export { useLanguage, useT } from "@esim/ui/i18n";
