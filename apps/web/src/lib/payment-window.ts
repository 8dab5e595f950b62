// The web payment window (a popup) and how it talks to the window that opened it. A popup that lands back on
// /payment-callback says so on a BroadcastChannel; a callback page already watching the same payment answers,
// refreshes at once, and the popup closes itself. Without an answer the popup stays and shows the result.

export const PAYMENT_WINDOW_NAME = "esim-payment";
const CHANNEL_NAME = "esim-payment";

type PaymentWindowMessage = { type: "returned"; paymentId: string } | { type: "watching"; paymentId: string };

/**
 * Opens (or reuses) the payment popup, blank for now. Must run synchronously inside the click that asked for
 * it, before any await, or the browser blocks it. Null when blocked.
 */
export function openPaymentWindow(): Window | null {
  try {
    return window.open("", PAYMENT_WINDOW_NAME);
  } catch {
    return null;
  }
}

/**
 * Joins the payment's channel from a callback page. `onReturned` runs when the payment window comes back
 * for this payment (refresh now); `onHandedOver` when another page already watches it (this one is the popup:
 * close it). Returns the function that leaves the channel.
 */
export function watchPaymentWindow(
  paymentId: string,
  handlers: { onReturned: () => void; onHandedOver: () => void },
): () => void {
  if (typeof BroadcastChannel === "undefined") return () => {};
  const channel = new BroadcastChannel(CHANNEL_NAME);
  channel.onmessage = (event: MessageEvent<PaymentWindowMessage>) => {
    if (event.data?.paymentId !== paymentId) return;
    if (event.data.type === "returned") {
      channel.postMessage({ type: "watching", paymentId } satisfies PaymentWindowMessage);
      handlers.onReturned();
    } else if (event.data.type === "watching") {
      handlers.onHandedOver();
    }
  };
  channel.postMessage({ type: "returned", paymentId } satisfies PaymentWindowMessage);
  return () => channel.close();
}

/** Closes this window if a script opened it (the payment popup); browsers ignore it for other windows. */
export function closeThisWindow(): void {
  window.close();
}
