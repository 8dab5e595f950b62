import type { Language } from "@esim/shared/locale";
import type { AnyMessageId } from "@esim/ui/console-i18n";
import { activateLanguage, addCatalog, loadAllTexts } from "../../lib/i18n.ts";

// The console's words (decision 072): its own catalogue (`console.*`, packages/ui/src/messages/console/xx.json) on top
// of the shared one, whose errors, fields, statuses and common words it reuses. Console code imports its i18n from
// here, so an `console.*` id type-checks only inside the console.

export type MessageId = AnyMessageId;

export type { TranslateAny as Translate } from "@esim/ui/console-i18n";
/** `t(id, values)` over both catalogues, in the active language. */
export { useConsoleT as useT } from "@esim/ui/console-i18n";
export type { MessageValues } from "@esim/ui/i18n";
export { changeLanguage, currentLanguage, isolate, isolateLtr, useLanguage } from "../../lib/i18n.ts";

const CONSOLE_CATALOG: Record<Language, () => Promise<{ default: unknown }>> = {
  fr: () => import("@esim/ui/messages/console/fr.json"),
  en: () => import("@esim/ui/messages/console/en.json"),
  ar: () => import("@esim/ui/messages/console/ar.json"),
};

/** Switches to `language` with every text the console shows; a language chosen later loads the same. */
export async function activateConsoleLanguage(language: Language): Promise<void> {
  addCatalog(CONSOLE_CATALOG);
  await activateLanguage(language);
  await loadAllTexts();
}
