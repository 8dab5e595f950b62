/** The two families of phones the guides tell apart (Android then splits Samsung and Pixel step by step). */
export type GuidePlatform = "iphone" | "android";

export const GUIDE_PLATFORMS: readonly GuidePlatform[] = ["iphone", "android"];

export function isGuidePlatform(value: unknown): value is GuidePlatform {
  return value === "iphone" || value === "android";
}

/** The guide to open first for the phone the page is read on; a computer gets the iPhone's. */
export function guidePlatformOf(device: "ios" | "android" | "other"): GuidePlatform {
  return device === "android" ? "android" : "iphone";
}
