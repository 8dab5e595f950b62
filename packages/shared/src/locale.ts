export const LANGUAGES = ["fr", "en", "ar"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "fr";

export const CURRENCIES = ["DZD", "USD"] as const;
export type Currency = (typeof CURRENCIES)[number];
export const DEFAULT_CURRENCY: Currency = "DZD";

/** `<html lang>` per language. */
export const HTML_LANG: Record<Language, string> = { fr: "fr-DZ", en: "en-US", ar: "ar-DZ" };

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

export function isCurrency(value: unknown): value is Currency {
  return typeof value === "string" && (CURRENCIES as readonly string[]).includes(value);
}

export function textDirection(language: Language): "rtl" | "ltr" {
  return language === "ar" ? "rtl" : "ltr";
}

/**
 * The first of a browser's languages, most wanted first (navigator.languages, or acceptLanguageTags), that the product
 * speaks: "ar-DZ" and "ar" are Arabic; null when it speaks none of them (the caller falls back to French).
 */
export function firstSupportedLanguage(tags: readonly string[]): Language | null {
  for (const tag of tags) {
    const language = tag.trim().toLowerCase().split(/[-_]/)[0];
    if (isLanguage(language)) return language;
  }
  return null;
}

/** An `Accept-Language` header's tags, most wanted first (by `q`, then as written); `q=0` means "not this one". */
export function acceptLanguageTags(header: string | undefined): string[] {
  return (header ?? "")
    .split(",")
    .map((part, index) => {
      const [tag = "", ...parameters] = part.trim().split(";");
      const quality = parameters.map((parameter) => /^\s*q=([\d.]+)\s*$/.exec(parameter)?.[1]).find(Boolean);
      return { tag: tag.trim(), quality: quality === undefined ? 1 : Number(quality), index };
    })
    .filter(({ tag, quality }) => tag !== "" && tag !== "*" && quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index)
    .map(({ tag }) => tag);
}
