import { useReducer, useRef } from "react";
import { useNavigate } from "react-router";
import { ApiError } from "../../../lib/api-client.ts";
import { type CreateOrderBody, createOrderRequest } from "../api/create-order.ts";
import { openCheckout } from "./open-checkout.ts";

export type PayState =
  | { step: "idle" }
  /** The payment modal asks to continue. */
  | { step: "confirming" }
  | { step: "creating" }
  | { step: "blocked" }
  | { step: "failed"; error: unknown };

type PayAction =
  | { type: "ask" }
  | { type: "create" }
  | { type: "blocked" }
  | { type: "failed"; error: unknown }
  | { type: "cancel" };

function reducer(state: PayState, action: PayAction): PayState {
  switch (action.type) {
    case "ask":
      return state.step === "idle" ? { step: "confirming" } : state;
    case "create":
      return { step: "creating" };
    case "blocked":
      return { step: "blocked" };
    case "failed":
      return { step: "failed", error: action.error };
    case "cancel":
      return state.step === "creating" ? state : { step: "idle" };
  }
}

export type OrderRequest = Omit<CreateOrderBody, "clientReference" | "returnTo">;

/**
 * Pay: the modal, then (on Continue) the payment window opened first (the web's popup; the apps open their
 * in-app browser once the order exists), the order created, the window sent to the checkout and this window to
 * /payment-callback. One `clientReference` per attempt: a retry of the same cart and billing reuses it, so the
 * server answers the same order instead of a second one.
 */
export function usePayFlow() {
  const navigate = useNavigate();
  const [state, dispatch] = useReducer(reducer, { step: "idle" });
  const attempt = useRef<{ key: string; reference: string } | null>(null);

  const referenceFor = (request: OrderRequest): string => {
    const key = JSON.stringify(request);
    if (attempt.current?.key !== key) attempt.current = { key, reference: crypto.randomUUID() };
    return attempt.current.reference;
  };

  /** Runs in the Continue click: nothing may be awaited before the window opens. */
  const pay = (request: OrderRequest) => {
    const checkoutWindow = openCheckout();
    if (!checkoutWindow) {
      dispatch({ type: "blocked" });
      return;
    }
    dispatch({ type: "create" });
    const clientReference = referenceFor(request);
    // The web keeps the default return (the browser's /payment-callback); the apps ask for their App Links.
    const returnTo = checkoutWindow.returnTo === "app" ? { returnTo: "app" as const } : {};
    void createOrderRequest({ ...request, ...returnTo, clientReference }).then(
      ({ payment }) => {
        checkoutWindow.show(payment.checkoutUrl);
        navigate(`/payment-callback?${new URLSearchParams({ paymentId: payment.id })}`);
      },
      (error: unknown) => {
        checkoutWindow.close();
        // The server saw this reference with another cart: the next try is a new attempt.
        if (error instanceof ApiError && error.code === "IDEMPOTENCY_CONFLICT") attempt.current = null;
        dispatch({ type: "failed", error });
      },
    );
  };

  return {
    state,
    ask: () => dispatch({ type: "ask" }),
    cancel: () => dispatch({ type: "cancel" }),
    pay,
  };
}
