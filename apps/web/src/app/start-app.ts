import { DEFAULT_LANGUAGE, firstSupportedLanguage, isLanguage, type Language } from "@esim/shared/locale";
import { activateLanguage } from "../lib/i18n.ts";
import { registerNavigator } from "../lib/navigation.ts";
import { getPlatform } from "../lib/platform.ts";
import { startSession } from "../lib/session.ts";
import { readChosenLanguage } from "../lib/storage.ts";
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
 * The language the app starts in (decision 073): the one the address sets (/fr, /en, /ar; a public page's `?lang=`,
 * which the root loader then stores: its catalog is loaded first, not the stored one's too), else the one chosen on
 * this device, else the one the server painted the prerendered sign-in page in (decision 030: it read the same
 * choice, or the browser's), else the browser's, else French.
 */
function startLanguage(chosen: Language | null): Language {
  const pathLanguage = /^\/(fr|en|ar)\/?$/.exec(window.location.pathname)?.[1];
  const askedLanguage = new URLSearchParams(window.location.search).get("lang");
  const prerenderedLanguage = document.documentElement.dataset.prerenderedLanguage;
  const candidates = [pathLanguage, askedLanguage, chosen, prerenderedLanguage];
  return (
    candidates.find((candidate) => isLanguage(candidate)) ??
    firstSupportedLanguage(navigator.languages) ??
    DEFAULT_LANGUAGE
  );
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
  // TanStack Query's client is fetched while the session and the language's texts load, not with the entry script
  // (its budget: decision 100).
  const queryClientModule = import("../lib/query-client.ts");
  const [chosenLanguage] = await Promise.all([readChosenLanguage(), startSession()]);
  const [{ createQueryClient }] = await Promise.all([
    queryClientModule,
    activateLanguage(startLanguage(chosenLanguage)),
  ]);
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
