import type { Language } from "@esim/shared/locale";

/** Each language named in itself, so a reader finds their own whatever the interface language. */
export const LANGUAGE_NAMES: Record<Language, string> = { fr: "Français", en: "English", ar: "العربية" };
