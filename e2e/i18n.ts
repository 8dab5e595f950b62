import ar from "../packages/ui/src/messages/ar.json" with { type: "json" };
import en from "../packages/ui/src/messages/en.json" with { type: "json" };
import fr from "../packages/ui/src/messages/fr.json" with { type: "json" };

const catalogs = { fr, en, ar };
export type JourneyLanguage = keyof typeof catalogs;
type MessageId = keyof typeof en;

/** A message as the app shows it, for simple messages and `{name}` placeholders (no plurals). */
export function text(language: JourneyLanguage, id: MessageId, values: Record<string, string> = {}): string {
  return catalogs[language][id].replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? `{${name}}`);
}
