import ar from "../packages/ui/src/messages/ar.json" with { type: "json" };
import consoleAr from "../packages/ui/src/messages/console/ar.json" with { type: "json" };
import consoleEn from "../packages/ui/src/messages/console/en.json" with { type: "json" };
import consoleFr from "../packages/ui/src/messages/console/fr.json" with { type: "json" };
import en from "../packages/ui/src/messages/en.json" with { type: "json" };
import fr from "../packages/ui/src/messages/fr.json" with { type: "json" };

// The traveller's catalogue and the console's (decision 072): journeys read the words of both apps.
const catalogs = {
  fr: { ...fr, ...consoleFr },
  en: { ...en, ...consoleEn },
  ar: { ...ar, ...consoleAr },
};
export type JourneyLanguage = keyof typeof catalogs;
type MessageId = keyof (typeof catalogs)["en"];

/** A message as the app shows it, for simple messages and `{name}` placeholders (no plurals). */
export function text(language: JourneyLanguage, id: MessageId, values: Record<string, string> = {}): string {
  return catalogs[language][id].replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? `{${name}}`);
}
