import type { DeviceRecord } from "@esim/shared/devices/contracts";
import type { PushOutcome } from "./push-registration.ts";

/** Registration starts 100 ms after start-up and re-checks a held record at 500 ms. */
export const DEVICE_STARTUP_DELAY_MS = 100;
export const DEVICE_PENDING_RECHECK_MS = 500;

/**
 * How long a native app waits for push registration's outcome (the permission prompt, then the token) before it
 * sends the record without a token; a token that comes later is sent as an update (the API upserts by
 * device_id). Our own choice: long enough for a prompt answered at once, short enough that the
 * operator soon knows the device.
 */
export const PUSH_OUTCOME_WAIT_MS = 10_000;

export interface DeviceRegistrationDeps {
  buildRecord: () => Promise<DeviceRecord>;
  save: (record: DeviceRecord) => Promise<unknown>;
  /** The current session token, or null when signed out. */
  currentToken: () => string | null;
  /** Calls back on every session change; returns the unsubscribe function. */
  onSessionChange: (listener: () => void) => () => void;
  /**
   * Native only: starts push registration, which reports its outcome (a token, again on every new one, or why
   * there is none). Returns its stop function. Without it (web) push is not supported and no token is awaited.
   */
  startPush?: (report: (outcome: PushOutcome) => void) => () => void;
}

/**
 * Sends this device's record once per signed-in session, and again when its push token changes. Signed out,
 * the record is held pending and sent when authentication is seen (a session change or the 500 ms re-check).
 * With push (native) the record waits for the token, or for push to be refused or fail, or for
 * PUSH_OUTCOME_WAIT_MS; it is then sent without a token. A failed save is logged and stays pending.
 * Returns a stop function.
 */
export function startDeviceRegistration(deps: DeviceRegistrationDeps): () => void {
  let record: DeviceRecord | null = null;
  let pushToken: string | null = null;
  // On the web nothing is awaited; on native, until push says how it ended or the wait is over.
  let isAwaitingPush = deps.startPush !== undefined;
  let sent: { sessionToken: string; pushToken: string | null } | null = null;
  let isSending = false;
  let isStopped = false;

  const sendIfPossible = async (): Promise<void> => {
    const sessionToken = deps.currentToken();
    if (isStopped || isSending || !record || isAwaitingPush || sessionToken === null) return;
    if (sent?.sessionToken === sessionToken && sent.pushToken === pushToken) return;
    const payload: DeviceRecord = { ...record, push_token: pushToken };
    isSending = true;
    let isSaved = false;
    try {
      await deps.save(payload);
      sent = { sessionToken, pushToken: payload.push_token ?? null };
      isSaved = true;
    } catch (error) {
      // Logged only; the record stays pending for the next sign-in or re-check.
      console.error("Saving the device failed", error);
    } finally {
      isSending = false;
    }
    // A token or a session that changed during the save is sent now.
    if (isSaved) await sendIfPossible();
  };

  const onPush = (outcome: PushOutcome) => {
    isAwaitingPush = false;
    if (outcome.kind === "token") pushToken = outcome.token;
    void sendIfPossible();
  };

  let stopPush: () => void = () => {};
  const startupTimer = setTimeout(async () => {
    if (deps.startPush) stopPush = deps.startPush(onPush);
    try {
      record = await deps.buildRecord();
    } catch (error) {
      console.error("Reading the device failed", error);
      return;
    }
    await sendIfPossible();
  }, DEVICE_STARTUP_DELAY_MS);
  const recheckTimer = setTimeout(() => void sendIfPossible(), DEVICE_PENDING_RECHECK_MS);
  const pushWaitTimer = deps.startPush
    ? setTimeout(() => {
        isAwaitingPush = false;
        void sendIfPossible();
      }, DEVICE_STARTUP_DELAY_MS + PUSH_OUTCOME_WAIT_MS)
    : undefined;
  const unsubscribe = deps.onSessionChange(() => {
    // A new session (another user, or the same one again) gets the record anew.
    if (deps.currentToken() === null) sent = null;
    void sendIfPossible();
  });

  return () => {
    isStopped = true;
    clearTimeout(startupTimer);
    clearTimeout(recheckTimer);
    clearTimeout(pushWaitTimer);
    stopPush();
    unsubscribe();
  };
}
