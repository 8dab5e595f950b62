import type { Language } from "@esim/shared/locale";
import { redirect } from "react-router";
import { switchLanguage } from "../features/account/hooks/use-change-language.ts";

/** /fr, /en, /ar: language, direction and LANG (and the account's preference when signed in), then home. */
export function setLanguageLoader(language: Language) {
  return async () => {
    await switchLanguage(language);
    return redirect("/home");
  };
}
