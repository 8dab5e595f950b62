import { useEffect, useRef } from "react";
import { closeThisWindow, watchPaymentWindow } from "../../../lib/payment-window.ts";
import { isNativePlatform, loadNativePlugins } from "../../../lib/platform.ts";

/**
 * In the apps: the in-app browser closed (Done, back, or the shell closing it for a payment link) fires
 * `browserFinished`. Returns the function that removes the listener.
 */
function watchInAppBrowser(onFinished: () => void): () => void {
  let isStopped = false;
  const listener = loadNativePlugins()
    .then(({ Browser }) =>
      Browser.addListener("browserFinished", () => {
        if (!isStopped) onFinished();
      }),
    )
    .catch((error: unknown) => {
      console.error("Following the in-app browser failed", error);
      return null;
    });
  return () => {
    isStopped = true;
    void listener.then((handle) => handle?.remove());
  };
}

/**
 * On the callback page: when the payment window comes back, the page that was already waiting refreshes at once.
 * On the web the window is the popup, which lands back on /payment-callback and then closes itself; in the apps
 * it is the in-app browser, closed by the payer or by the shell.
 */
export function usePaymentWindowReturn(paymentId: string | null, onReturned: () => void) {
  const latest = useRef(onReturned);
  latest.current = onReturned;
  useEffect(() => {
    if (!paymentId) return;
    if (isNativePlatform()) return watchInAppBrowser(() => latest.current());
    return watchPaymentWindow(paymentId, {
      onReturned: () => latest.current(),
      onHandedOver: closeThisWindow,
    });
  }, [paymentId]);
}
