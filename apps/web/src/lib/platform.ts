// Where the app runs, asked here and never of the user agent. On iOS and Android the Capacitor bridge injects
// `window.Capacitor` before the page loads, so the platform is known synchronously without shipping
// @capacitor/core to browser users; the plugins themselves load lazily, and only on native.

export type Platform = "web" | "ios" | "android";

type CapacitorBridge = { getPlatform?: () => string };

export function getPlatform(): Platform {
  const platform = (globalThis as { Capacitor?: CapacitorBridge }).Capacitor?.getPlatform?.();
  return platform === "ios" || platform === "android" ? platform : "web";
}

export function isNativePlatform(): boolean {
  return getPlatform() !== "web";
}

export type NativePlugins = typeof import("./native-plugins.ts");

/** The Capacitor plugins, in a chunk of their own that browsers never load. Tests mock `./native-plugins.ts`. */
export function loadNativePlugins(): Promise<NativePlugins> {
  if (!isNativePlatform()) return Promise.reject(new Error("Capacitor plugins exist only in the native apps"));
  return import("./native-plugins.ts");
}
