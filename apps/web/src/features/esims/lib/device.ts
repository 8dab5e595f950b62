/** The phone the install screen is viewed on, read from the user agent (install paths differ). */
export type InstallDevice = "ios" | "android" | "other";

export interface DeviceInfo {
  device: InstallDevice;
  /** iOS version as [major, minor] when the user agent tells it. */
  iosVersion: [number, number] | null;
}

export function detectDevice(userAgent: string): DeviceInfo {
  if (/iPhone|iPad|iPod/.test(userAgent)) {
    const match = /OS (\d+)[_.](\d+)/.exec(userAgent);
    return { device: "ios", iosVersion: match ? [Number(match[1]), Number(match[2])] : null };
  }
  if (/Android/i.test(userAgent)) return { device: "android", iosVersion: null };
  return { device: "other", iosVersion: null };
}

/** Apple's one-tap install needs iOS 17.4 or later; an unknown version gets the link (with the note). */
export function supportsIosOneTap(version: [number, number] | null): boolean {
  if (!version) return true;
  const [major, minor] = version;
  return major > 17 || (major === 17 && minor >= 4);
}
