import type { Language } from "@esim/shared/locale";
import { cleanup, render } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { RouterProvider } from "react-router";
import { afterEach, beforeEach, vi } from "vitest";
import { AppProviders } from "../app/providers.tsx";
import { startApp } from "../app/start-app.ts";
import { registerNavigator } from "../lib/navigation.ts";
import { isNativePlatform } from "../lib/platform.ts";
import { stopSession } from "../lib/session.ts";
import { localStorageBackend, setStorageBackend } from "../lib/storage.ts";
import { PREFERENCES_PREFIX } from "./fake-native-plugins.ts";
// Modules the app fetches alongside its start (decision 100), loaded with the kit: a file's first test then does not
// spend its waiting time on their transform.
import "../features/devices/api/save-device.ts";
import "../features/devices/register-this-device.ts";
import "../lib/query-client.ts";

let disposeCurrent: (() => void) | null = null;

/**
 * Starts the real app at `url` (storage first, as a returning visitor would have it: in the fake Preferences
 * when running as a native app, see fake-native-plugins.ts) and renders it. `historyState` is the history entry's
 * state, as a reload finds it (none by default).
 */
export async function renderApp(
  url: string,
  options: { token?: string; language?: Language; historyState?: unknown } = {},
) {
  const storedKey = (key: string) => (isNativePlatform() ? `${PREFERENCES_PREFIX}${key}` : key);
  if (options.token) window.localStorage.setItem(storedKey("Token"), options.token);
  if (options.language) window.localStorage.setItem(storedKey("LANG"), options.language);
  window.history.replaceState(options.historyState ?? null, "", url);
  const { queryClient, router, stopNativeShell } = await startApp();
  const user = userEvent.setup();
  const result = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  disposeCurrent = () => {
    void stopNativeShell?.();
    router.dispose();
    queryClient.clear();
  };
  return { user, router, queryClient, ...result };
}

/**
 * Reloads the page as a browser does: the app stopped and started again at the same address, with the same storage
 * and the history entry's state kept.
 */
export async function reloadApp() {
  const url = `${window.location.pathname}${window.location.search}${window.location.hash}`;
  const historyState: unknown = window.history.state;
  disposeApp();
  cleanup();
  return renderApp(url, { historyState });
}

/** Call in afterEach: ends the session listeners, the router and the native shell of the last renderApp. */
export function disposeApp() {
  disposeCurrent?.();
  setStorageBackend(localStorageBackend);
  disposeCurrent = null;
  registerNavigator(null);
  stopSession();
}

/**
 * In a describe of app tests: React's expected console errors silenced, and after each test the app disposed
 * and every timer, global stub and spy restored.
 */
export function setUpAppTests() {
  beforeEach(() => {
    vi.spyOn(console, "error").mockImplementation(() => {});
  });
  afterEach(() => {
    disposeApp();
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
}
