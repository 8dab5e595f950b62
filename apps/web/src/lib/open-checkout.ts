import type { CheckoutReturnTarget } from "@esim/shared/checkout/contracts";
import { translate } from "./i18n.ts";
import { openPaymentWindow } from "./payment-window.ts";
import { isNativePlatform, loadNativePlugins } from "./platform.ts";

/** Something to read in the blank popup while the order is created (same origin until the checkout loads). */
function showWaitingMessage(popup: Window): void {
  try {
    popup.document.title = translate("payment.modal.title");
    popup.document.body.textContent = translate("payment.popupWaiting");
  } catch {
    // A reused window already on the gateway's origin: nothing to write, it is about to move anyway.
  }
}

/** Where the gateway's checkout page is shown, prepared before the order exists. */
export interface CheckoutWindow {
  /** Where the gateway sends the payer back: the web's /payment-callback, or the app's /success and /failure links. */
  returnTo: CheckoutReturnTarget;
  /** Shows the gateway's checkout page. */
  show: (checkoutUrl: string) => void;
  /** Gives up (the order could not be created). */
  close: () => void;
}

/**
 * The checkout in the system's in-app browser (SFSafariViewController, Custom Tabs), never in our own web view:
 * the card details stay with the gateway and the browser's padlock shows whose page it is. The gateway sends the
 * payer back to an App Link, which the native shell opens in the app.
 */
function openNativeCheckout(): CheckoutWindow {
  return {
    returnTo: "app",
    show: (checkoutUrl) => {
      loadNativePlugins()
        .then(({ Browser }) => Browser.open({ url: checkoutUrl }))
        .catch((error: unknown) => {
          console.error("Opening the checkout in the in-app browser failed", error);
          // Capacitor hands a window.open of another site to the system browser, not to our web view.
          window.open(checkoutUrl, "_blank");
        });
    },
    close: () => {},
  };
}

/** Where the gateway sends this platform's payer back (also sent for a free order, which opens no checkout). */
export function checkoutReturnTarget(): CheckoutReturnTarget {
  return isNativePlatform() ? "app" : "web";
}

/**
 * The one platform-specific step of paying (the popup flow differs for iOS, Android and
 * web). Call it synchronously in the click handler, before any await.
 * - web: a popup opened blank now, pointed at the checkout once the order exists; null when the browser blocks it.
 * - ios / android: Capacitor's Browser once the order exists (nothing can block it), with `returnTo: "app"`.
 */
export function openCheckout(): CheckoutWindow | null {
  if (isNativePlatform()) return openNativeCheckout();
  const popup = openPaymentWindow();
  if (!popup) return null;
  showWaitingMessage(popup);
  return {
    returnTo: "web",
    show: (checkoutUrl) => {
      popup.location.href = checkoutUrl;
    },
    close: () => popup.close(),
  };
}
