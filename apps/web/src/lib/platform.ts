// Where the app runs. Web only for now; the native issue reads Capacitor here,
// so the rest of the app asks this module and never the user agent.

export type Platform = "web" | "ios" | "android";

export function getPlatform(): Platform {
  return "web";
}

export function isNativePlatform(): boolean {
  return getPlatform() !== "web";
}
