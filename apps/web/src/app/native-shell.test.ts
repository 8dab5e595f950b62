import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { localStorageBackend, readPreferences, readToken, setStorageBackend, writeToken } from "../lib/storage.ts";
import {
  emitNative,
  fakeNativePlugins as native,
  nativeListenerCount,
  resetFakeNative,
  runAsNative,
} from "../test/fake-native-plugins.ts";
import { HEADER_BACKGROUND_COLOR, type ShellRouter, startNativeShell, switchToNativeStorage } from "./native-shell.ts";

vi.mock("../lib/native-plugins.ts", async () => (await import("../test/fake-native-plugins.ts")).fakeNativePlugins);

/** The router's part the shell uses, at `pathname`. */
function fakeRouter(pathname: string) {
  const navigate = vi.fn();
  const router: ShellRouter = { navigate, state: { location: { pathname } } };
  return { router, navigate };
}

describe("the native shell", () => {
  let stop: () => Promise<void> = async () => {};

  beforeEach(() => {
    vi.useFakeTimers();
    runAsNative("android");
  });
  afterEach(async () => {
    await stop();
    stop = async () => {};
    resetFakeNative();
    setStorageBackend(localStorageBackend);
    document.body.replaceChildren();
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  async function start(pathname = "/esims", platform: "ios" | "android" = "android") {
    runAsNative(platform);
    await switchToNativeStorage();
    const { router, navigate } = fakeRouter(pathname);
    stop = await startNativeShell({ router });
    await vi.advanceTimersByTimeAsync(0);
    return { navigate };
  }

  describe("storage", () => {
    it("keeps the token and the preferences in Capacitor Preferences, not in localStorage", async () => {
      await switchToNativeStorage();
      await writeToken("token-1");
      expect(native.Preferences.set).toHaveBeenCalledWith({ key: "Token", value: "token-1" });
      expect(await readToken()).toBe("token-1");
      expect(await readPreferences()).toEqual({ language: "fr", currency: "DZD" });
      expect(native.Preferences.set).toHaveBeenCalledWith({
        key: "userPreferences",
        value: JSON.stringify({ language: "french", currency: "dzd" }),
      });
      expect(window.localStorage.getItem("Token")).toBeNull();
      expect(window.localStorage.getItem("userPreferences")).toBeNull();
    });
  });

  describe("deep links", () => {
    it("opens the link the app was launched with after 1000 ms, and closes the payment browser", async () => {
      native.App.getLaunchUrl.mockResolvedValue({ url: "esimstore://payment-result?status=success&paymentId=p1" });
      const { navigate } = await start();

      await vi.advanceTimersByTimeAsync(999);
      expect(navigate).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      expect(navigate).toHaveBeenCalledExactlyOnceWith("/esims?paymentId=p1");
      expect(native.Browser.close).toHaveBeenCalledOnce();
    });

    it("opens a later link at once, stores its promo code in Preferences, and closes the payment browser", async () => {
      const { navigate } = await start();
      expect(nativeListenerCount("App", "appUrlOpen")).toBe(1);

      emitNative("App", "appUrlOpen", { url: "https://esim-store.dz/success?orderId=o1&promo=summer26" });
      await vi.advanceTimersByTimeAsync(0);
      expect(native.Browser.close).toHaveBeenCalledOnce();
      expect(navigate).toHaveBeenCalledExactlyOnceWith("/success?orderId=o1");
      expect(native.Preferences.set).toHaveBeenCalledWith({ key: "PROMO_CODE", value: "SUMMER26" });
      expect(window.localStorage.getItem("PROMO_CODE")).toBeNull();
    });

    it("still navigates when there is no payment browser to close", async () => {
      native.Browser.close.mockRejectedValue(new Error("No active window to close!"));
      const { navigate } = await start();

      emitNative("App", "appUrlOpen", { url: "esimstore://payment-result?status=failure&paymentId=p1" });
      await vi.advanceTimersByTimeAsync(0);
      expect(navigate).toHaveBeenCalledExactlyOnceWith("/home?paymentId=p1");
    });
  });

  describe("the Android back button", () => {
    it("goes one step back in history", async () => {
      const { navigate } = await start("/esims");
      emitNative("App", "backButton", { canGoBack: true });
      expect(navigate).toHaveBeenCalledExactlyOnceWith(-1);
      expect(native.App.exitApp).not.toHaveBeenCalled();
    });

    it.each(["/home", "/login"])("leaves the app on %s", async (pathname) => {
      const { navigate } = await start(pathname);
      emitNative("App", "backButton", { canGoBack: true });
      expect(native.App.exitApp).toHaveBeenCalledOnce();
      expect(navigate).not.toHaveBeenCalled();
    });

    it("leaves the app when there is no history to go back to", async () => {
      const { navigate } = await start("/esims");
      emitNative("App", "backButton", { canGoBack: false });
      expect(native.App.exitApp).toHaveBeenCalledOnce();
      expect(navigate).not.toHaveBeenCalled();
    });

    it("closes an open dialog as Escape would, and stays on the page", async () => {
      const { navigate } = await start("/home");
      const dialog = document.createElement("div");
      dialog.setAttribute("role", "dialog");
      const button = document.createElement("button");
      dialog.append(button);
      document.body.append(dialog);
      button.focus();
      const keys: string[] = [];
      document.addEventListener("keydown", (event) => keys.push(event.key), { once: true });

      emitNative("App", "backButton", { canGoBack: true });
      expect(keys).toEqual(["Escape"]);
      expect(navigate).not.toHaveBeenCalled();
      expect(native.App.exitApp).not.toHaveBeenCalled();
    });
  });

  describe("the status bar", () => {
    it("on Android: dark icons, under the status bar, painted the header's white", async () => {
      await start("/home", "android");
      expect(native.StatusBar.setStyle).toHaveBeenCalledWith({ style: "LIGHT" });
      expect(native.StatusBar.setOverlaysWebView).toHaveBeenCalledWith({ overlay: true });
      expect(native.StatusBar.setBackgroundColor).toHaveBeenCalledWith({ color: HEADER_BACKGROUND_COLOR });
      expect(HEADER_BACKGROUND_COLOR).toBe("#ffffff");
    });

    it("on iOS: dark icons only (the bar has no colour of its own there)", async () => {
      await start("/home", "ios");
      expect(native.StatusBar.setStyle).toHaveBeenCalledWith({ style: "LIGHT" });
      expect(native.StatusBar.setBackgroundColor).not.toHaveBeenCalled();
      expect(native.StatusBar.setOverlaysWebView).not.toHaveBeenCalled();
    });

    it("starts anyway when the status bar refuses", async () => {
      const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
      native.StatusBar.setStyle.mockRejectedValue(new Error("not implemented"));
      const { navigate } = await start("/esims");
      emitNative("App", "backButton", { canGoBack: true });
      expect(navigate).toHaveBeenCalledWith(-1);
      expect(warn).toHaveBeenCalledWith("The status bar could not be styled", expect.any(Error));
    });
  });

  it("stop() removes its listeners and cancels a launch link not yet opened", async () => {
    native.App.getLaunchUrl.mockResolvedValue({ url: "esimstore://esims" });
    const { navigate } = await start();
    await stop();
    expect(nativeListenerCount("App", "appUrlOpen")).toBe(0);
    expect(nativeListenerCount("App", "backButton")).toBe(0);
    await vi.advanceTimersByTimeAsync(2000);
    expect(navigate).not.toHaveBeenCalled();
  });
});
