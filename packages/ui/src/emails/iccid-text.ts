import type { Translate } from "../i18n.ts";

/**
 * "ICCID 8933…", or the words saying it is still to come (an eSIM delivered before the upstream gave its ICCID);
 * `wrap` isolates the number inside a right-to-left sentence. The web's screens say the same through `iccid.toCome`.
 */
export function iccidText(t: Translate, iccid: string | null, wrap: (value: string) => string = (value) => value) {
  return iccid ? t("iccid.line", { iccid: wrap(iccid) }) : t("iccid.toCome");
}
