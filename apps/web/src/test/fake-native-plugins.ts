import { type Mock, vi } from "vitest";
import type { NativePlugins, Platform } from "../lib/platform.ts";

// Stand-ins for the Capacitor plugins of lib/native-plugins.ts, for tests of the native code paths:
//   vi.mock("../lib/native-plugins.ts", async () => (await import("./fake-native-plugins.ts")).fakeNativePlugins);
//   beforeEach(() => runAsNative("ios")); afterEach(() => resetFakeNative());
// Every method is a vi.fn with a plausible answer (override with mockResolvedValue…); `emitNative` fires a plugin
// event to its listeners as the bridge would. Preferences keep their values in localStorage under
// `CapacitorStorage.<key>`, as Capacitor's own web implementation and e2e/fake-native-bridge.ts do.

/** Where the fake Preferences keep a value (what survives an app restart). */
export const PREFERENCES_PREFIX = "CapacitorStorage.";

type NativePlatform = Exclude<Platform, "web">;
type Listener = (event: unknown) => void;

let platform: NativePlatform = "ios";
const listeners = new Map<string, Set<Listener>>();

function listenerSet(plugin: string, event: string): Set<Listener> {
  const key = `${plugin}:${event}`;
  let set = listeners.get(key);
  if (!set) {
    set = new Set();
    listeners.set(key, set);
  }
  return set;
}

/** `addListener` of one plugin: the handle's `remove()` takes the listener off again. */
function addListenerOf(plugin: string) {
  return vi.fn(async (event: string, listener: Listener) => {
    const set = listenerSet(plugin, event);
    set.add(listener);
    return { remove: async () => void set.delete(listener) };
  });
}

const plugins = {
  App: {
    addListener: addListenerOf("App"),
    getLaunchUrl: vi.fn(async (): Promise<{ url: string } | undefined> => undefined),
    exitApp: vi.fn(async () => {}),
    getInfo: vi.fn(async () => ({ name: "eSIM Store", id: "dz.esimstore.app", build: "14", version: "1.4.0" })),
  },
  Browser: {
    addListener: addListenerOf("Browser"),
    open: vi.fn(async (_options: { url: string }) => {}),
    close: vi.fn(async () => {}),
  },
  Device: {
    getId: vi.fn(async () => ({ identifier: `${platform}-device-1` })),
    getInfo: vi.fn(async () =>
      platform === "ios"
        ? { platform, model: "iPhone15,2", osVersion: "17.5", manufacturer: "Apple", isVirtual: false }
        : { platform, model: "Pixel 8", osVersion: "15", manufacturer: "Google", isVirtual: false },
    ),
    getLanguageTag: vi.fn(async () => ({ value: "fr-DZ" })),
  },
  Directory: { Cache: "CACHE", Data: "DATA", Documents: "DOCUMENTS" },
  Filesystem: {
    // The app's cache as iOS and Android name it, under a stand-in root.
    writeFile: vi.fn(async ({ path }: { path: string; data: string; directory?: string }) => ({
      uri: `file:///cache/${path}`,
    })),
  },
  Preferences: {
    get: vi.fn(async ({ key }: { key: string }) => ({
      value: window.localStorage.getItem(`${PREFERENCES_PREFIX}${key}`),
    })),
    set: vi.fn(async ({ key, value }: { key: string; value: string }) =>
      window.localStorage.setItem(`${PREFERENCES_PREFIX}${key}`, value),
    ),
    remove: vi.fn(async ({ key }: { key: string }) => window.localStorage.removeItem(`${PREFERENCES_PREFIX}${key}`)),
  },
  PushNotifications: {
    addListener: addListenerOf("PushNotifications"),
    requestPermissions: vi.fn(async () => ({ receive: "denied" })),
    register: vi.fn(async () => {}),
  },
  Share: {
    // What the plugin answers once a target was chosen; closing the sheet rejects with "Share canceled".
    share: vi.fn(async (_options: { title?: string; files?: string[] }) => ({ activityType: "" })),
  },
  StatusBar: {
    setStyle: vi.fn(async (_options: { style: string }) => {}),
    setBackgroundColor: vi.fn(async (_options: { color: string }) => {}),
    setOverlaysWebView: vi.fn(async (_options: { overlay: boolean }) => {}),
  },
  StatusBarStyle: { Dark: "DARK", Light: "LIGHT", Default: "DEFAULT" },
};

// Tests answer with the few fields the code reads (a partial DeviceInfo…), so the mocks take any value.
// biome-ignore lint/suspicious/noExplicitAny: a test double's answers are checked by the code under test.
type LooseMock = Mock<(...args: any[]) => any>;
/** Passes for the real plugins (functions taking them type-check) while every method is a mock to drive. */
type FakeNativePlugins = NativePlugins & {
  [P in keyof typeof plugins]: { [M in keyof (typeof plugins)[P]]: (typeof plugins)[P][M] & LooseMock };
};

/** The module `vi.mock("…/lib/native-plugins.ts")` answers with. */
export const fakeNativePlugins = plugins as unknown as FakeNativePlugins;

/** Runs the code under test as the iOS or Android app: the bridge's `window.Capacitor` is there. */
export function runAsNative(next: NativePlatform): void {
  platform = next;
  vi.stubGlobal("Capacitor", { getPlatform: () => next });
}

/** Fires a plugin event (`appUrlOpen`, `backButton`, `browserFinished`, `registration`…) to its listeners. */
export function emitNative(plugin: keyof typeof plugins, event: string, data?: unknown): void {
  for (const listener of [...listenerSet(plugin, event)]) listener(data);
}

export function nativeListenerCount(plugin: keyof typeof plugins, event: string): number {
  return listenerSet(plugin, event).size;
}

/** Back to a browser: no bridge, no listeners, every mock's calls forgotten and its default answer back. */
export function resetFakeNative(): void {
  delete (globalThis as { Capacitor?: unknown }).Capacitor;
  platform = "ios";
  listeners.clear();
  for (const plugin of Object.values(plugins)) {
    for (const method of Object.values(plugin)) {
      if (vi.isMockFunction(method)) method.mockReset();
    }
  }
  for (const key of Object.keys(window.localStorage)) {
    if (key.startsWith(PREFERENCES_PREFIX)) window.localStorage.removeItem(key);
  }
}
