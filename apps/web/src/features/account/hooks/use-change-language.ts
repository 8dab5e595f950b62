import type { Me } from "@esim/shared/auth/contracts";
import type { Language } from "@esim/shared/locale";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { changeLanguage } from "../../../lib/i18n.ts";
import { isAuthenticated, ME_QUERY_KEY } from "../../../lib/session.ts";
import { readChosenLanguage, readPreferences } from "../../../lib/storage.ts";
import { savePreferences } from "../api/update-preferences.ts";

/**
 * Switches the interface language (LANG, `<html lang dir>`, meta) and, when
 * signed in, saves it with the account and in `userPreferences`. A failed save
 * is logged: the interface has changed all the same.
 */
export async function switchLanguage(language: Language): Promise<Me | null> {
  await changeLanguage(language);
  if (!isAuthenticated()) return null;
  try {
    const { currency } = await readPreferences();
    return await savePreferences({ language, currency });
  } catch (error) {
    console.error("Saving the language preference failed", error);
    return null;
  }
}

/**
 * At sign-in (decision 073): a language the visitor chose on this device before signing in (a public page's, the
 * picker's) is theirs and becomes the account's, so its emails follow; with none (a new device), the account's saved
 * language is shown from now on. Answers the account as saved when it changed.
 */
export async function followLanguageAtSignIn(account: Me): Promise<Me | null> {
  const chosen = await readChosenLanguage();
  if (chosen === null) {
    await changeLanguage(account.language);
    return null;
  }
  return chosen === account.language ? null : switchLanguage(chosen);
}

export function useChangeLanguage(): (language: Language) => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(
    async (language: Language) => {
      const me = await switchLanguage(language);
      if (me) queryClient.setQueryData(ME_QUERY_KEY, me);
    },
    [queryClient],
  );
}
