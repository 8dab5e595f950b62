import { DEFAULT_LANGUAGE, firstSupportedLanguage } from "@esim/shared/locale";
import { registerNavigator } from "../../lib/navigation.ts";
import { createQueryClient } from "../../lib/query-client.ts";
import { readChosenLanguage } from "../../lib/storage.ts";
import { activateConsoleLanguage } from "../lib/i18n.ts";
import { createConsoleRouter } from "./router.tsx";

/**
 * Everything the console's first render needs: the language chosen on this origin (LANG, shared with the app), else
 * the browser's (decision 073), with both catalogues, the query client, the router. Shared by console/main.tsx and the console's route tests.
 */
export async function startConsole() {
  const chosen = await readChosenLanguage();
  await activateConsoleLanguage(chosen ?? firstSupportedLanguage(navigator.languages) ?? DEFAULT_LANGUAGE);
  const queryClient = createQueryClient();
  const router = createConsoleRouter();
  registerNavigator((to, options) => router.navigate(to, options));
  return { queryClient, router };
}
