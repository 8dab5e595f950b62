import type { Language } from "@esim/shared/locale";
import { redirect } from "react-router";
import { switchLanguage } from "../features/account/hooks/use-change-language.ts";
import { isAuthenticated } from "../lib/session.ts";

/**
 * /fr, /en, /ar: language, direction and LANG (and the account's preference when signed in), then home; a
 * visitor goes straight to sign-in (with home as the way back), so home's screen is never loaded for nothing.
 */
export function setLanguageLoader(language: Language) {
  return async () => {
    await switchLanguage(language);
    return redirect(isAuthenticated() ? "/home" : `/login?redirect=${encodeURIComponent("/home")}`);
  };
}
