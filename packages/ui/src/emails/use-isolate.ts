import { isolate } from "@esim/shared/bidi";
import { textDirection } from "@esim/shared/locale";
import { useLanguage } from "../i18n.ts";

/**
 * Isolates a value put into a sentence (an amount, a date, a reference) when the email reads right to left, so Arabic
 * never reorders "6,400 DA" into "DA 6,400"; a left-to-right email keeps the value as it is.
 */
export function useIsolate(): (value: string) => string {
  const language = useLanguage();
  return textDirection(language) === "rtl" ? isolate : (value) => value;
}
