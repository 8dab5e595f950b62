import { isLanguage } from "@esim/shared/locale";
import { activateLanguage } from "../lib/i18n.ts";
import { registerNavigator } from "../lib/navigation.ts";
import { getPlatform } from "../lib/platform.ts";
import { createQueryClient } from "../lib/query-client.ts";
import { startSession } from "../lib/session.ts";
import { readLanguage } from "../lib/storage.ts";
import { createAppRouter } from "./router.tsx";

/** The native shell's chunk (native-shell.ts), fetched only inside the iOS and Android apps. */
async function loadNativeShell() {
  if (getPlatform() === "web") return null;
  try {
    const shell = await import("./native-shell.ts");
    await shell.switchToNativeStorage();
    return shell;
  } catch (error) {
    // Without the plugins the app still runs, as in a browser (localStorage, no deep links).
    console.error("The native shell could not start", error);
    return null;
  }
}

/**
 * Everything the first render needs: the session from storage (a stored token
 * means signed in), the stored language and its catalog, the router. Shared by
 * main.tsx and the route tests, so tests start the app the way users do. In the
 * native apps the store is Capacitor Preferences, chosen before anything is read,
 * and the native shell (deep links, back button, status bar) starts with the router.
 */
export async function startApp() {
  // index.css gives the fixed headers each platform's top spacing from this attribute.
  document.documentElement.dataset.platform = getPlatform();
  const nativeShell = await loadNativeShell();
  // Nothing stored yet: the language the server painted the prerendered sign-in page in (decision 030).
  const prerenderedLanguage = document.documentElement.dataset.prerenderedLanguage;
  const [storedLanguage] = await Promise.all([
    readLanguage(isLanguage(prerenderedLanguage) ? prerenderedLanguage : undefined),
    startSession(),
  ]);
  // Opening /fr, /en or /ar switches to that language: load its catalog first, not the stored one's too.
  const pathLanguage = /^\/(fr|en|ar)\/?$/.exec(window.location.pathname)?.[1];
  await activateLanguage(isLanguage(pathLanguage) ? pathLanguage : storedLanguage);
  const queryClient = createQueryClient();
  const router = createAppRouter();
  registerNavigator((to, options) => router.navigate(to, options));
  const stopNativeShell = nativeShell
    ? await nativeShell.startNativeShell({ router }).catch((error: unknown) => {
        console.error("The native shell could not start", error);
        return null;
      })
    : null;
  return { queryClient, router, stopNativeShell };
}
