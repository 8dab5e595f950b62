import type { Me } from "@esim/shared/auth/contracts";
import type { Language } from "@esim/shared/locale";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { changeLanguage } from "../../../lib/i18n.ts";
import { isAuthenticated, ME_QUERY_KEY } from "../../../lib/session.ts";
import { readPreferences } from "../../../lib/storage.ts";
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
