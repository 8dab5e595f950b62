import { isNativePlatform, loadNativePlugins, type NativePlugins } from "../../lib/platform.ts";
import { buildNativeDeviceRecord, buildWebDeviceRecord } from "./device-record.ts";
import { type DeviceRegistrationDeps, startDeviceRegistration } from "./device-registration.ts";
import { type PushOutcome, startPushRegistration } from "./push-registration.ts";

export type ThisDeviceDeps = Pick<DeviceRegistrationDeps, "save" | "currentToken" | "onSessionChange"> & {
  /** Opens an eSIM's details (a tapped notification). */
  openEsim: (esimId: string) => void;
};

/** Native push through the lazily loaded plugin; a plugin that cannot load counts as a registration error. */
function startNativePush(plugins: () => Promise<NativePlugins>, openEsim: (esimId: string) => void) {
  return (report: (outcome: PushOutcome) => void): (() => void) => {
    let stop: (() => void) | null = null;
    let isStopped = false;
    plugins().then(
      ({ PushNotifications }) => {
        if (!isStopped) stop = startPushRegistration({ push: PushNotifications, report, openEsim });
      },
      (error: unknown) => {
        console.error("Push registration failed", error);
        if (!isStopped) report({ kind: "unavailable", reason: "error" });
      },
    );
    return () => {
      isStopped = true;
      stop?.();
    };
  };
}

/**
 * Registers this device for the signed-in user: on the web the browser's record without a token; on iOS and
 * Android the system's record, with the push token once push registration gives one. Returns the stop function.
 */
export function startThisDeviceRegistration({ openEsim, ...session }: ThisDeviceDeps): () => void {
  if (!isNativePlatform()) {
    // Push is not supported on the web: no permission is asked, no token awaited, the record goes without one.
    return startDeviceRegistration({ ...session, buildRecord: buildWebDeviceRecord });
  }
  // One import shared by the record and push (two at the same moment never settle under Vitest's fake timers).
  let loading: Promise<NativePlugins> | null = null;
  const plugins = () => {
    loading ??= loadNativePlugins();
    return loading;
  };
  return startDeviceRegistration({
    ...session,
    buildRecord: async () => buildNativeDeviceRecord(await plugins()),
    startPush: startNativePush(plugins, openEsim),
  });
}
