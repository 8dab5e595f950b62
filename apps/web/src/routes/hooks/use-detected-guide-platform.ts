import { useState } from "react";
import { detectDevice } from "../../features/esims/lib/device.ts";
import { type GuidePlatform, guidePlatformOf } from "../../features/guides/lib/platform.ts";

/** The guide platform of the phone this page is read on (read once: a user agent does not change). */
export function useDetectedGuidePlatform(): GuidePlatform {
  const [platform] = useState(() => guidePlatformOf(detectDevice(navigator.userAgent).device));
  return platform;
}
