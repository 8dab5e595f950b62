import { getMe } from "@esim/shared/auth/contracts";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { callApi } from "../lib/api-client.ts";
import { registerNavigator } from "../lib/navigation.ts";
import { clearSession, getSession, signIn, stopSession } from "../lib/session.ts";
import { localStorageBackend, setStorageBackend } from "../lib/storage.ts";
import { apiError, fakeApi } from "../test/fake-api.ts";
import {
  fakeNativePlugins as native,
  PREFERENCES_PREFIX,
  resetFakeNative,
  runAsNative,
} from "../test/fake-native-plugins.ts";
import { startApp } from "./start-app.ts";

vi.mock("../lib/native-plugins.ts", async () => (await import("../test/fake-native-plugins.ts")).fakeNativePlugins);

const stored = (key: string) => window.localStorage.getItem(`${PREFERENCES_PREFIX}${key}`);

describe("startApp", () => {
  let started: Awaited<ReturnType<typeof startApp>> | null = null;

  /** Starts the app as a fresh launch would (the previous run's session and router gone). */
  async function launch() {
    await stop();
    started = await startApp();
    return started;
  }

  async function stop() {
    await started?.stopNativeShell?.();
    started?.router.dispose();
    started = null;
    stopSession();
    registerNavigator(null);
    setStorageBackend(localStorageBackend);
  }

  beforeEach(() => {
    window.history.replaceState(null, "", "/home");
  });
  afterEach(async () => {
    await stop();
    resetFakeNative();
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("in a browser keeps localStorage, marks the page as web and loads no native plugin", async () => {
    window.localStorage.setItem("Token", "web-token");
    const { stopNativeShell } = await launch();
    expect(getSession().token).toBe("web-token");
    expect(document.documentElement).toHaveAttribute("data-platform", "web");
    expect(stopNativeShell).toBeNull();
    expect(native.Preferences.get).not.toHaveBeenCalled();
    expect(native.App.addListener).not.toHaveBeenCalled();
  });

  it("keeps the language a prerendered page was painted in when none is stored, and mirrors it in the LANG cookie", async () => {
    document.documentElement.dataset.prerenderedLanguage = "ar";
    try {
      await launch();
      expect(document.documentElement).toHaveAttribute("lang", "ar-DZ");
      expect(document.cookie).toContain("LANG=ar");

      // A stored language wins: the app switches the painted page to it.
      window.localStorage.setItem("LANG", "en");
      await launch();
      expect(document.documentElement).toHaveAttribute("lang", "en-US");
      expect(document.cookie).toContain("LANG=en");
    } finally {
      delete document.documentElement.dataset.prerenderedLanguage;
    }
  });

  it("on iOS reads the token and the language from Preferences before the session starts", async () => {
    runAsNative("ios");
    window.localStorage.setItem("Token", "a-browser-token");
    window.localStorage.setItem(`${PREFERENCES_PREFIX}Token`, "app-token");
    window.localStorage.setItem(`${PREFERENCES_PREFIX}LANG`, "ar");
    await launch();
    expect(getSession().token).toBe("app-token");
    expect(document.documentElement).toHaveAttribute("lang", "ar-DZ");
    expect(document.documentElement).toHaveAttribute("data-platform", "ios");
  });

  it("on Android keeps the session rules: the token survives a restart, a 401 and a sign-out clear it", async () => {
    runAsNative("android");
    await launch();
    expect(document.documentElement).toHaveAttribute("data-platform", "android");
    expect(getSession().token).toBeNull();

    await signIn("token-1");
    expect(stored("Token")).toBe("token-1");
    await launch();
    expect(getSession().token).toBe("token-1");

    fakeApi({ "GET /auth/me": () => apiError(401, "UNAUTHENTICATED") });
    await expect(callApi(getMe, {})).rejects.toMatchObject({ status: 401 });
    expect(stored("Token")).toBeNull();
    expect(getSession().token).toBeNull();

    await signIn("token-2");
    await clearSession("signed-out");
    expect(stored("Token")).toBeNull();
    await launch();
    expect(getSession().token).toBeNull();
    expect(window.localStorage.getItem("Token")).toBeNull();
  });

  it("on Android sends a launch deep link through the app's router after 1000 ms", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    runAsNative("android");
    native.App.getLaunchUrl.mockResolvedValue({ url: "esimstore://esims?promo=summer26" });
    window.history.replaceState(null, "", "/login");
    const { router } = await launch();

    await vi.advanceTimersByTimeAsync(999);
    expect(router.state.navigation.location).toBeUndefined();
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe("/login");
    await vi.advanceTimersByTimeAsync(1);
    // Signed out: the eSIMs need a session, so the router sends the visitor to sign in with the way back.
    await vi.waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
        `/login?redirect=${encodeURIComponent("/esims")}`,
      ),
    );
    expect(stored("PROMO_CODE")).toBe("SUMMER26");
    expect(native.Browser.close).toHaveBeenCalledOnce();
  });
});
