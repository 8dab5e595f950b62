import { useEffect } from "react";
import { navigateTo } from "../../../lib/navigation.ts";
import { getSession, subscribeToSession } from "../../../lib/session.ts";
import { saveDevice } from "../api/save-device.ts";
import { startThisDeviceRegistration } from "../register-this-device.ts";

/** Registers this device (browser or app, with its push token on native) for the signed-in user. */
export function useDeviceRegistration(): void {
  useEffect(
    () =>
      startThisDeviceRegistration({
        save: saveDevice,
        currentToken: () => getSession().token,
        onSessionChange: subscribeToSession,
        openEsim: (esimId) => navigateTo(`/details/${encodeURIComponent(esimId)}`),
      }),
    [],
  );
}
