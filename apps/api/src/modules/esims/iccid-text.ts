import type { Language } from "@esim/shared/locale";
import { iccidText } from "@esim/ui/emails";
import { serverTranslator } from "@esim/ui/server-i18n";

// An eSIM's ICCID may come after its delivery: eSIM Access documents `iccid` as optional in esim/query and may deliver
// a new profile without it, the activation code installing it meanwhile. The words are the catalogue's `iccid.toCome`,
// the same the web's screens show.

/** The words saying the ICCID is still to come. */
export function iccidToCome(language: Language): string {
  return serverTranslator(language)("iccid.toCome");
}

/** "ICCID 8933…", or the words saying it is still to come; `wrap` isolates the number (left to right in Arabic). */
export function iccidLine(iccid: string | null, language: Language, wrap?: (value: string) => string): string {
  return iccidText(serverTranslator(language), iccid, wrap);
}
