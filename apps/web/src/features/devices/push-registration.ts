import type { NativePlugins } from "../../lib/platform.ts";

/** What push registration ends with: a token to send with the device record, or why there is none. */
export type PushOutcome = { kind: "token"; token: string } | { kind: "unavailable"; reason: "denied" | "error" };

export type PushPlugin = Pick<NativePlugins["PushNotifications"], "addListener" | "requestPermissions" | "register">;

export interface PushRegistrationOptions {
  push: PushPlugin;
  /** Called with the token (again on every new one: APNs and FCM rotate them), or once when push is unavailable. */
  report: (outcome: PushOutcome) => void;
  /** Called when the user taps a notification about an eSIM. */
  openEsim: (esimId: string) => void;
}

/** The eSIM a notification's data names (`{ esimId }`), if any. */
export function esimIdOfNotification(data: unknown): string | null {
  const esimId = (data as { esimId?: unknown } | null | undefined)?.esimId;
  return typeof esimId === "string" && esimId.trim() !== "" ? esimId.trim() : null;
}

/**
 * Native push: the permission is asked first, and only a granted permission is
 * followed by `register()`, whose token arrives on the `registration` event. Listeners are added before
 * `register()` so no early token is missed. A registration error is logged only. Returns the stop function.
 */
export function startPushRegistration({ push, report, openEsim }: PushRegistrationOptions): () => void {
  let isStopped = false;
  const tell = (outcome: PushOutcome) => {
    if (!isStopped) report(outcome);
  };

  // Inside an async function, so a plugin that throws at once fails like one that rejects.
  const listeners = (async () =>
    Promise.all([
      push.addListener("registration", ({ value }) => {
        if (value) tell({ kind: "token", token: value });
      }),
      push.addListener("registrationError", (error) => {
        console.error("Push registration failed", error);
        tell({ kind: "unavailable", reason: "error" });
      }),
      push.addListener("pushNotificationActionPerformed", ({ notification }) => {
        const esimId = esimIdOfNotification(notification?.data);
        if (esimId && !isStopped) openEsim(esimId);
      }),
    ]))();

  void (async () => {
    try {
      await listeners;
      if (isStopped) return;
      const permission = await push.requestPermissions();
      if (permission.receive !== "granted") {
        tell({ kind: "unavailable", reason: "denied" });
        return;
      }
      if (!isStopped) await push.register();
    } catch (error) {
      console.error("Push registration failed", error);
      tell({ kind: "unavailable", reason: "error" });
    }
  })();

  return () => {
    isStopped = true;
    void listeners.then(
      (handles) => Promise.all(handles.map((handle) => handle.remove())),
      () => {},
    );
  };
}
