import type { Language } from "@esim/shared/locale";
import { render } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { RouterProvider } from "react-router";
import { afterEach, beforeEach, vi } from "vitest";
import { registerNavigator } from "../../lib/navigation.ts";
import { ConsoleProviders } from "../app/console-providers.tsx";
import { startConsole } from "../app/start-console.ts";

let disposeCurrent: (() => void) | null = null;

/**
 * Starts the real console (its own entry's start-up, decision 072) at `url`, LANG stored first as a returning
 * operator's browser would have it, and renders it.
 */
export async function renderApp(url: string, options: { language?: Language } = {}) {
  if (options.language) window.localStorage.setItem("LANG", options.language);
  window.history.replaceState(null, "", url);
  const { queryClient, router } = await startConsole();
  const user = userEvent.setup();
  const result = render(
    <ConsoleProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </ConsoleProviders>,
  );
  disposeCurrent = () => {
    router.dispose();
    queryClient.clear();
  };
  return { user, router, queryClient, ...result };
}

/**
 * In a describe of console tests: React's expected console errors silenced, and after each test the console
 * disposed and every timer, global stub and spy restored.
 */
export function setUpAppTests() {
  beforeEach(() => {
    vi.spyOn(console, "error").mockImplementation(() => {});
  });
  afterEach(() => {
    disposeCurrent?.();
    disposeCurrent = null;
    registerNavigator(null);
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
}
