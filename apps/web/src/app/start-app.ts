import { isLanguage } from "@esim/shared/locale";
import { activateLanguage } from "../lib/i18n.ts";
import { registerNavigator } from "../lib/navigation.ts";
import { createQueryClient } from "../lib/query-client.ts";
import { startSession } from "../lib/session.ts";
import { readLanguage } from "../lib/storage.ts";
import { createAppRouter } from "./router.tsx";

/**
 * Everything the first render needs: the session from storage (a stored token
 * means signed in), the stored language and its catalog, the router. Shared by
 * main.tsx and the route tests, so tests start the app the way users do.
 */
export async function startApp() {
  const [storedLanguage] = await Promise.all([readLanguage(), startSession()]);
  // Opening /fr, /en or /ar switches to that language: load its catalog first, not the stored one's too.
  const pathLanguage = /^\/(fr|en|ar)\/?$/.exec(window.location.pathname)?.[1];
  await activateLanguage(isLanguage(pathLanguage) ? pathLanguage : storedLanguage);
  const queryClient = createQueryClient();
  const router = createAppRouter();
  registerNavigator((to, options) => router.navigate(to, options));
  return { queryClient, router };
}
