import { translate } from "../../../lib/i18n.ts";
import { openPaymentWindow } from "../../../lib/payment-window.ts";
import { getPlatform } from "../../../lib/platform.ts";

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
  /** Shows the gateway's checkout page. */
  show: (checkoutUrl: string) => void;
  /** Gives up (the order could not be created). */
  close: () => void;
}

/**
 * The one platform-specific step of paying (product description §2: the popup flow differs for iOS, Android and
 * web). Call it synchronously in the click handler, before any await.
 * - web: a popup opened blank now, pointed at the checkout once the order exists; null when the browser blocks it.
 * - ios / android: the native issue opens the checkout with Capacitor Browser here; until then the system browser.
 */
export function openCheckout(): CheckoutWindow | null {
  if (getPlatform() !== "web") {
    return {
      show: (checkoutUrl) => {
        window.open(checkoutUrl, "_system");
      },
      close: () => {},
    };
  }
  const popup = openPaymentWindow();
  if (!popup) return null;
  showWaitingMessage(popup);
  return {
    show: (checkoutUrl) => {
      popup.location.href = checkoutUrl;
    },
    close: () => popup.close(),
  };
}
