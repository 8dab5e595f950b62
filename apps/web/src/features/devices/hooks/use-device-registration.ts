import { useEffect } from "react";
import { navigateTo } from "../../../lib/navigation.ts";
import { getSession, subscribeToSession } from "../../../lib/session.ts";

/**
 * Registers this device (browser or app, with its push token on native) for the signed-in user. Its code (the
 * contract, push) is fetched once the app has started: the entry script stays within its budget (decision 100).
 */
export function useDeviceRegistration(): void {
  useEffect(() => {
    let stop: (() => void) | null = null;
    let isStopped = false;
    Promise.all([import("../register-this-device.ts"), import("../api/save-device.ts")]).then(
      ([{ startThisDeviceRegistration }, { saveDevice }]) => {
        if (isStopped) return;
        stop = startThisDeviceRegistration({
          save: saveDevice,
          currentToken: () => getSession().token,
          onSessionChange: subscribeToSession,
          openEsim: (esimId) => navigateTo(`/details/${encodeURIComponent(esimId)}`),
        });
      },
      (error: unknown) => console.error("Device registration could not load", error),
    );
    return () => {
      isStopped = true;
      stop?.();
    };
  }, []);
}
