import { useEffect, useState } from "react";
import { useLocation, useNavigate } from "react-router";

/**
 * The history state with which the payment pages open /summary after a payment cancelled on the gateway's page:
 * the summary says so, once.
 */
export const PAYMENT_CANCELED_STATE = { notice: "paymentCanceled" } as const;
export type PaymentCanceledState = typeof PAYMENT_CANCELED_STATE;

function isPaymentCanceledState(state: unknown): boolean {
  return (
    typeof state === "object" &&
    state !== null &&
    (state as { notice?: unknown }).notice === PAYMENT_CANCELED_STATE.notice
  );
}

/**
 * Whether to say the payment was cancelled: read once from the history entry, whose state is then cleared, so a
 * reload or a return to this entry does not say it again.
 */
export function usePaymentCanceledNotice(): boolean {
  const location = useLocation();
  const navigate = useNavigate();
  const [isShown] = useState(() => isPaymentCanceledState(location.state));
  useEffect(() => {
    if (!isPaymentCanceledState(location.state)) return;
    navigate(
      { pathname: location.pathname, search: location.search, hash: location.hash },
      { replace: true, state: null },
    );
  }, [location, navigate]);
  return isShown;
}
