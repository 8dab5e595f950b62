import type { DeviceRecord } from "@esim/shared/devices/contracts";

/** Product description §9: registration starts 100 ms after start-up and re-checks a held record at 500 ms. */
export const DEVICE_STARTUP_DELAY_MS = 100;
export const DEVICE_PENDING_RECHECK_MS = 500;

export interface DeviceRegistrationDeps {
  buildRecord: () => Promise<DeviceRecord>;
  save: (record: DeviceRecord) => Promise<unknown>;
  /** The current session token, or null when signed out. */
  currentToken: () => string | null;
  /** Calls back on every session change; returns the unsubscribe function. */
  onSessionChange: (listener: () => void) => () => void;
}

/**
 * Sends this device's record once per signed-in session. Signed out, the
 * record is held pending and sent when authentication is seen (a session
 * change or the 500 ms re-check). A failed save is logged and stays pending.
 * Returns a stop function.
 */
export function startDeviceRegistration(deps: DeviceRegistrationDeps): () => void {
  let pending: DeviceRecord | null = null;
  let sentForToken: string | null = null;
  let isSending = false;
  let isStopped = false;

  const sendIfPossible = async () => {
    const token = deps.currentToken();
    if (isStopped || isSending || !pending || token === null || token === sentForToken) return;
    const record = pending;
    isSending = true;
    try {
      await deps.save(record);
      sentForToken = token;
    } catch (error) {
      // Logged only; the record stays pending for the next sign-in or re-check.
      console.error("Saving the device failed", error);
    } finally {
      isSending = false;
    }
  };

  const startupTimer = setTimeout(async () => {
    try {
      pending = await deps.buildRecord();
    } catch (error) {
      console.error("Reading the device failed", error);
      return;
    }
    await sendIfPossible();
  }, DEVICE_STARTUP_DELAY_MS);
  const recheckTimer = setTimeout(() => void sendIfPossible(), DEVICE_PENDING_RECHECK_MS);
  const unsubscribe = deps.onSessionChange(() => {
    // A new session (another user, or the same one again) gets the record anew.
    if (deps.currentToken() === null) sentForToken = null;
    void sendIfPossible();
  });

  return () => {
    isStopped = true;
    clearTimeout(startupTimer);
    clearTimeout(recheckTimer);
    unsubscribe();
  };
}
