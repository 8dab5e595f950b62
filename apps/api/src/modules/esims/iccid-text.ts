import type { Language } from "@esim/shared/locale";

/**
 * What stands where an eSIM's ICCID goes while the upstream has not given it: eSIM Access documents `iccid` as
 * optional in esim/query and may deliver a new profile without it, the activation code installing it meanwhile.
 */
export const ICCID_TO_COME: Record<Language, string> = {
  fr: "ICCID à venir",
  en: "ICCID to come",
  ar: "رقم ICCID سيُضاف لاحقًا",
};

/** "ICCID 8933…", or the words saying it is still to come; `wrap` isolates the number (left to right in Arabic). */
export function iccidLine(iccid: string | null, language: Language, wrap = (value: string) => value): string {
  return iccid ? `ICCID ${wrap(iccid)}` : ICCID_TO_COME[language];
}
