import type { DeviceRecord } from "@esim/shared/devices/contracts";
import { deviceIdOf } from "../../lib/device-id.ts";
import { getPlatform, type NativePlugins } from "../../lib/platform.ts";
import { readOrCreateDeviceId } from "../../lib/storage.ts";

/** The web build's version, set at build time (VITE_APP_VERSION); "1.0.0" when unknown. */
export const WEB_APP_VERSION_FALLBACK = "1.0.0";
/** What the native apps send for a fact the system does not give. */
export const NATIVE_UNKNOWN = "unknown";

const clip = (value: string, max: number) => value.slice(0, max);
const group = (match: RegExpExecArray | null, index: number) => match?.[index] ?? "";

interface UserAgentFacts {
  os: string;
  osVersion: string;
  model: string;
}

// Most specific first: Edge and Opera also say "Chrome", Chrome also says "Safari".
const BROWSERS: ReadonlyArray<[name: string, pattern: RegExp]> = [
  ["Edge", /Edg(?:A|iOS)?\/(\d+)/],
  ["Opera", /OPR\/(\d+)/],
  ["Samsung Internet", /SamsungBrowser\/(\d+)/],
  ["Firefox", /(?:Firefox|FxiOS)\/(\d+)/],
  ["Chrome", /(?:Chrome|CriOS)\/(\d+)/],
  ["Safari", /Version\/(\d+).*Safari/],
];

function browserOf(userAgent: string): string {
  for (const [name, pattern] of BROWSERS) {
    const match = pattern.exec(userAgent);
    if (match) return `${name} ${group(match, 1)}`;
  }
  return "Browser";
}

/** What the user agent says about the system and browser; enough to tell a user's devices apart. */
export function readUserAgent(userAgent: string): UserAgentFacts {
  const browser = browserOf(userAgent);
  const android = /Android ([\d.]+)(?:; ([^;)]+))?/.exec(userAgent);
  if (android) {
    const device = group(android, 2)
      .replace(/ Build\/.*/, "")
      .trim();
    return { os: "Android", osVersion: group(android, 1), model: device ? `${device} (${browser})` : browser };
  }
  const ios = /(iPhone|iPad|iPod).*? OS ([\d_]+)/.exec(userAgent);
  if (ios) return { os: "iOS", osVersion: group(ios, 2).replaceAll("_", "."), model: `${group(ios, 1)} (${browser})` };
  const mac = /Mac OS X ([\d_.]+)/.exec(userAgent);
  if (mac) return { os: "macOS", osVersion: group(mac, 1).replaceAll("_", "."), model: browser };
  const windows = /Windows NT ([\d.]+)/.exec(userAgent);
  if (windows) return { os: "Windows", osVersion: group(windows, 1), model: browser };
  if (/CrOS/.test(userAgent)) return { os: "ChromeOS", osVersion: "", model: browser };
  if (/Linux/.test(userAgent)) return { os: "Linux", osVersion: "", model: browser };
  return { os: "unknown", osVersion: "", model: browser };
}

/** The device record for this browser (no push token on the web). */
export async function buildWebDeviceRecord(): Promise<DeviceRecord> {
  const facts = readUserAgent(navigator.userAgent);
  return {
    device_id: await readOrCreateDeviceId(),
    platform: clip(facts.os, 40),
    model: clip(facts.model, 120),
    os_version: clip(facts.osVersion, 60),
    device_type: getPlatform(),
    device_locale: clip(navigator.language || "unknown", 35),
    timezone: clip(Intl.DateTimeFormat().resolvedOptions().timeZone || "unknown", 64),
    push_token: null,
    app_version: clip(import.meta.env.VITE_APP_VERSION || WEB_APP_VERSION_FALLBACK, 40),
  };
}

/** The plugins the native record is read from (the real ones, or a test's). */
export interface DeviceInfoPlugins {
  App: Pick<NativePlugins["App"], "getInfo">;
  Device: Pick<NativePlugins["Device"], "getId" | "getInfo" | "getLanguageTag">;
}

/** A plugin call that fails (or answers nothing) leaves its field "unknown" rather than the whole record unsent. */
async function settle<T>(call: () => Promise<T>, what: string): Promise<T | undefined> {
  try {
    return await call();
  } catch (error) {
    console.warn(`Reading the ${what} failed`, error);
    return undefined;
  }
}

const known = (value: string | undefined | null) => value?.trim() || NATIVE_UNKNOWN;

/** "Google Pixel 8", "samsung SM-S911B": the maker first unless the model already names it ("iPhone15,2" stays). */
export function nativeModelName(model: string | undefined, manufacturer: string | undefined): string {
  const name = model?.trim() ?? "";
  const maker = manufacturer?.trim() ?? "";
  if (!name) return maker || NATIVE_UNKNOWN;
  if (!maker || maker.toLowerCase() === "apple" || name.toLowerCase().startsWith(maker.toLowerCase())) return name;
  return `${maker} ${name}`;
}

/**
 * The device record on iOS and Android, read from the Device and App plugins.
 * The id is the system's (it may change on reinstall), else the stored DEVICE_ID; anything the system does not
 * give is "unknown". The push token is added by the registration once it arrives.
 */
export async function buildNativeDeviceRecord({ App, Device }: DeviceInfoPlugins): Promise<DeviceRecord> {
  const [id, info, languageTag, appInfo] = await Promise.all([
    settle(() => Device.getId(), "device id"),
    settle(() => Device.getInfo(), "device information"),
    settle(() => Device.getLanguageTag(), "device language"),
    settle(() => App.getInfo(), "app version"),
  ]);
  return {
    device_id: await deviceIdOf(id),
    platform: clip(known(info?.platform), 40),
    model: clip(nativeModelName(info?.model, info?.manufacturer), 120),
    os_version: clip(known(info?.osVersion), 60),
    device_type: getPlatform(),
    device_locale: clip(known(languageTag?.value), 35),
    timezone: clip(Intl.DateTimeFormat().resolvedOptions().timeZone || NATIVE_UNKNOWN, 64),
    push_token: null,
    app_version: clip(known(appInfo?.version), 40),
  };
}
