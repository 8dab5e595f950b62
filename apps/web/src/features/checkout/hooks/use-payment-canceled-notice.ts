import type { OrderSummary } from "@esim/shared/checkout/contracts";
import { useEffect, useState } from "react";
import { useLocation, useNavigate } from "react-router";

/**
 * The history state with which the payment pages open /summary after a payment cancelled on the gateway's page:
 * the summary says so, once, and fills its form with the billing details of the cancelled order.
 */
export interface PaymentCanceledState {
  notice: "paymentCanceled";
  billing: OrderSummary["billing"];
}

export function paymentCanceledState(order: Pick<OrderSummary, "billing">): PaymentCanceledState {
  return { notice: "paymentCanceled", billing: order.billing };
}

function isPaymentCanceledState(state: unknown): state is PaymentCanceledState {
  return typeof state === "object" && state !== null && (state as { notice?: unknown }).notice === "paymentCanceled";
}

/**
 * After a payment cancelled on the gateway's page: whether to say so and the billing details given for it, read once
 * from the history entry, whose state is then cleared, so a reload or a return to this entry does not say it again.
 */
export function usePaymentCanceledNotice(): { isShown: boolean; billing: OrderSummary["billing"] | null } {
  const location = useLocation();
  const navigate = useNavigate();
  const [canceled] = useState(() => (isPaymentCanceledState(location.state) ? location.state : null));
  useEffect(() => {
    if (!isPaymentCanceledState(location.state)) return;
    navigate(
      { pathname: location.pathname, search: location.search, hash: location.hash },
      { replace: true, state: null },
    );
  }, [location, navigate]);
  return { isShown: canceled !== null, billing: canceled?.billing ?? null };
}
