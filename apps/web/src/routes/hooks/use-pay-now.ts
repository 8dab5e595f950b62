import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useNavigate } from "react-router";
import type { PayState } from "../../features/checkout/hooks/use-pay-flow.ts";
import { orderQueryKey } from "../../features/orders/api/get-order.ts";
import { payOrderRequest } from "../../features/orders/api/pay-order.ts";
import { openCheckout } from "../../lib/open-checkout.ts";

/**
 * Pay now, from an order's page: the summary's payment modal, then (on Continue) the same payment window as the
 * summary (the web's popup opened in the click, the apps' in-app browser with their return links), the order's
 * checkout asked for (a fresh one once the last expired), the window sent to it and this window to
 * /payment-callback. An order the server says is paid meanwhile is shown paid instead.
 */
export function usePayNow(options: { orderId: string | undefined; queryId: string }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [state, setState] = useState<PayState>({ step: "idle" });

  /** Runs in the Continue click: nothing may be awaited before the window opens. */
  const pay = () => {
    const { orderId } = options;
    if (!orderId) return;
    const checkoutWindow = openCheckout();
    if (!checkoutWindow) {
      setState({ step: "blocked" });
      return;
    }
    setState({ step: "creating" });
    const body = checkoutWindow.returnTo === "app" ? { returnTo: "app" as const } : {};
    void payOrderRequest(orderId, body).then(
      ({ order, payment }) => {
        if (payment.checkoutUrl === null) {
          checkoutWindow.close();
          queryClient.setQueryData(orderQueryKey(options.queryId), order);
          setState({ step: "idle" });
          return;
        }
        checkoutWindow.show(payment.checkoutUrl);
        navigate(`/payment-callback?${new URLSearchParams({ paymentId: payment.id })}`);
      },
      (error: unknown) => {
        checkoutWindow.close();
        void queryClient.invalidateQueries({ queryKey: orderQueryKey(options.queryId) });
        setState({ step: "failed", error });
      },
    );
  };

  return {
    state,
    ask: () => setState({ step: "confirming" }),
    cancel: () => setState((current) => (current.step === "creating" ? current : { step: "idle" })),
    pay,
  };
}
