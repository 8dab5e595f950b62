// What the iOS and Android apps add to the web app, started by start-app.ts only when the Capacitor bridge is
// there (lib/platform.ts); browsers never load this chunk nor the plugins' (docs/decisions/023-native-shell.md).
// First the store (Preferences, before the session reads the token), then, once the router exists: deep links,
// the Android back button and the status bar. Push and the device record belong to features/devices.

import { startDeepLinks } from "../lib/deep-links.ts";
import { getPlatform, loadNativePlugins, type NativePlugins, type Platform } from "../lib/platform.ts";
import { createPreferencesBackend, setStorageBackend, writePromoCode } from "../lib/storage.ts";

/**
 * The mobile headers' background (`bg-white` in components/ui/page-header.tsx and the layouts' headers),
 * painted behind Android's status bar so the bar and the header read as one surface.
 */
export const HEADER_BACKGROUND_COLOR = "#ffffff";

/** Where Android's back button leaves the app instead of going back: the signed-in home and the sign-in page. */
export const BACK_BUTTON_EXIT_PATHS: readonly string[] = ["/home", "/login"];

/** The part of the data router the shell drives (router.tsx's createAppRouter, or a test's stand-in). */
export interface ShellRouter {
  navigate(to: string): unknown;
  navigate(delta: number): unknown;
  readonly state: { readonly location: { readonly pathname: string } };
}

/** Keeps every stored value (LANG, Token, userPreferences…) in Capacitor Preferences. Call before startSession. */
export async function switchToNativeStorage(): Promise<void> {
  const { Preferences } = await loadNativePlugins();
  setStorageBackend(createPreferencesBackend(Preferences));
}

/** Closes the payment browser (SFSafariViewController, Custom Tab) if one is open; without one the plugin may refuse. */
function closePaymentBrowser(Browser: NativePlugins["Browser"]): void {
  Promise.resolve()
    .then(() => Browser.close())
    .catch(() => {});
}

/** Asks an open dialog to close as Escape would (Radix listens on the document); false when none is open. */
function closeOpenDialog(): boolean {
  const dialog = document.querySelector('[role="dialog"], [role="alertdialog"]');
  if (!dialog) return false;
  const target = dialog.contains(document.activeElement) ? document.activeElement : dialog;
  target?.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape", bubbles: true, cancelable: true }));
  return true;
}

/**
 * Dark icons on the white header. On Android the web view also goes under the status bar, as it always does on
 * iOS and on Android 15 (edge-to-edge), so the header's platform spacing (index.css) is right on every version;
 * the bar is painted the header's colour where Android still lets an app colour it. Cosmetic: failures only warn.
 */
async function paintStatusBar({ StatusBar, StatusBarStyle }: NativePlugins, platform: Platform): Promise<void> {
  try {
    await StatusBar.setStyle({ style: StatusBarStyle.Light });
    if (platform === "android") {
      await StatusBar.setOverlaysWebView({ overlay: true });
      await StatusBar.setBackgroundColor({ color: HEADER_BACKGROUND_COLOR });
    }
  } catch (error) {
    console.warn("The status bar could not be styled", error);
  }
}

/**
 * Starts the native behaviours once the router exists: deep links (a link at launch after 1000 ms, later ones
 * at once; each also closes the payment browser, since the gateway returns to the app through one), Android's
 * back button (an open dialog closes first; on /home, /login or without history the app exits, elsewhere it goes
 * one step back) and the status bar. Returns the function that removes the listeners.
 */
export async function startNativeShell({
  router,
  platform = getPlatform(),
}: {
  router: ShellRouter;
  platform?: Platform;
}): Promise<() => Promise<void>> {
  const plugins = await loadNativePlugins();
  const { App, Browser } = plugins;

  void paintStatusBar(plugins, platform);

  const stopDeepLinks = startDeepLinks({
    app: App,
    navigate: (to) => void router.navigate(to),
    storePromoCode: writePromoCode,
    onLink: () => closePaymentBrowser(Browser),
  });

  const backButton = App.addListener("backButton", ({ canGoBack }) => {
    if (closeOpenDialog()) return;
    if (!canGoBack || BACK_BUTTON_EXIT_PATHS.includes(router.state.location.pathname)) void App.exitApp();
    else void router.navigate(-1);
  });

  return async () => {
    await Promise.all([stopDeepLinks(), backButton.then((listener) => listener.remove())]);
  };
}
