import { toAsciiDigits } from "./eid.ts";

const COMBINING_MARKS = /[\p{M}\p{Cf}]+/gu;

/**
 * Folds a text for search in French, English and Arabic: lower case; accents, Arabic diacritics (tashkeel),
 * hamza/madda carriers (NFD splits أ إ آ into ا plus a mark) and invisible direction marks removed; ٱ → ا,
 * ة → ه, ى → ي; tatweel dropped; Arabic-Indic digits as 0–9; anything that is neither a letter, a digit nor one of
 * `keep` becomes one space. Used by the destination search (API), the phone list and the FAQ (web), so a word
 * matches the same way everywhere.
 */
export function foldSearchText(text: string, options: { keep?: string } = {}): string {
  const keep = (options.keep ?? "").replace(/[\\\]^-]/g, "\\$&");
  const separators = new RegExp(`[^\\p{L}\\p{N}${keep}]+`, "gu");
  return toAsciiDigits(text)
    .normalize("NFD")
    .replace(COMBINING_MARKS, "")
    .toLowerCase()
    .replaceAll("ß", "ss")
    .replaceAll("œ", "oe")
    .replaceAll("æ", "ae")
    .replaceAll("ٱ", "ا")
    .replaceAll("ة", "ه")
    .replaceAll("ى", "ي")
    .replaceAll("ـ", "")
    .replace(separators, " ")
    .trim();
}
