import { useEffect, useRef } from "react";
import { closeThisWindow, watchPaymentWindow } from "../../../lib/payment-window.ts";

/**
 * On the callback page: when the payment popup comes back here for the same payment, the page that was
 * already waiting refreshes at once and the popup closes itself.
 */
export function usePaymentWindowReturn(paymentId: string | null, onReturned: () => void) {
  const latest = useRef(onReturned);
  latest.current = onReturned;
  useEffect(() => {
    if (!paymentId) return;
    return watchPaymentWindow(paymentId, {
      onReturned: () => latest.current(),
      onHandedOver: closeThisWindow,
    });
  }, [paymentId]);
}
