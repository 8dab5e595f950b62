import { useEffect } from "react";
import { getSession, subscribeToSession } from "../../../lib/session.ts";
import { saveDevice } from "../api/save-device.ts";
import { buildWebDeviceRecord } from "../device-record.ts";
import { startDeviceRegistration } from "../device-registration.ts";

/** Registers this browser with the API for the signed-in user, following the session. */
export function useDeviceRegistration(): void {
  useEffect(
    () =>
      startDeviceRegistration({
        buildRecord: buildWebDeviceRecord,
        save: saveDevice,
        currentToken: () => getSession().token,
        onSessionChange: subscribeToSession,
      }),
    [],
  );
}
