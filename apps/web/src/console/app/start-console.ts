import { registerNavigator } from "../../lib/navigation.ts";
import { createQueryClient } from "../../lib/query-client.ts";
import { readLanguage } from "../../lib/storage.ts";
import { activateConsoleLanguage } from "../lib/i18n.ts";
import { createConsoleRouter } from "./router.tsx";

/**
 * Everything the console's first render needs: the stored language (LANG, shared with the app on this origin) with
 * both catalogues, the query client, the router. Shared by console/main.tsx and the console's route tests.
 */
export async function startConsole() {
  await activateConsoleLanguage(await readLanguage());
  const queryClient = createQueryClient();
  const router = createConsoleRouter();
  registerNavigator((to, options) => router.navigate(to, options));
  return { queryClient, router };
}
