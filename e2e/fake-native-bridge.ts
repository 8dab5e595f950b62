import type { Page } from "@playwright/test";

// A stand-in for the bridge that Capacitor's iOS and Android shells inject into their web view, so the built app
// runs its native code paths in Chromium: the same `window.Capacitor` object, plugin headers, `nativePromise` and
// `nativeCallback` that @capacitor/core talks to on a phone. Plugin calls are recorded; events are sent with
// `emitNative`; Preferences persist in localStorage (`CapacitorStorage.<key>`) as they do across app restarts.
// Saving a file (lib/save-file.ts) completes: Filesystem.writeFile answers a `file:///cache/<path>` address, stores
// nothing, and Share.share resolves as if a target was chosen.

export type FakePlatform = "ios" | "android";

export interface FakeNativeOptions {
  platform: FakePlatform;
  /** The link the app was "launched" with (App.getLaunchUrl). */
  launchUrl?: string;
  /** What PushNotifications.requestPermissions answers. */
  pushPermission?: "granted" | "denied";
  /** The token `register()` delivers on `registration`. */
  pushToken?: string;
}

export interface NativeCall {
  plugin: string;
  method: string;
  options: Record<string, unknown>;
}

export const PREFERENCES_PREFIX = "CapacitorStorage.";

const PLUGIN_METHODS: Record<string, string[]> = {
  App: ["getLaunchUrl", "getInfo", "getState", "exitApp", "minimizeApp"],
  Browser: ["open", "close"],
  Device: ["getId", "getInfo", "getLanguageCode", "getLanguageTag", "getBatteryInfo"],
  Filesystem: [
    "checkPermissions",
    "requestPermissions",
    "readFile",
    "writeFile",
    "appendFile",
    "deleteFile",
    "mkdir",
    "rmdir",
    "readdir",
    "getUri",
    "stat",
    "rename",
    "copy",
    "downloadFile",
  ],
  Preferences: ["get", "set", "remove", "keys", "clear", "configure"],
  PushNotifications: [
    "requestPermissions",
    "checkPermissions",
    "register",
    "unregister",
    "getDeliveredNotifications",
    "removeAllDeliveredNotifications",
    "createChannel",
  ],
  Share: ["canShare", "share"],
  StatusBar: ["setStyle", "setBackgroundColor", "setOverlaysWebView", "show", "hide", "getInfo"],
};

/** Installs the fake bridge before any script of the page runs (also after reloads). */
export async function installFakeNativeBridge(page: Page, options: FakeNativeOptions): Promise<void> {
  await page.addInitScript(
    ({ options, pluginMethods, prefix }) => {
      type Callback = (data: unknown) => void;
      const win = window as unknown as Record<string, unknown>;
      const calls: Array<{ plugin: string; method: string; options: Record<string, unknown> }> = [];
      const listeners = new Map<string, Map<string, Callback>>();
      let nextCallbackId = 1;
      const emit = (plugin: string, event: string, data: unknown) => {
        for (const callback of listeners.get(`${plugin}.${event}`)?.values() ?? []) callback(data);
      };

      const answers: Record<string, (args: Record<string, unknown>) => unknown> = {
        // A native app is launched once: a later page load in the same tab is navigation inside it, not a new launch
        // with the same link (which the app would otherwise follow again a second later, wherever the traveller is).
        // A reload is a restart of the app, launched again with its link.
        "App.getLaunchUrl": () => {
          const [navigation] = performance.getEntriesByType("navigation") as PerformanceNavigationTiming[];
          const isRestart = navigation?.type === "reload";
          if (!options.launchUrl || (!isRestart && window.sessionStorage.getItem("fake-native-launched"))) {
            return undefined;
          }
          window.sessionStorage.setItem("fake-native-launched", "1");
          return { url: options.launchUrl };
        },
        "App.getInfo": () => ({ name: "eSIM Store", id: "dz.esimstore.app", build: "7", version: "1.4.0" }),
        "App.getState": () => ({ isActive: true }),
        "Device.getId": () => ({ identifier: `fake-${options.platform}-device` }),
        "Device.getInfo": () =>
          options.platform === "ios"
            ? { platform: "ios", model: "iPhone15,2", osVersion: "17.5", manufacturer: "Apple", isVirtual: false }
            : { platform: "android", model: "Pixel 8", osVersion: "15", manufacturer: "Google", isVirtual: false },
        "Device.getLanguageTag": () => ({ value: "fr-DZ" }),
        "Device.getLanguageCode": () => ({ value: "fr" }),
        "Filesystem.writeFile": ({ path }) => ({ uri: `file:///cache/${String(path)}` }),
        "Filesystem.getUri": ({ path }) => ({ uri: `file:///cache/${String(path)}` }),
        "Filesystem.checkPermissions": () => ({ publicStorage: "granted" }),
        "Filesystem.requestPermissions": () => ({ publicStorage: "granted" }),
        "Preferences.get": ({ key }) => ({ value: localStorage.getItem(`${prefix}${String(key)}`) }),
        "Preferences.set": ({ key, value }) => {
          localStorage.setItem(`${prefix}${String(key)}`, String(value));
        },
        "Preferences.remove": ({ key }) => {
          localStorage.removeItem(`${prefix}${String(key)}`);
        },
        "Preferences.keys": () => ({
          keys: Object.keys(localStorage)
            .filter((key) => key.startsWith(prefix))
            .map((key) => key.slice(prefix.length)),
        }),
        "PushNotifications.requestPermissions": () => ({ receive: options.pushPermission ?? "granted" }),
        "PushNotifications.checkPermissions": () => ({ receive: options.pushPermission ?? "prompt" }),
        "PushNotifications.register": () => {
          // The OS answers with the token a moment later, as APNs and FCM do.
          setTimeout(() => emit("PushNotifications", "registration", { value: options.pushToken ?? "fake-token" }), 50);
        },
        "Browser.open": () => {
          setTimeout(() => emit("Browser", "browserPageLoaded", {}), 10);
        },
        "Browser.close": () => {
          setTimeout(() => emit("Browser", "browserFinished", {}), 10);
        },
        "Share.canShare": () => ({ value: true }),
        "Share.share": () => ({ activityType: "" }),
        "StatusBar.getInfo": () => ({ visible: true, style: "LIGHT", color: "#ffffff", overlays: false }),
      };

      win.Capacitor = {
        getPlatform: () => options.platform,
        isNativePlatform: () => true,
        PluginHeaders: Object.entries(pluginMethods).map(([name, methods]) => ({
          name,
          methods: [
            ...methods.map((method) => ({ name: method, rtype: "promise" })),
            { name: "addListener", rtype: "callback" },
            { name: "removeListener", rtype: "promise" },
            { name: "removeAllListeners", rtype: "promise" },
          ],
        })),
        nativePromise(plugin: string, method: string, args: Record<string, unknown> = {}) {
          calls.push({ plugin, method, options: args });
          if (method === "removeListener") {
            listeners.get(`${plugin}.${String(args.eventName)}`)?.delete(String(args.callbackId));
            return Promise.resolve();
          }
          if (method === "removeAllListeners") {
            for (const key of listeners.keys()) if (key.startsWith(`${plugin}.`)) listeners.delete(key);
            return Promise.resolve();
          }
          return Promise.resolve(answers[`${plugin}.${method}`]?.(args));
        },
        nativeCallback(plugin: string, method: string, args: Record<string, unknown>, callback: Callback) {
          calls.push({ plugin, method, options: args });
          const id = String(nextCallbackId++);
          const key = `${plugin}.${String(args.eventName)}`;
          if (!listeners.has(key)) listeners.set(key, new Map());
          listeners.get(key)!.set(id, callback);
          return id;
        },
      };
      // What @capacitor/core reads to tell the platform.
      if (options.platform === "ios") win.webkit = { messageHandlers: { bridge: { postMessage() {} } } };
      else win.androidBridge = { postMessage() {} };
      win.__fakeNative = { calls, emit };
    },
    { options, pluginMethods: PLUGIN_METHODS, prefix: PREFERENCES_PREFIX },
  );
}

type FakeNativeWindow = Window & {
  __fakeNative: { calls: NativeCall[]; emit: (plugin: string, event: string, data: unknown) => void };
};

/** Sends a native event (appUrlOpen, backButton, registration…) to the app's listeners. */
export async function emitNative(page: Page, plugin: string, event: string, data: unknown = {}): Promise<void> {
  await page.evaluate(
    ([plugin, event, data]) => (window as unknown as FakeNativeWindow).__fakeNative.emit(plugin, event, data),
    [plugin, event, data] as const,
  );
}

/** The plugin calls the app has made so far, optionally of one plugin method (`"Browser.open"`). */
export async function nativeCalls(page: Page, name?: string): Promise<NativeCall[]> {
  const calls = await page.evaluate(() => (window as unknown as FakeNativeWindow).__fakeNative.calls);
  return name ? calls.filter((call) => `${call.plugin}.${call.method}` === name) : calls;
}
